import { userBalanceMessage } from '@backlay/contract/hub';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAVOURITES_KEY } from '../features/casino/model/game-lists';
import { buildCatalogue, gridOf } from '../features/casino/test/casino-fixtures';
import { createRealtimeClient } from '../shared/hub/connect-hub';
import type { HubClient } from '../shared/hub/hub-client';
import type { DomainSetting } from '@backlay/contract/domain-settings';
import { STORAGE_KEYS } from '../shared/storage/storage-keys';
import {
  buildSettingsResponse,
  buildUserInfoResult,
  failedEnvelope,
  jsonResponse,
  okEnvelope,
} from '../shared/test/fixtures';
import { fakeBuilder, FakeHubConnection } from '../shared/test/fake-hub-connection';
import type { SeenRequest } from '../shared/test/render-page';
import { logInPlayer } from '../shared/test/sports-fixtures';
import { renderApp } from './app-test-kit';

const DEFAULTS = {
  defaultLogo: '/cdn/assets/_default/logo.svg',
  loginBackground: '/cdn/assets/_default/login-background.svg',
  primaryColour: '#7367F0',
};
const NO_SPORTS = {
  football: false,
  tennis: false,
  cricket: false,
  kabaddi: false,
  horseRacing: false,
};
const games = buildCatalogue();
const CRASH_URL = '/games/test/mac/?token=crash-1&game=sbe_aviator';

/** Serves the settings files (the site's as given) and the API by path under /api/. */
function serve(
  setting: Partial<DomainSetting>,
  api: Record<string, (request: SeenRequest) => Response>,
) {
  const seen: SeenRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname === '/cdn/settings/default.json') return jsonResponse(DEFAULTS);
    if (url.pathname === '/cdn/settings/test.json')
      return jsonResponse(buildSettingsResponse(setting));
    const request: SeenRequest = {
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      json: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const answer = api[url.pathname.replace(/^\/api\//, '')];
    if (!answer) throw new TypeError(`unexpected request ${url.pathname}`);
    return answer(request);
  });
  return seen;
}

const shellApi = {
  'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult({ balance: 1500 }))),
  'InternationalCasino/GetGames': () => jsonResponse(okEnvelope(games)),
  'Casino/GetGrid': () => jsonResponse(okEnvelope(gridOf(games))),
  'Bet/GetUserOpenBets': () =>
    jsonResponse(okEnvelope({ openBets: [], balance: 1500, exposure: 0 })),
  'Bet/GetUserExpectedProfitLoss': () => jsonResponse(okEnvelope([])),
  'Bet/GetUserBetHistory': () => jsonResponse(okEnvelope({ totalCount: 0, items: [] })),
};

let client: HubClient | null = null;
afterEach(async () => {
  await client?.stop();
  client = null;
  vi.unstubAllGlobals();
});

describe('the casino in the app', () => {
  it('lands a player of a casino-only brand in the crash game, in the casino layout', async () => {
    logInPlayer({ userId: 7 });
    const seen = serve(
      { domain: 'aviatorclub.in', ...NO_SPORTS },
      {
        ...shellApi,
        'Casino/LaunchMac': () => jsonResponse(okEnvelope({ url: CRASH_URL })),
      },
    );
    const { router } = renderApp('/');

    const frame = await screen.findByTitle('Casino game');
    expect(router.state.location.pathname).toBe('/lobby');
    expect(frame.getAttribute('src')).toBe(CRASH_URL);
    expect(localStorage.getItem(STORAGE_KEYS.lobbyUrl)).toBe(CRASH_URL);
    expect(seen.find((r) => r.url.pathname === '/api/Casino/LaunchMac')?.json).toEqual({
      userId: 7,
      gameCode: 'sbe_aviator',
      gameId: 201206,
      country: 'IN',
      language: 'en',
    });
    // Spec §4: in the lobby the sports bar does not scroll and a way back is offered; a brand
    // without sports leads back to its games.
    expect(screen.getByTestId('sports-nav').classList.contains('sports-nav--scrollable')).toBe(
      false,
    );
    const back = screen.getByRole('link', { name: 'All games' });
    expect(back.getAttribute('href')).toBe('/casino');
    fireEvent.click(back);
    expect(await screen.findByRole('list', { name: 'Crash games' })).toBeTruthy();
    expect(screen.getByTestId('sports-nav').classList.contains('sports-nav--scrollable')).toBe(
      true,
    );
  });

  it("lands a casino-only brand's player among its games when the crash game cannot open", async () => {
    logInPlayer();
    serve(
      { domain: 'luckycrash.in', ...NO_SPORTS },
      {
        ...shellApi,
        'Casino/LaunchMac': () =>
          jsonResponse(failedEnvelope('This game provider is not available.', 'UNAVAILABLE'), 503),
      },
    );
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Casino' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/casino');
    expect(localStorage.getItem(STORAGE_KEYS.lobbyUrl)).toBeNull();
  });

  it('opens a game from the lobby in the casino layout, where a balance push reaches the header', async () => {
    logInPlayer();
    serve(
      {},
      {
        ...shellApi,
        'Casino/LaunchMac': () => jsonResponse(okEnvelope({ url: CRASH_URL })),
      },
    );
    const { router, queryClient } = renderApp('/casino');
    const connection = new FakeHubConnection();
    client = createRealtimeClient({
      queryClient,
      describeClient: () => ({ browser: 'test', domain: 'test', currentPage: '/lobby' }),
      createBuilder: () => fakeBuilder(connection),
    });
    await client.start();

    fireEvent.click(await screen.findByRole('button', { name: 'Play Sky Ace' }));
    expect((await screen.findByTitle('Sky Ace')).getAttribute('src')).toBe(CRASH_URL);
    expect(router.state.location.pathname).toBe('/lobby');
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('1,500.00'));

    // A round played in the frame moves the wallet; the hub's push shows at once.
    act(() => connection.push('Message', userBalanceMessage(152_000, 0, 2)));
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('1,520.00'));

    expect(screen.getByTestId('sports-nav').classList.contains('sports-nav--scrollable')).toBe(
      false,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Back to sports' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/lobby'));
    expect(screen.queryByRole('link', { name: 'Back to sports' })).toBeNull();
  });

  it("empties the player's casino games and the launched game on logout", async () => {
    logInPlayer();
    serve({}, shellApi);
    const { router, queryClient } = renderApp('/casino');
    fireEvent.click(await screen.findByRole('button', { name: 'Favourite: Sky Ace' }));
    localStorage.setItem(STORAGE_KEYS.lobbyUrl, CRASH_URL);
    expect(queryClient.getQueryData(['casino-games'])).toEqual(games);
    await waitFor(() => expect(queryClient.getQueryData(['casino-grid'])).toBeDefined());

    await act(() => router.navigate('/auth/logout'));
    await screen.findByTestId('login-page');
    expect(queryClient.getQueryData(['casino-games'])).toBeUndefined();
    expect(queryClient.getQueryData(['casino-grid'])).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.lobbyUrl)).toBeNull();
    expect(localStorage.getItem(FAVOURITES_KEY)).toBeNull();
    expect(within(document.body).queryByTitle('Casino game')).toBeNull();
  });
});
