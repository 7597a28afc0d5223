import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { serveApi } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { buildCatalogue, gridOf } from '../test/casino-fixtures';
import { renderCasino } from '../test/render-casino';

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the lobby frame page', () => {
  it('frames the stored game URL (lotus_url), as the crash-game landing leaves it', async () => {
    localStorage.setItem(STORAGE_KEYS.lobbyUrl, '/games/test/mac/?token=t1&game=sbe_aviator');
    const seen = serveApi({});
    renderCasino('/lobby');

    const frame = screen.getByTitle('Casino game');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/games/test/mac/?token=t1&game=sbe_aviator');
    expect(frame.getAttribute('allow')).toBe('autoplay; fullscreen');
    expect(screen.getByRole('heading', { level: 1, name: 'Casino' })).toBeTruthy();
    // Nothing is launched again: the stored URL is the game.
    expect(seen).toEqual([]);

    await act(() => chooseLanguage('hi'));
    expect(screen.getByTitle('कसीनो गेम')).toBeTruthy();
  });

  it('frames a provider on another origin, and never a script address', () => {
    localStorage.setItem(STORAGE_KEYS.lobbyUrl, 'https://games.provider.example/launch?t=1');
    const first = renderCasino('/lobby');
    expect(screen.getByTitle('Casino game').getAttribute('src')).toBe(
      'https://games.provider.example/launch?t=1',
    );
    first.unmount();

    localStorage.setItem(STORAGE_KEYS.lobbyUrl, 'javascript:alert(document.cookie)');
    renderCasino('/lobby');
    expect(screen.queryByTitle('Casino game')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This game’s address cannot be shown here.');
    expect(within(alert).getByRole('link', { name: 'Back to the casino' })).toBeTruthy();
  });

  it('says no game is open and leads back to the casino when none was launched', async () => {
    renderCasino('/lobby');
    expect(screen.getByText('No game is open. Choose one in the casino.')).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Back to the casino' });
    expect(back.getAttribute('href')).toBe('/casino');
    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('link', { name: 'कसीनो पर वापस' })).toBeTruthy();
  });

  it("opens the Dream provider's own lobby from its section (Casino/GetDreamUrl)", async () => {
    const games = buildCatalogue();
    const seen = serveApi({
      'InternationalCasino/GetGames': () => jsonResponse(okEnvelope(games)),
      'Casino/GetGrid': () => jsonResponse(okEnvelope(gridOf(games))),
      'Casino/GetDreamUrl': () =>
        jsonResponse(okEnvelope({ url: '/games/test/dream/?token=lobby-1' })),
    });
    const { router } = renderCasino('/lobby-page/dream');
    fireEvent.click(await screen.findByRole('button', { name: 'Open the Dream lobby' }));

    expect((await screen.findByTitle('Dream lobby')).getAttribute('src')).toBe(
      '/games/test/dream/?token=lobby-1',
    );
    expect(router.state.location.pathname).toBe('/lobby');
    const call = seen.find((r) => r.url.pathname === '/api/Casino/GetDreamUrl');
    expect(call?.method).toBe('GET');
    expect(call?.url.searchParams.get('language')).toBe('en');
    expect(localStorage.getItem(STORAGE_KEYS.lobbyUrl)).toBe('/games/test/dream/?token=lobby-1');
  });

  it('launches once for one request, and a reload of the page frames the game without launching again', async () => {
    let launches = 0;
    serveApi({
      'Casino/LaunchMac': () => {
        launches += 1;
        return jsonResponse(okEnvelope({ url: `/games/test/mac/?token=t${launches}` }));
      },
    });
    const state = {
      open: {
        kind: 'game',
        game: { gameCode: 'sbe_aviator', gameId: 201206, provider: 'mac', name: 'Sky Ace' },
      },
      launched: false,
      from: '/casino',
    };
    const { router, unmount } = renderCasino({ pathname: '/lobby', state });
    expect(screen.getByText('Opening Sky Ace…')).toBeTruthy();
    expect((await screen.findByTitle('Sky Ace')).getAttribute('src')).toBe(
      '/games/test/mac/?token=t1',
    );
    const after = router.state.location.state;
    unmount();

    // The history entry now says the game was launched: opening it again only frames it.
    renderCasino({ pathname: '/lobby', state: after });
    expect(screen.getByTitle('Sky Ace').getAttribute('src')).toBe('/games/test/mac/?token=t1');
    expect(launches).toBe(1);
  });
});
