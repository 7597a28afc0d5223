import { CASINO_LAUNCH_REFUSALS } from '@backlay/contract/casino';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { FAVOURITES_KEY, RECENT_GAMES_KEY } from '../model/game-lists';
import { buildCatalogue, gridOf } from '../test/casino-fixtures';
import { renderCasino } from '../test/render-casino';

const games = buildCatalogue();
const catalogue = {
  'InternationalCasino/GetGames': () => jsonResponse(okEnvelope(games)),
  'Casino/GetGrid': () => jsonResponse(okEnvelope(gridOf(games))),
};
const gameUrl = (provider: string, code: string) =>
  `/games/test/${provider}/?token=t-${code}&game=${code}`;
const launched = (provider: string) => (request: SeenRequest) => {
  const { gameCode } = request.json as { gameCode: string };
  return jsonResponse(okEnvelope({ url: gameUrl(provider, gameCode) }));
};
const calls = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.url.pathname === `/api/${path}`);

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the casino lobby', () => {
  it("shows the brand's rows of games with the catalogue's thumbnails, in Hindi too", async () => {
    serveApi(catalogue);
    renderCasino('/casino');

    expect(screen.getByRole('heading', { level: 1, name: 'Casino' })).toBeTruthy();
    const crash = await screen.findByRole('list', { name: 'Crash games' });
    const tiles = within(crash).getAllByRole('button', { name: /^Play / });
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Play Sky Ace',
      'Play Kite Flyer',
    ]);
    expect(tiles[0]?.querySelector('img')?.getAttribute('src')).toBe(
      '/cdn/casino/thumbs/sbe_aviator.svg',
    );
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Crash games', 'Card games', 'Table games', 'Slots']);
    expect(screen.getByRole('link', { name: 'See all: Slots' }).getAttribute('href')).toBe(
      '/lobby-page/slots',
    );

    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('heading', { level: 1, name: 'कसीनो' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'क्रैश गेम' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sky Ace खेलें' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'गेम खोजें' })).toBeTruthy();
  });

  it('searches every game by name or provider, keeps the search in the URL, and says when none match', async () => {
    serveApi(catalogue);
    const { router } = renderCasino('/casino');
    const search = await screen.findByRole('searchbox', { name: 'Search games' });
    await screen.findByRole('list', { name: 'Crash games' });

    fireEvent.change(search, { target: { value: 'teen' } });
    const results = await screen.findByRole('list', { name: 'Results for “teen”' });
    expect(
      within(results)
        .getAllByRole('button', { name: /^Play / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Play Teen Patti Royale']);
    expect(screen.queryByRole('list', { name: 'Crash games' })).toBeNull();
    expect(router.state.location.search).toBe('?q=teen');

    fireEvent.change(search, { target: { value: 'dream' } });
    expect(
      within(await screen.findByRole('list', { name: 'Results for “dream”' })).getAllByRole(
        'button',
        { name: /^Play / },
      ),
    ).toHaveLength(2);

    fireEvent.change(search, { target: { value: 'blackjack' } });
    expect(await screen.findByText('No games match “blackjack”.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('list', { name: 'Crash games' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it("opens a category's and a provider's section from the chips, and names a section it lacks", async () => {
    serveApi(catalogue);
    const { router } = renderCasino('/casino');
    const sections = await screen.findByRole('navigation', { name: 'Casino sections' });

    fireEvent.click(within(sections).getByRole('link', { name: 'Card games' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby-page/cards'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Card games' })).toBeTruthy();
    expect(screen.getByText('1 game')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Card games' }).getAttribute('aria-current')).toBe(
      'page',
    );

    fireEvent.click(screen.getByRole('link', { name: 'Dream' }));
    const dream = await screen.findByRole('list', { name: 'Dream' });
    expect(
      within(dream)
        .getAllByRole('button', { name: /^Play / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Play Kite Flyer', 'Play Temple Gold']);

    await act(() => router.navigate('/lobby-page/Evolution'));
    const missing = (await screen.findByText('This casino has no such section.')).parentElement;
    expect(
      within(missing as HTMLElement)
        .getByRole('link', { name: 'All games' })
        .getAttribute('href'),
    ).toBe('/casino');
  });

  it('keeps a starred game among the favourites on this device, first in the lobby', async () => {
    serveApi(catalogue);
    const { router } = renderCasino('/casino');
    await screen.findByRole('list', { name: 'Crash games' });
    expect(screen.queryByRole('heading', { level: 2, name: 'Favourites' })).toBeNull();

    const star = screen.getByRole('button', { name: 'Favourite: Temple Gold' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);

    expect(star.getAttribute('aria-pressed')).toBe('true');
    const favourites = await screen.findByRole('list', { name: 'Favourites' });
    expect(within(favourites).getByRole('button', { name: 'Play Temple Gold' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toBe('Favourites');
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? 'null')).toEqual({
      player: 'u1',
      games: ['dream_temple_gold'],
    });

    await act(() => router.navigate('/lobby-page/favourites'));
    const section = await screen.findByRole('list', { name: 'Favourites' });
    fireEvent.click(within(section).getByRole('button', { name: 'Favourite: Temple Gold' }));
    expect(
      await screen.findByText('No favourites yet. Tap the star on a game to keep it here.'),
    ).toBeTruthy();
  });

  it("shows the games played on this device first, but not another player's", async () => {
    localStorage.setItem(
      RECENT_GAMES_KEY,
      JSON.stringify({ player: 'u1', games: ['king_roulette', 'sbe_aviator'] }),
    );
    serveApi(catalogue);
    renderCasino('/casino');

    const recent = await screen.findByRole('list', { name: 'Recently played' });
    expect(
      within(recent)
        .getAllByRole('button', { name: /^Play / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Play Royal Roulette', 'Play Sky Ace']);
    expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toBe('Recently played');

    logInPlayer({ userId: 'u2' });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Recently played' })).toBeNull());
  });

  it("launches a game by its own provider's call, stores lotus_url and frames it in the lobby", async () => {
    const seen = serveApi({
      ...catalogue,
      'Casino/LaunchDream': launched('dream'),
      'Casino/LaunchKing': launched('king'),
      'Casino/LaunchMac': launched('mac'),
    });
    const { router } = renderCasino('/casino?q=kite');
    fireEvent.click(await screen.findByRole('button', { name: 'Play Kite Flyer' }));

    const frame = await screen.findByTitle('Kite Flyer');
    expect(frame.getAttribute('src')).toBe(gameUrl('dream', 'dream_kite_flyer'));
    expect(router.state.location.pathname).toBe('/lobby');
    expect(screen.getByRole('heading', { level: 1, name: 'Kite Flyer' })).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.lobbyUrl)).toBe(gameUrl('dream', 'dream_kite_flyer'));
    expect(calls(seen, 'Casino/LaunchDream').map((r) => r.json)).toEqual([
      {
        userId: 'u1',
        gameCode: 'dream_kite_flyer',
        gameId: 101001,
        country: 'IN',
        language: 'en',
        returnUrl: '/casino?q=kite',
      },
    ]);
    expect(calls(seen, 'Casino/LaunchDream')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-1',
    );
    expect(JSON.parse(localStorage.getItem(RECENT_GAMES_KEY) ?? 'null')).toEqual({
      player: 'u1',
      games: ['dream_kite_flyer'],
    });

    // Each provider's games go to that provider's call.
    for (const [name, path] of [
      ['Royal Roulette', 'Casino/LaunchKing'],
      ['Teen Patti Royale', 'Casino/LaunchMac'],
    ] as const) {
      await act(() => router.navigate('/casino'));
      fireEvent.click(await screen.findByRole('button', { name: `Play ${name}` }));
      expect(await screen.findByTitle(name)).toBeTruthy();
      expect(calls(seen, path)).toHaveLength(1);
    }
    expect(calls(seen, 'Casino/LaunchDream')).toHaveLength(1);
  });

  it('says why a launch was refused, in Hindi too, and offers to try again or go back', async () => {
    let refuse = true;
    serveApi({
      ...catalogue,
      'Casino/LaunchMac': (request) =>
        refuse
          ? jsonResponse(
              {
                ...failedEnvelope(CASINO_LAUNCH_REFUSALS.ON_BREAK, 'FORBIDDEN'),
                error: {
                  code: 'FORBIDDEN',
                  message: CASINO_LAUNCH_REFUSALS.ON_BREAK,
                  details: 'ON_BREAK',
                },
              },
              403,
            )
          : launched('mac')(request),
    });
    const { router } = renderCasino('/lobby-page/crash');
    fireEvent.click(await screen.findByRole('button', { name: 'Play Sky Ace' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sky Ace could not be opened.');
    expect(alert.textContent).toContain(CASINO_LAUNCH_REFUSALS.ON_BREAK);
    expect(screen.queryByTitle('Sky Ace')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.lobbyUrl)).toBeNull();
    expect(
      within(alert).getByRole('link', { name: 'Back to the casino' }).getAttribute('href'),
    ).toBe('/lobby-page/crash');

    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('alert').textContent).toContain(
      'आप खेल से ब्रेक पर हैं, इसलिए ब्रेक खत्म होने तक गेम नहीं खुल सकते।',
    );
    await act(() => chooseLanguage('en'));

    refuse = false;
    fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTitle('Sky Ace')).getAttribute('src')).toBe(
      gameUrl('mac', 'sbe_aviator'),
    );
    expect(router.state.location.pathname).toBe('/lobby');
  });

  it('says when the games cannot be loaded and loads them again on request', async () => {
    let fail = true;
    serveApi({
      'InternationalCasino/GetGames': () =>
        fail
          ? jsonResponse(failedEnvelope('The casino is resting.', 'UNAVAILABLE'), 503)
          : jsonResponse(okEnvelope(games)),
      'Casino/GetGrid': () => jsonResponse(okEnvelope(gridOf(games))),
    });
    renderCasino('/casino');

    expect((await screen.findByRole('alert')).textContent).toContain(
      'The games could not be loaded: The casino is resting.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Crash games' })).toBeTruthy();
  });
});
