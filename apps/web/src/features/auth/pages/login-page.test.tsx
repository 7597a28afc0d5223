import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore, storeTokens, storeUserInfo } from '../../../shared/session/session-store';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import {
  buildLoginResult,
  buildUserInfoResult,
  failedEnvelope,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { apiFetch, renderPage, type SeenRequest } from '../../../shared/test/render-page';
import { toastStore } from '../../../shared/toasts/toast-store';
import LoginPage from './login-page';

let seen: SeenRequest[];

function serve(overrides: Parameters<typeof apiFetch>[0] = {}) {
  seen = [];
  const answers = {
    'Account/Authenticate': () => jsonResponse(okEnvelope(buildLoginResult())),
    'Account/LoginAsDemoUser': () =>
      jsonResponse(okEnvelope(buildLoginResult({ userName: 'Demo', accessToken: 'demo-token' }))),
    'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult())),
    ...overrides,
  };
  const fetchImpl = apiFetch(answers);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const response = await fetchImpl(input, init);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      seen.push({
        url: new URL(String(input), window.location.origin),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        json: body,
      });
      return response;
    }),
  );
}

function renderLogin(url = '/auth/login') {
  return renderPage(LoginPage, { path: '/auth/login', url });
}

async function logIn(userName: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
  });
}

/** Logs out from the logged-in offer. */
async function logOut() {
  // Found before the act: inside one, the first render's lazy parts never show up.
  const button = await screen.findByRole('button', { name: 'Log out' });
  await act(async () => {
    fireEvent.click(button);
  });
}

const landedAt = async () => (await screen.findByTestId('landed')).textContent;

beforeEach(() => {
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});
afterEach(() => vi.unstubAllGlobals());

