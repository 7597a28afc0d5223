import { DEFAULT_STAKES } from '@backlay/contract/account';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { restoreSession, sessionStore } from '../../../shared/session/session-store';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import {
  buildLoginResult,
  failedEnvelope,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage, serveApi as serve, type SeenRequest } from '../../../shared/test/render-page';
import ChangePasswordPage, { NEW_PASSWORDS_DIFFER_MESSAGE } from './change-password-page';
import StakeButtonsPage from './stake-buttons-page';

function attempts(total: number, skip: number, take: number, result = 'Success') {
  return {
    totalCount: total,
    items: Array.from({ length: Math.max(0, Math.min(take, total - skip)) }, (_, i) => ({
      time: new Date(Date.UTC(2026, 0, 1, 12, 0, 0) - (skip + i) * 60_000).toISOString(),
      ip: `203.0.113.${skip + i}`,
      browser: 'Mozilla/5.0 TestPhone',
      result,
    })),
  };
}

function logInAs(userInfo: Record<string, unknown>) {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'old-token');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'old-refresh');
  localStorage.setItem(STORAGE_KEYS.expireIn, String(Date.now() + 600_000));
  localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(userInfo));
  restoreSession();
}

beforeEach(() => logInAs({ userId: 'u1', userName: 'alice', isDemo: false }));
afterEach(() => vi.unstubAllGlobals());

describe('the change-password page', () => {
  const loginAttempts = (request: SeenRequest) => {
    const q = request.url.searchParams;
    return jsonResponse(
      okEnvelope(
        attempts(
          23,
          Number(q.get('SkipCount')),
          Number(q.get('MaxResultCount')),
          q.get('Result') ?? 'Success',
        ),
      ),
    );
  };

  function fill(current: string, next: string, confirm: string) {
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirm } });
  }

  const submit = () =>
    act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    });

  it('validates with clear messages before calling', async () => {
    const seen = serve({ 'Account/GetUserLoginAttempts': loginAttempts });
    renderPage(ChangePasswordPage, { path: '/change-password' });
    fill('', 'short', 'other');
    await submit();
    expect(screen.getByText('Enter your current password')).toBeTruthy();
    expect(screen.getByText('Password: at least 8 characters')).toBeTruthy();
    expect(screen.getByText(NEW_PASSWORDS_DIFFER_MESSAGE)).toBeTruthy();

    fill('Cricket2026', 'Cricket2026', 'Cricket2026');
    await submit();
    expect(screen.getByText('The new password must differ from the current one')).toBeTruthy();
    expect(seen.filter((r) => r.url.pathname.endsWith('changePassword'))).toEqual([]);
  });

  it('changes the password and stores the new tokens', async () => {
    const seen = serve({
      'Account/GetUserLoginAttempts': loginAttempts,
      'Account/changePassword': () =>
        jsonResponse(
          okEnvelope(
            buildLoginResult({ accessToken: 'new-token', refreshToken: 'new-refresh-0123456789' }),
          ),
        ),
    });
    renderPage(ChangePasswordPage, { path: '/change-password' });
    fill('Cricket2026', 'Football2027', 'Football2027');
    await submit();

    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-token'));
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh-0123456789');
    expect(sessionStore.getState().userInfo?.userName).toBe('alice');
    const call = seen.find((r) => r.url.pathname.endsWith('changePassword'));
    expect(call?.json).toEqual({ currentPassword: 'Cricket2026', newPassword: 'Football2027' });
    expect(call?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(screen.getByLabelText('New password')).toHaveProperty('value', '');
  });

  it('shows a wrong current password beside that field', async () => {
    serve({
      'Account/GetUserLoginAttempts': loginAttempts,
      'Account/changePassword': () =>
        jsonResponse(
          failedEnvelope('The current password is not correct.', 'VALIDATION_FAILED'),
          400,
        ),
    });
    renderPage(ChangePasswordPage, { path: '/change-password' });
    fill('Wrong2026x', 'Football2027', 'Football2027');
    await submit();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('old-token');
  });

  it('tells a demo player there is no password to change', () => {
    logInAs({ userId: 'd1', userName: 'Demo', isDemo: true });
    serve({ 'Account/GetUserLoginAttempts': loginAttempts });
    renderPage(ChangePasswordPage, { path: '/change-password' });
    expect(screen.getByText('Demo accounts have no password to change.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change password' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('pages through recent login attempts and filters them by result', async () => {
    const seen = serve({ 'Account/GetUserLoginAttempts': loginAttempts });
    renderPage(ChangePasswordPage, { path: '/change-password' });

    const table = await screen.findByTestId('login-attempts');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(within(table).getByText('203.0.113.0')).toBeTruthy();
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    const first = seen.find((r) => r.url.pathname.endsWith('GetUserLoginAttempts'));
    expect(first?.method).toBe('POST');
    expect(Object.fromEntries(first?.url.searchParams ?? [])).toEqual({
      MaxResultCount: '10',
      SkipCount: '0',
    });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    });
    await screen.findByText('11–20 of 23');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    });
    await screen.findByText('21–23 of 23');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Result'), { target: { value: 'Failed' } });
    });
    await screen.findByText('1–10 of 23');
    const last = seen.filter((r) => r.url.pathname.endsWith('GetUserLoginAttempts')).at(-1);
    expect(last?.url.searchParams.get('Result')).toBe('Failed');
    expect(last?.url.searchParams.get('SkipCount')).toBe('0');
    expect(
      within(screen.getByTestId('login-attempts')).getAllByText('Failed').length,
    ).toBeGreaterThan(0);
  });

  it('reads in Hindi once the player chooses it', async () => {
    serve({ 'Account/GetUserLoginAttempts': loginAttempts });
    renderPage(ChangePasswordPage, { path: '/change-password' });
    await act(() => chooseLanguage('hi'));

    expect(screen.getByRole('heading', { name: 'हाल के लॉगिन प्रयास' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'पासवर्ड बदलें' })).toBeTruthy();
    expect(screen.getByLabelText('मौजूदा पासवर्ड')).toBeTruthy();
    const table = await screen.findByTestId('login-attempts');
    await waitFor(() => expect(within(table).getAllByText('सफल')).toHaveLength(10));
    expect(within(table).getByRole('columnheader', { name: 'ब्राउज़र' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('नया पासवर्ड'), { target: { value: 'Football2027' } });
    fireEvent.change(screen.getByLabelText('नए पासवर्ड की पुष्टि करें'), {
      target: { value: 'Football2028' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'पासवर्ड बदलें' }));
    });
    expect(screen.getByText('अपना मौजूदा पासवर्ड डालें')).toBeTruthy();
    expect(screen.getByText('दोनों नए पासवर्ड मेल नहीं खाते')).toBeTruthy();
  });
});

