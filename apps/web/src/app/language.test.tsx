import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_KEY } from '../shared/i18n/locale';
import { STORAGE_KEYS } from '../shared/storage/storage-keys';
import {
  buildSettingsResponse,
  buildUserInfoResult,
  jsonResponse,
  okEnvelope,
} from '../shared/test/fixtures';
import { renderApp } from './app-test-kit';

const DEFAULTS = {
  defaultLogo: '/cdn/assets/_default/logo.svg',
  loginBackground: '/cdn/assets/_default/login-background.svg',
  primaryColour: '#7367F0',
};

/** Serves the settings files and the API; `api` answers by path under /api/. */
function serve(api: Record<string, () => Response> = {}) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), window.location.origin);
    if (url.pathname === '/cdn/settings/default.json') return jsonResponse(DEFAULTS);
    if (url.pathname === '/cdn/settings/test.json') {
      return jsonResponse(buildSettingsResponse({ domainTitle: '99Exch' }));
    }
    const answer = api[url.pathname.replace(/^\/api\//, '')];
    if (!answer) throw new TypeError(`unexpected request ${url.pathname}`);
    return answer();
  });
}

/** Picks a language in the switch the page shows, named as it is named now. */
async function pick(switchName: string, language: 'English' | 'हिन्दी') {
  const group = screen.getByRole('group', { name: switchName });
  await act(async () => fireEvent.click(within(group).getByRole('button', { name: language })));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the language', () => {
  it('turns the login page to Hindi in place and back, keeping what was typed', async () => {
    serve();
    renderApp('/auth/login');
    const page = await screen.findByTestId('login-page');
    fireEvent.change(within(page).getByLabelText('Username'), { target: { value: 'alice' } });
    expect(document.documentElement.lang).toBe('en');

    await pick('Language', 'हिन्दी');

    await waitFor(() =>
      expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('लॉगिन'),
    );
    expect(within(page).getByRole('button', { name: 'डेमो ID से लॉगिन करें' })).toBeTruthy();
    expect(within(page).getByLabelText('यूज़रनेम')).toHaveProperty('value', 'alice');
    expect(within(page).getByLabelText('पासवर्ड').getAttribute('placeholder')).toBe(
      'अपना पासवर्ड डालें',
    );
    expect(screen.getByRole('link', { name: 'होम' })).toBeTruthy();
    const group = screen.getByRole('group', { name: 'भाषा' });
    expect(within(group).getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(document.documentElement.lang).toBe('hi');
    expect(document.title).toBe('99Exch | लॉगिन');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');

    await pick('भाषा', 'English');

    await waitFor(() =>
      expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Login'),
    );
    expect(within(page).getByLabelText('Username')).toHaveProperty('value', 'alice');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('comes back in the language this device chose, from the first view', async () => {
    localStorage.setItem(LANGUAGE_KEY, 'hi');
    serve();
    renderApp('/auth/login');

    const page = await screen.findByTestId('login-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('लॉगिन');
    expect(within(page).getByRole('button', { name: 'लॉगिन' })).toBeTruthy();
    expect(screen.getByText('18+ · ज़िम्मेदारी से खेलें', { exact: false })).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi');
  });

  it("translates the header and the phone's bottom bar for a player", async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1-0123456789abcdef');
    localStorage.setItem(STORAGE_KEYS.expireIn, String(Date.now() + 600_000));
    localStorage.setItem(
      STORAGE_KEYS.userInfo,
      JSON.stringify({ userId: 'd1', userName: 'Demo', isDemo: true, balance: 1500, exposure: 0 }),
    );
    localStorage.setItem(STORAGE_KEYS.openBets, '[]');
    serve({ 'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult())) });
    renderApp('/underConstruction');
    const bar = await screen.findByRole('navigation', { name: 'Quick links' });
    await screen.findByRole('heading', { level: 1, name: 'Under construction' });

    await pick('Language', 'हिन्दी');

    await waitFor(() => expect(bar.getAttribute('aria-label')).toBe('क्विक लिंक'));
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['होम', 'इन-प्ले', 'मेरी बेट्स']);
    const header = document.querySelector<HTMLElement>('.site-header');
    expect(header && within(header).getByRole('link', { name: 'होम' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('निर्माणाधीन');
    expect(screen.getByTestId('hub-status').getAttribute('aria-label')).toMatch(/^लाइव अपडेट/);
    // The sports menu names each sport in Hindi too.
    const sports = screen.getByRole('navigation', { name: 'स्पोर्ट्स' });
    expect(within(sports).getByRole('link', { name: 'क्रिकेट' })).toBeTruthy();
    // The header's switch may show short names on a phone; its buttons keep the whole names.
    const group = within(header as HTMLElement).getByRole('group', { name: 'भाषा' });
    const hindi = within(group).getByRole('button', { name: 'हिन्दी' });
    expect(hindi.querySelector('[aria-hidden="true"]')?.textContent).toBe('हिं');
  });
});
