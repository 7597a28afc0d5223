import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SESSION, sessionStore } from '../shared/session/session-store';
import { STORAGE_KEYS } from '../shared/storage/storage-keys';
import {
  buildSettingsResponse,
  buildUserInfoResult,
  jsonResponse,
  okEnvelope,
  unauthorizedEnvelope,
} from '../shared/test/fixtures';
import { toastStore } from '../shared/toasts/toast-store';
import { renderApp } from './app-test-kit';
import { SESSION_ENDED_MESSAGE } from './routing/session-ends';

const DEFAULTS = {
  defaultLogo: '/cdn/assets/_default/logo.svg',
  loginBackground: '/cdn/assets/_default/login-background.svg',
  primaryColour: '#7367F0',
};

/** Serves the settings files and the API; `api` answers by path under /api/. */
function serve(api: Record<string, () => Response>) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname === '/cdn/settings/default.json') return jsonResponse(DEFAULTS);
    if (url.pathname === '/cdn/settings/test.json') return jsonResponse(buildSettingsResponse());
    const answer = api[url.pathname.replace(/^\/api\//, '')];
    if (!answer) throw new TypeError(`unexpected request ${url.pathname}`);
    return answer();
  });
  vi.stubGlobal('fetch', fetchImpl);
  return fetchImpl;
}

/**
 * Waits for the router to reach a path, then lets React show it. A navigation a fetch's
 * answer starts (a 401) runs outside `act`, and its render can otherwise wait in React's
 * test queue for the next update.
 */
async function settledAt(router: { state: { location: { pathname: string } } }, path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
  await act(async () => undefined);
}

function storeSession(expiresAtMs: number) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1-0123456789abcdef');
  localStorage.setItem(STORAGE_KEYS.expireIn, String(expiresAtMs));
  localStorage.setItem(
    STORAGE_KEYS.userInfo,
    JSON.stringify({ userId: 'd1', userName: 'Demo', isDemo: true, balance: 1500, exposure: 0 }),
  );
  localStorage.setItem(STORAGE_KEYS.openBets, '[]');
  localStorage.setItem(STORAGE_KEYS.baseUrl, '/api/');
}

