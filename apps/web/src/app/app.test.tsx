import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_INDICATOR_ID, showLoadingIndicator } from '../shared/loading-indicator';
import { STORAGE_KEYS } from '../shared/storage/storage-keys';
import { buildSettingsResponse, failedEnvelope, jsonResponse } from '../shared/test/fixtures';
import { toastStore } from '../shared/toasts/toast-store';
import { renderApp } from './app-test-kit';

const DEFAULTS = {
  defaultLogo: '/cdn/assets/_default/logo.svg',
  loginBackground: '/cdn/assets/_default/login-background.svg',
  primaryColour: '#7367F0',
};

/**
 * A fetch that serves the default-domain file and answers the domain file as told, and
 * API calls by path under /api/.
 */
function mockCdn(domainFile: () => Promise<Response>, api: Record<string, () => Response> = {}) {
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.startsWith('/cdn/settings/default.json')) return jsonResponse(DEFAULTS);
    if (url.startsWith('/cdn/settings/test.json')) return domainFile();
    const answer = api[new URL(url, window.location.origin).pathname.replace(/^\/api\//, '')];
    if (answer) return answer();
    throw new TypeError(`unexpected request ${url}`);
  });
  vi.stubGlobal('fetch', fetchImpl);
  return fetchImpl;
}