describe('the stake-buttons page', () => {
  const stored = DEFAULT_STAKES.map((s, i) => (i === 0 ? { title: '50', value: 50 } : s));

  it('starts from the stored stakes and saves edits with UserStake/Add', async () => {
    logInAs({ userId: 'u1', userName: 'alice', stakes: stored });
    let release: () => void = () => undefined;
    const seen = serve({
      // Held back so the stored stakes are what the form shows first.
      'UserStake/Get': () =>
        new Promise((resolve) => (release = () => resolve(jsonResponse(okEnvelope(stored))))),
      'UserStake/Add': (request) =>
        jsonResponse(okEnvelope((request.json as { stakes: unknown }).stakes)),
    });
    renderPage(StakeButtonsPage, { path: '/change-button-values' });

    const labels = () =>
      screen.getAllByLabelText('Label').map((i) => (i as HTMLInputElement).value);
    const amounts = () =>
      screen.getAllByLabelText('Amount').map((i) => (i as HTMLInputElement).value);
    expect(labels()).toEqual(['50', '500', '1k', '2k', '3k', '4k', '5k', '6k']);
    expect(amounts()[0]).toBe('50');
    await act(async () => release());

    fireEvent.change(screen.getAllByLabelText('Label')[7] as HTMLElement, {
      target: { value: '10k' },
    });
    fireEvent.change(screen.getAllByLabelText('Amount')[7] as HTMLElement, {
      target: { value: '10000' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });

    const add = seen.find((r) => r.url.pathname.endsWith('UserStake/Add'));
    const sent = (add?.json as { stakes: { title: string; value: number }[] }).stakes;
    expect(sent).toHaveLength(8);
    expect(sent[7]).toEqual({ title: '10k', value: 10_000 });
    await waitFor(() =>
      expect(sessionStore.getState().userInfo?.stakes?.[7]).toEqual({
        title: '10k',
        value: 10_000,
      }),
    );
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}').stakes[7]).toEqual({
      title: '10k',
      value: 10_000,
    });
  });

  it('turns one-tap betting on and off for this device, at the first button’s amount', async () => {
    logInAs({ userId: 'u1', userName: 'alice', stakes: stored });
    serve({ 'UserStake/Get': () => jsonResponse(okEnvelope(stored)) });
    renderPage(StakeButtonsPage, { path: '/change-button-values' });

    const oneTap = screen.getByRole('switch', { name: 'One-tap betting' }) as HTMLInputElement;
    expect(oneTap.checked).toBe(false);
    expect(
      screen.getByText(/places a ₹50\.00 bet at once \(your first stake button\)/),
    ).toBeTruthy();
    fireEvent.click(oneTap);
    expect(oneTap.checked).toBe(true);
    expect(localStorage.getItem('oneTapBetting')).toBe('true');
    fireEvent.click(oneTap);
    expect(oneTap.checked).toBe(false);
    expect(localStorage.getItem('oneTapBetting')).toBeNull();
  });

  it('falls back to the default buttons, and shows field messages instead of saving', async () => {
    const seen = serve({
      'UserStake/Get': () => new Promise(() => undefined),
    });
    renderPage(StakeButtonsPage, { path: '/change-button-values' });
    const amounts = () => screen.getAllByLabelText('Amount') as HTMLInputElement[];
    expect(amounts().map((i) => i.value)).toEqual(DEFAULT_STAKES.map((s) => String(s.value)));

    fireEvent.change(amounts()[2] as HTMLElement, { target: { value: '0' } });
    fireEvent.change(screen.getAllByLabelText('Label')[3] as HTMLElement, {
      target: { value: '' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });

    expect(screen.getByText('Amount: more than 0')).toBeTruthy();
    expect(screen.getByText('Enter a label')).toBeTruthy();
    expect(seen.some((r) => r.url.pathname.endsWith('UserStake/Add'))).toBe(false);
  });

  it('reads in Hindi, its field messages too', async () => {
    serve({ 'UserStake/Get': () => new Promise(() => undefined) });
    renderPage(StakeButtonsPage, { path: '/change-button-values' });
    await act(() => chooseLanguage('hi'));

    expect(screen.getByRole('heading', { name: 'बेटिंग' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'बटन 1' })).toBeTruthy();
    const amounts = screen.getAllByLabelText('राशि');
    fireEvent.change(amounts[2] as HTMLElement, { target: { value: '1000000000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'सेव करें' }));
    });
    expect(screen.getByText('राशि: ज़्यादा से ज़्यादा 10,00,00,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'डिफ़ॉल्ट वापस लाएँ' })).toBeTruthy();
  });
});
