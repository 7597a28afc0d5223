import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { useUiPreferences } from '../../../shared/preferences/ui-preferences';
import { restoreSession } from '../../../shared/session/session-store';
import { useUserInfoRefresh, writeUserBalance } from '../../../shared/session/user-info-query';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import {
  buildUserInfoResult,
  failedEnvelope,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { apiFetch, renderPage, type SeenRequest } from '../../../shared/test/render-page';
import { toastStore } from '../../../shared/toasts/toast-store';
import { TOP_UP_PUSH_GRACE_MS } from '../api/top-up-demo-balance';
import { WalletBox } from './wallet-box';

/** The wallet box as the layouts show it: beside the user info refresh. */
function Header() {
  useUserInfoRefresh();
  return <WalletBox />;
}

let seen: SeenRequest[];
let serverBalance: number;
let serverIsDemo: boolean;

function serve(topUp: () => Response) {
  seen = [];
  const fetchImpl = apiFetch({
    'Setting/GetSetting': () =>
      jsonResponse(
        okEnvelope(
          buildUserInfoResult({ userName: 'Demo', isDemo: serverIsDemo, balance: serverBalance }),
        ),
      ),
    'Account/TopUpDemoBalance': topUp,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      seen.push({
        url: new URL(String(input), window.location.origin),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        json: undefined,
      });
      return fetchImpl(input, init);
    }),
  );
}

const calls = (path: string) => seen.filter((r) => r.url.pathname === `/api/${path}`);
const balanceShown = () => screen.getByTestId('wallet-balance').textContent;
const availableShown = () => screen.getByTestId('wallet-available').textContent;
const exposureShown = () => screen.getByTestId('wallet-exposure').textContent;

function logInAs(isDemo: boolean) {
  serverIsDemo = isDemo;
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
  localStorage.setItem(
    STORAGE_KEYS.userInfo,
    JSON.stringify({ userId: 'u1', userName: 'Demo', isDemo, balance: 40_000, exposure: 0 }),
  );
  restoreSession();
}