describe('the login form', () => {
  it('names each missing field and calls nothing', async () => {
    serve();
    renderLogin();
    await logIn('', '');
    expect(await screen.findByText('Enter your user name')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);
  });

  it('counts a user name made only of markup or SQL as missing', async () => {
    serve();
    renderLogin();
    await logIn('<b></b> select', 'Cricket2026');
    expect(await screen.findByText('Enter your user name')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('logs in, stores the session and goes to the landing page', async () => {
    serve();
    renderLogin();
    await logIn('alice', 'Cricket2026');

    expect(await landedAt()).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('access-1');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-1-0123456789abcdef');
    expect(Number(localStorage.getItem(STORAGE_KEYS.expireIn))).toBeGreaterThan(Date.now());
    const info = JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}');
    expect(info).toMatchObject({ userId: 'user-1', userName: 'alice', balance: 1500.5 });
    expect(info.stakes).toHaveLength(8);
    // User info is fetched right after login, with the new bearer.
    const setting = seen.find((r) => r.url.pathname === '/api/Setting/GetSetting');
    expect(setting?.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('sanitises the user name but sends the password exactly as typed', async () => {
    serve();
    renderLogin();
    await logIn(' <i>alice</i> ', `pa'ss;word--1`);
    await landedAt();
    expect(seen[0]?.json).toEqual({ userNameOrEmailAddress: 'alice', password: `pa'ss;word--1` });
  });

  it('returns to a same-origin ?to= path after login', async () => {
    serve();
    renderLogin(`/auth/login?to=${encodeURIComponent('/change-password?tab=1')}`);
    await logIn('alice', 'Cricket2026');
    expect(await landedAt()).toBe('/change-password?tab=1');
  });

  it.each([
    '//evil.example/steal',
    'https://evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('refuses the open redirect to=%s and lands on / instead', async (to) => {
    serve();
    renderLogin(`/auth/login?to=${encodeURIComponent(to)}`);
    await logIn('alice', 'Cricket2026');
    expect(await landedAt()).toBe('/');
  });

  it('shows the server message as an error toast and beside the form', async () => {
    serve({
      'Account/Authenticate': () =>
        jsonResponse(failedEnvelope('Incorrect user name or password.', 'VALIDATION_FAILED'), 400),
    });
    renderLogin();
    await logIn('alice', 'wrong-password1');

    const page = screen.getByTestId('login-page');
    expect((await within(page).findByRole('alert')).textContent).toBe(
      'Incorrect user name or password.',
    );
    const toast = within(screen.getByTestId('toasts')).getByTestId('toast');
    expect(toast.dataset.kind).toBe('error');
    expect(toast.textContent).toContain('Incorrect user name or password.');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('still logs in when user info cannot be fetched, keeping the name from the login', async () => {
    serve({ 'Setting/GetSetting': () => jsonResponse(failedEnvelope('Busy', 'UNAVAILABLE'), 503) });
    renderLogin();
    await logIn('alice', 'Cricket2026');
    expect(await landedAt()).toBe('/');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}')).toMatchObject({
      userName: 'alice',
    });
  });
});

describe('the demo login', () => {
  it('logs in as Demo with LoginAsDemoUser', async () => {
    serve({
      'Setting/GetSetting': () =>
        jsonResponse(okEnvelope(buildUserInfoResult({ userName: 'Demo', isDemo: true }))),
    });
    renderLogin('/auth/login?to=%2Fchange-button-values');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login with demo ID' }));
    });

    expect(await landedAt()).toBe('/change-button-values');
    expect(seen[0]?.url.pathname).toBe('/api/Account/LoginAsDemoUser');
    expect(seen[0]?.method).toBe('GET');
    expect(sessionStore.getState().accessToken).toBe('demo-token');
    expect(sessionStore.getState().userInfo).toMatchObject({ userName: 'Demo', isDemo: true });
  });

  it('disables both buttons while a login runs', async () => {
    let answer: (r: Response) => void = () => undefined;
    serve({ 'Account/LoginAsDemoUser': () => new Promise((resolve) => (answer = resolve)) });
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login with demo ID' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByRole('button', { name: 'Opening demo…' })).toHaveProperty('disabled', true);
    await act(async () => answer(jsonResponse(okEnvelope(buildLoginResult()))));
    await landedAt();
  });
});

describe('the login page while logged in', () => {
  /** A live session, as a login in this browser left it. */
  function storeLiveSession() {
    storeTokens({ accessToken: 'live-token', refreshToken: 'refresh-live', expireInSeconds: 600 });
    storeUserInfo({
      userId: 'u1',
      userName: 'alice',
      isDemo: false,
      balance: 10,
      exposure: 0,
      football: true,
      tennis: true,
      cricket: true,
      kabaddi: true,
      horseRacing: true,
      stakes: null,
    });
    localStorage.setItem(STORAGE_KEYS.baseUrl, '/api/');
    localStorage.setItem(STORAGE_KEYS.openBets, '[]');
  }

  it('offers Continue and Log out instead of a second form', async () => {
    serve();
    storeLiveSession();
    renderLogin();
    const offer = await screen.findByTestId('logged-in');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('You are logged in');
    expect(screen.getByTestId('logged-in-name').textContent).toBe('alice');
    expect(within(offer).getByRole('link', { name: 'Continue' })).toBeTruthy();
    expect(within(offer).getByRole('button', { name: 'Log out' })).toBeTruthy();
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('continues to the landing page, or to a safe `to`', async () => {
    serve();
    storeLiveSession();
    renderLogin(`/auth/login?to=${encodeURIComponent('/bet-history?page=2')}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Continue' }));
    expect(await landedAt()).toBe('/bet-history?page=2');
    expect(sessionStore.getState().accessToken).toBe('live-token');
  });

  it('continues to the landing page when `to` leaves the site', async () => {
    serve();
    storeLiveSession();
    renderLogin(`/auth/login?to=${encodeURIComponent('//evil.example/')}`);
    fireEvent.click(await screen.findByRole('link', { name: 'Continue' }));
    expect(await landedAt()).toBe('/');
  });

  it('logs out, keeping only the base URL, then shows the form', async () => {
    serve();
    storeLiveSession();
    renderLogin('/auth/login?to=%2Fbonus');
    await logOut();
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(screen.queryByTestId('logged-in')).toBeNull();
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.baseUrl]);
  });

  it('does not flash the offer while a login made after logging out finishes', async () => {
    let answerUserInfo: (r: Response) => void = () => undefined;
    serve({ 'Setting/GetSetting': () => new Promise((resolve) => (answerUserInfo = resolve)) });
    storeLiveSession();
    renderLogin('/auth/login?to=%2Fbonus');
    await logOut();
    await logIn('bob', 'Cricket2026');
    // The new tokens are stored; user info is still on its way.
    await waitFor(() => expect(sessionStore.getState().accessToken).toBe('access-1'));
    expect(screen.queryByTestId('logged-in')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logging in…' })).toBeTruthy();
    await act(async () => answerUserInfo(jsonResponse(okEnvelope(buildUserInfoResult()))));
    expect(await landedAt()).toBe('/bonus');
  });

  it('shows the form for a token that has expired', async () => {
    serve();
    storeTokens({ accessToken: 'old', refreshToken: 'refresh-old', expireInSeconds: 600 }, 0);
    renderLogin();
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(screen.queryByTestId('logged-in')).toBeNull();
  });
});