beforeEach(() => {
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session in the app', () => {
  it("shows the player's name, balance and exposure in the header, refreshed from the server", async () => {
    storeSession(Date.now() + 600_000);
    serve({
      'Setting/GetSetting': () =>
        jsonResponse(
          okEnvelope(
            buildUserInfoResult({
              userName: 'Demo',
              isDemo: true,
              balance: 2345.5,
              exposure: 12.25,
            }),
          ),
        ),
    });

    renderApp('/bet-history');

    expect((await screen.findByTestId('user-name')).textContent).toBe('Demo');
    await waitFor(() => expect(screen.getByTestId('wallet-balance').textContent).toBe('2,345.50'));
    expect(screen.getByTestId('wallet-exposure').textContent).toBe('12.25');
  });

  it('gives a logged-in player the phone’s bottom bar over the page, and a guest none', async () => {
    storeSession(Date.now() + 600_000);
    serve({ 'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult())) });
    const { router } = renderApp('/bet-history');

    const bar = await screen.findByTestId('bottom-nav');
    // The shell class gives the page its room above the bar (bottom-nav.css).
    expect(bar.closest('.shell')?.classList.contains('shell--bottom-nav')).toBe(true);

    await act(() => router.navigate('/auth/logout'));
    await screen.findByTestId('login-page');
    await act(() => router.navigate('/underConstruction'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Under construction' });
    expect(heading.closest('.shell')?.classList.contains('shell--bottom-nav')).toBe(false);
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
  });

  it('logs out from the header: storage cleared but the base URL, cache emptied, at login', async () => {
    storeSession(Date.now() + 600_000);
    serve({ 'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult())) });
    const { router, queryClient } = renderApp('/bet-history');
    await screen.findByTestId('user-name');
    await waitFor(() => expect(queryClient.getQueryData(['user-info'])).toBeDefined());

    fireEvent.click(screen.getByRole('button', { name: /alice|Demo/ }));
    await act(async () => {
      fireEvent.click(
        within(screen.getByTestId('user-menu')).getByRole('button', { name: 'Logout' }),
      );
    });

    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/auth/login');
    for (const key of [
      STORAGE_KEYS.accessToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.expireIn,
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.openBets,
    ]) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.baseUrl)).toBe('/api/');
    expect(queryClient.getQueryData(['user-info'])).toBeUndefined();
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.baseUrl]);
    // The site's own settings stay loaded: they are not the player's.
    expect(queryClient.getQueryData(['domain-settings'])).toBeDefined();
  });

  it('sends the player to login when a call answers 401 mid-session', async () => {
    storeSession(Date.now() + 600_000);
    serve({
      'Setting/GetSetting': () => jsonResponse(unauthorizedEnvelope(), 401),
      'Account/GetUserLoginAttempts': () => jsonResponse(unauthorizedEnvelope(), 401),
    });

    const { router } = renderApp('/change-password');

    await settledAt(router, '/auth/login');
    await screen.findByTestId('login-page');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userInfo)).toBeNull();
    const toasts = within(screen.getByTestId('toasts')).getAllByTestId('toast');
    expect(toasts.map((t) => t.textContent)).toContain(SESSION_ENDED_MESSAGE);
    // The way to login is the logout route, which logs out in full (spec §4).
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.openBets)).toBeNull());
    expect(localStorage.getItem(STORAGE_KEYS.baseUrl)).toBe('/api/');
    await screen.findByLabelText('Username');
  });

  it('logs an expired session out on reload, so an auth route goes to login', async () => {
    storeSession(Date.now() - 1);
    serve({});

    const { router } = renderApp('/change-button-values');

    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe(
      '/change-button-values',
    );
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.openBets)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.baseUrl)).toBe('/api/');
  });

  it('logs out in full when /auth/logout is opened directly, and lands on the login form', async () => {
    storeSession(Date.now() + 600_000);
    localStorage.setItem(STORAGE_KEYS.lobbyUrl, '/games/crash');
    localStorage.setItem(STORAGE_KEYS.uiPreferences, '{"showBalance":false}');
    serve({ 'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult())) });

    const { router, queryClient } = renderApp('/auth/logout');

    await screen.findByLabelText('Username');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(sessionStore.getState()).toEqual(EMPTY_SESSION);
    // What the player left is gone; the base URL stays, and the site's own settings, which
    // this very page load stored again, are all else there is.
    expect(Object.keys(localStorage).sort()).toEqual(
      [STORAGE_KEYS.baseUrl, STORAGE_KEYS.domainSetting, STORAGE_KEYS.siteSuspended].sort(),
    );
    expect(localStorage.getItem(STORAGE_KEYS.baseUrl)).toBe('/api/');
    expect(queryClient.getQueryData(['user-info'])).toBeUndefined();
    expect(screen.queryByTestId('user-name')).toBeNull();

    // Logged out: a player page now asks for a login.
    await act(() => router.navigate('/bet-history'));
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('/bet-history');
  });

  it('logs out in full when the app navigates to /auth/logout, clearing the cache once there', async () => {
    storeSession(Date.now() + 600_000);
    serve({ 'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult())) });
    const { router, queryClient } = renderApp('/bet-history');
    await screen.findByTestId('user-name');
    await waitFor(() => expect(queryClient.getQueryData(['user-info'])).toBeDefined());

    await act(() => router.navigate('/auth/logout'));

    await screen.findByLabelText('Username');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.baseUrl]);
    await waitFor(() => expect(queryClient.getQueryData(['user-info'])).toBeUndefined());
    expect(queryClient.getQueryData(['domain-settings'])).toBeDefined();
  });

  it('offers a logged-in player at /auth/login to continue or log out', async () => {
    storeSession(Date.now() + 600_000);
    serve({ 'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult())) });
    const { router } = renderApp('/auth/login?to=%2Fbet-history');

    const offer = await screen.findByTestId('logged-in');
    await act(async () => {
      fireEvent.click(within(offer).getByRole('link', { name: 'Continue' }));
    });
    await screen.findByTestId('user-name');
    expect(router.state.location.pathname).toBe('/bet-history');

    await act(() => router.navigate('/auth/login'));
    // Found before the act: inside one, a render still to come never shows up.
    const logOut = await screen.findByRole('button', { name: 'Log out' });
    await act(async () => {
      fireEvent.click(logOut);
    });
    await screen.findByLabelText('Username');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.baseUrl]);
  });
});