async function renderHeader() {
  const view = renderPage(Header, { path: '/' });
  await waitFor(() => expect(balanceShown()).toBe('40,000.00'));
  await waitFor(() => expect(calls('Setting/GetSetting')).toHaveLength(1));
  return view;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  serverBalance = 40_000;
  useUiPreferences.setState({ showBalance: true, showExposure: true });
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the amounts', () => {
  it('shows balance and exposure, and available (balance less exposure) beside them, pushed live', async () => {
    serve(() => jsonResponse(okEnvelope({ balance: 1, exposure: 0 })));
    logInAs(false);
    const { queryClient } = await renderHeader();
    // The user info answers a balance of 40,000.00 and an exposure of 200.25.
    await waitFor(() => expect(exposureShown()).toBe('200.25'));
    expect(availableShown()).toBe('₹39,799.75');
    expect(screen.getByTestId('wallet-box').textContent).toContain('Available₹39,799.75');

    act(() => writeUserBalance(queryClient, { balance: 41_000, exposure: 1_250.5 }));
    expect(availableShown()).toBe('₹39,749.50');
    expect(balanceShown()).toBe('41,000.00');
    expect(exposureShown()).toBe('1,250.50');
  });

  it('hides balance (and available with it) and exposure with their eyes, and remembers', async () => {
    serve(() => jsonResponse(okEnvelope({ balance: 1, exposure: 0 })));
    logInAs(false);
    await renderHeader();

    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(balanceShown()).toBe('••••');
    expect(availableShown()).toBe('••••');
    expect(exposureShown()).not.toBe('••••');
    fireEvent.click(screen.getByRole('button', { name: 'Hide exposure' }));
    expect(exposureShown()).toBe('••••');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.uiPreferences) ?? '{}')).toMatchObject({
      state: { showBalance: false, showExposure: false },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    expect(balanceShown()).toBe('40,000.00');
    expect(availableShown()).not.toBe('••••');
    expect(exposureShown()).toBe('••••');
  });

  it('names its figures and eyes in Hindi once the player chooses it', async () => {
    serve(() => jsonResponse(okEnvelope({ balance: 1, exposure: 0 })));
    logInAs(false);
    await renderHeader();

    await act(() => chooseLanguage('hi'));
    expect(screen.getAllByText('उपलब्ध').length).toBeGreaterThan(0);
    expect(screen.getByTestId('wallet-box').textContent).toContain('एक्सपोज़र');
    expect(screen.getByRole('button', { name: 'बैलेंस और एक्सपोज़र' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'बैलेंस छिपाएँ' }));
    expect(balanceShown()).toBe('••••');
    expect(screen.getByRole('button', { name: 'बैलेंस दिखाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'एक्सपोज़र छिपाएँ' })).toBeTruthy();
  });

  it('keeps balance and exposure in view; the panel beside them holds the eyes, and closes', async () => {
    serve(() => jsonResponse(okEnvelope({ balance: 1, exposure: 0 })));
    logInAs(false);
    await renderHeader();
    const more = screen.getByRole('button', { name: 'Balance and exposure' });
    const panel = document.getElementById(more.getAttribute('aria-controls') ?? '');
    // Never behind the chevron: players check exposure after every bet.
    expect(panel?.contains(screen.getByTestId('wallet-balance'))).toBe(false);
    expect(panel?.contains(screen.getByTestId('wallet-exposure'))).toBe(false);
    expect(screen.getByTestId('wallet-balance').closest('.wallet-box__figures')).toBeTruthy();
    // A phone reads them as "Bal" and "Exp"; the whole words are there for screen readers.
    expect(screen.getByTestId('wallet-box').textContent).toContain('BalBalance40,000.00');
    expect(panel?.contains(screen.getByRole('button', { name: 'Hide exposure' }))).toBe(true);
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(panel?.dataset.open).toBe('false');

    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(panel?.dataset.open).toBe('true');
    // The eyes inside the panel work without closing it.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Hide exposure' }));
    expect(panel?.dataset.open).toBe('true');

    fireEvent.pointerDown(document.body);
    expect(panel?.dataset.open).toBe('false');
    fireEvent.click(more);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(panel?.dataset.open).toBe('false');
  });
});

describe('the demo top-up', () => {
  it('is offered to demo players only', async () => {
    serve(() => jsonResponse(okEnvelope({ balance: 1, exposure: 0 })));
    logInAs(false);
    const view = await renderHeader();
    expect(screen.queryByRole('button', { name: 'Top up play money' })).toBeNull();
    view.unmount();
    seen.length = 0;

    logInAs(true);
    await renderHeader();
    expect(screen.getByRole('button', { name: 'Top up play money' })).toBeTruthy();
  });

  it('tops up on the server and lets the hub push the balance into the header', async () => {
    serve(() => {
      serverBalance = 100_000;
      return jsonResponse(okEnvelope({ balance: 100_000, exposure: 0 }));
    });
    logInAs(true);
    const { queryClient } = await renderHeader();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Top up play money' }));
    });
    await waitFor(() =>
      expect(toastStore.getState().toasts.map((t) => t.message)).toContain(
        'Your play money has been topped up.',
      ),
    );
    const [call] = calls('Account/TopUpDemoBalance');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Authorization')).toBe('Bearer token-1');
    // The call's answer does not touch the header: the push does.
    expect(balanceShown()).toBe('40,000.00');

    act(() => writeUserBalance(queryClient, { balance: 100_000, exposure: 0 }));
    expect(balanceShown()).toBe('1,00,000.00');

    await act(async () => vi.advanceTimersByTimeAsync(2 * TOP_UP_PUSH_GRACE_MS));
    expect(calls('Setting/GetSetting')).toHaveLength(1);
  });

  it('fetches the user info when no push arrives within the grace period', async () => {
    serve(() => {
      serverBalance = 100_000;
      return jsonResponse(okEnvelope({ balance: 100_000, exposure: 0 }));
    });
    logInAs(true);
    await renderHeader();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Top up play money' }));
    });
    await waitFor(() => expect(calls('Account/TopUpDemoBalance')).toHaveLength(1));
    await act(async () => vi.advanceTimersByTimeAsync(TOP_UP_PUSH_GRACE_MS - 100));
    expect(calls('Setting/GetSetting')).toHaveLength(1);
    expect(balanceShown()).toBe('40,000.00');

    await act(async () => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(balanceShown()).toBe('1,00,000.00'));
    expect(calls('Setting/GetSetting')).toHaveLength(2);
  });

  it('shows the server’s message when the top-up is refused', async () => {
    serve(() =>
      jsonResponse(failedEnvelope('Play money can be topped up once a minute.', 'RATE_LIMITED')),
    );
    logInAs(true);
    await renderHeader();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Top up play money' }));
    });

    await waitFor(() =>
      expect(toastStore.getState().toasts).toContainEqual(
        expect.objectContaining({
          kind: 'error',
          message: 'Play money can be topped up once a minute.',
        }),
      ),
    );
    await act(async () => vi.advanceTimersByTimeAsync(2 * TOP_UP_PUSH_GRACE_MS));
    expect(calls('Setting/GetSetting')).toHaveLength(1);
  });
});

describe('the deposit link', () => {
  function renderBox(isDemo: boolean, depositShortcut: boolean) {
    serve(() => jsonResponse(okEnvelope({ balance: 1, exposure: 0 })));
    logInAs(isDemo);
    function Box() {
      useUserInfoRefresh();
      return <WalletBox depositShortcut={depositShortcut} />;
    }
    return renderPage(Box, { path: '/' });
  }

  it('leads a real-money player to the deposit tab', async () => {
    renderBox(false, true);
    await waitFor(() => expect(calls('Setting/GetSetting')).toHaveLength(1));
    const link = await screen.findByRole('link', { name: 'Deposit' });
    expect(link.getAttribute('href')).toBe('/depositw/deposit');
  });

  it('is not offered to a demo player, nor where the brand hides deposit shortcuts', async () => {
    const demo = renderBox(true, true);
    await waitFor(() => expect(calls('Setting/GetSetting')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Top up play money' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
    demo.unmount();

    renderBox(false, false);
    await waitFor(() => expect(calls('Setting/GetSetting')).toHaveLength(1));
    expect(screen.getByTestId('wallet-balance')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
  });
});