beforeEach(() => {
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the app shell', () => {
  it('shows the settings overlay first, then the routed page once settings load', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchImpl = mockCdn(() => new Promise((resolve) => (answer = resolve)));

    renderApp('/auth/login');

    const overlay = screen.getByTestId('settings-overlay');
    expect(within(overlay).getByTestId('spinner')).toBeTruthy();
    expect(overlay.querySelector('img')).not.toBeNull();
    expect(screen.queryByTestId('login-page')).toBeNull();
    await waitFor(() =>
      expect(fetchImpl.mock.calls.map(([url]) => String(url))).toContainEqual(
        expect.stringMatching(/^\/cdn\/settings\/test\.json\?v=\d+$/),
      ),
    );

    await act(async () => answer(jsonResponse(buildSettingsResponse({ domainTitle: '99Exch' }))));

    const page = await screen.findByTestId('login-page');
    expect(screen.queryByTestId('settings-overlay')).toBeNull();
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Login');
    // Sign-in is open: the form and the demo login can be used.
    expect(within(page).getByRole('button', { name: /^Login$/ })).toHaveProperty('disabled', false);
    expect(within(page).getByRole('button', { name: 'Login with demo ID' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(within(page).getByLabelText('Username')).toHaveProperty('disabled', false);
    await waitFor(() => expect(document.title).toBe('99Exch | Login'));
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('false');
    expect(document.body.getAttribute('data-theme')).toBe('body-bg');
  });

  it('sends a guest from a player page to login, keeping where they were going', async () => {
    mockCdn(async () => jsonResponse(buildSettingsResponse()));

    const { router } = renderApp('/bet-history?page=2');

    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('/bet-history?page=2');
  });

  it('shows a player page behind the guard to a player with a token', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token');
    mockCdn(async () => jsonResponse(buildSettingsResponse()));

    renderApp('/account-cash-statement');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Account statement',
    );
    expect(screen.getByRole('region', { name: 'Account statement' })).toBeTruthy();
  });

  it('goes to maintenance with the server message when settings fail to load', async () => {
    const message = 'No settings exist for the site "test".';
    mockCdn(async () => jsonResponse(failedEnvelope(message), 404));

    const { router } = renderApp('/auth/login');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Under maintenance',
    );
    expect(router.state.location.pathname).toBe('/under-maintenance');
    const toast = within(screen.getByTestId('toasts')).getByTestId('toast');
    expect(toast.getAttribute('data-kind')).toBe('error');
    expect(toast.textContent).toContain(message);
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('true');
  });

  it('sends a suspended domain to maintenance, saying so in a toast', async () => {
    const suspended = buildSettingsResponse({ siteSuspended: true });
    mockCdn(async () => jsonResponse(suspended));

    const { router } = renderApp('/auth/signup');

    await screen.findByRole('heading', { level: 1, name: 'Under maintenance' });
    expect(router.state.location.pathname).toBe('/under-maintenance');
    const shown = await screen.findByTestId('toast');
    expect(shown.dataset.kind).toBe('info');
    expect(shown.textContent).toContain(`${suspended.setting.domainTitle} is under maintenance`);
  });

  it('treats a call refused with SITE_SUSPENDED as a suspended site: toast, flag, maintenance', async () => {
    const message = 'This site is closed for maintenance. Please try again later.';
    mockCdn(async () => jsonResponse(buildSettingsResponse()), {
      'Account/LoginAsDemoUser': () => jsonResponse(failedEnvelope(message, 'SITE_SUSPENDED'), 503),
    });
    const { router } = renderApp('/auth/login');
    await screen.findByTestId('login-page');
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('false');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login with demo ID' }));
    });

    await screen.findByRole('heading', { level: 1, name: 'Under maintenance' });
    expect(router.state.location.pathname).toBe('/under-maintenance');
    expect(localStorage.getItem(STORAGE_KEYS.siteSuspended)).toBe('true');
    // The page and the app both report the refusal; the player reads it once.
    const toasts = within(screen.getByTestId('toasts')).getAllByTestId('toast');
    expect(toasts.map((t) => [t.dataset.kind, t.textContent])).toEqual([['error', message]]);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();

    // Flagged suspended, the guard keeps every other page away.
    await act(() => router.navigate('/auth/signup'));
    expect(router.state.location.pathname).toBe('/under-maintenance');
  });

  it('redirects unknown paths to the 404 page', async () => {
    mockCdn(async () => jsonResponse(buildSettingsResponse()));
    const { router } = renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(router.state.location.pathname).toBe('/error-404');
  });

  it('lands a guest on the cricket match list, which asks them to log in', async () => {
    mockCdn(async () => jsonResponse(buildSettingsResponse()));
    const { router } = renderApp('/');
    await screen.findByTestId('login-page');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('/matchlist/3');
  });

  it('forwards from the landing and from a redirect route without a router warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockCdn(async () => jsonResponse(buildSettingsResponse()));
    const { router } = renderApp('/');
    await screen.findByTestId('login-page');
    await act(() => router.navigate('/auth/logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    // A matched route without a view made React Router warn on each render until it forwarded.
    expect(
      warn.mock.calls.filter(([message]) => /Matched leaf route/.test(String(message))),
    ).toEqual([]);
    warn.mockRestore();
  });

  it('hides the loading indicator after each navigation', async () => {
    const indicator = document.createElement('div');
    indicator.id = LOADING_INDICATOR_ID;
    indicator.hidden = true;
    document.body.append(indicator);
    mockCdn(async () => jsonResponse(buildSettingsResponse()));
    const { router } = renderApp('/auth/login');
    await screen.findByTestId('login-page');

    showLoadingIndicator();
    expect(indicator.hidden).toBe(false);
    await act(() => router.navigate('/auth/signup'));

    expect(screen.getByTestId('signup-page')).toBeTruthy();
    expect(indicator.hidden).toBe(true);
    indicator.remove();
  });

  it('reloads settings when the tab becomes visible and leaves for maintenance if suspended', async () => {
    let suspended = false;
    const fetchImpl = mockCdn(async () =>
      jsonResponse(buildSettingsResponse({ siteSuspended: suspended })),
    );
    const { router } = renderApp('/auth/login');
    await screen.findByTestId('login-page');
    const loads = () =>
      fetchImpl.mock.calls.filter(([url]) => String(url).startsWith('/cdn/settings/test.json'))
        .length;
    expect(loads()).toBe(1);

    suspended = true;
    await act(async () => document.dispatchEvent(new Event('visibilitychange')));

    await screen.findByRole('heading', { level: 1, name: 'Under maintenance' });
    expect(loads()).toBe(2);
    expect(router.state.location.pathname).toBe('/under-maintenance');
  });

  it('does not miss a tab made visible the moment the first page shows', async () => {
    let suspended = false;
    mockCdn(async () => jsonResponse(buildSettingsResponse({ siteSuspended: suspended })));
    // The event comes as soon as the login page is in the document: in the microtask after
    // the commit that shows it, before React runs that commit's passive effects.
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="login-page"]')) return;
      observer.disconnect();
      suspended = true;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const { router } = renderApp('/auth/login');

    await screen.findByRole('heading', { level: 1, name: 'Under maintenance' });
    expect(router.state.location.pathname).toBe('/under-maintenance');
  });
});
