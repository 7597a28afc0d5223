import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitBalancePush } from '../../../shared/hub/balance-pushes';
import { useUiPreferences } from '../../../shared/preferences/ui-preferences';
import { useUserInfoRefresh } from '../../../shared/session/user-info-query';
import { buildUserInfoResult, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { WalletBox } from './wallet-box';

/** The wallet box as the layouts show it: beside the user info refresh. */
function Header() {
  useUserInfoRefresh();
  return <WalletBox />;
}

let serverBonus: number;
let seen: SeenRequest[];

const userInfoReads = () =>
  seen.filter((request) => request.url.pathname === '/api/Setting/GetSetting').length;

beforeEach(() => {
  serverBonus = 800;
  useUiPreferences.setState({ showBalance: true, showExposure: true });
  logInPlayer({ isDemo: false, balance: 1500, exposure: 0 });
  seen = serveApi({
    'Setting/GetSetting': () =>
      jsonResponse(
        okEnvelope(buildUserInfoResult({ isDemo: false, balance: 1500, bonus: serverBonus })),
      ),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the header’s bonus wallet', () => {
  it('shows the bonus beside cash while a bonus is active, hidden with the balance', async () => {
    renderPage(Header, { path: '/' });
    expect((await screen.findByTestId('wallet-bonus')).textContent).toBe('800.00');
    expect(screen.getByText('Bonus')).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('1,500.00');

    act(() => useUiPreferences.setState({ showBalance: false }));
    expect(screen.getByTestId('wallet-bonus').textContent).toBe('••••');
  });

  it('shows no bonus figure without an active bonus', async () => {
    serverBonus = 0;
    renderPage(Header, { path: '/' });
    await waitFor(() => expect(userInfoReads()).toBe(1));
    expect(screen.getByTestId('wallet-balance').textContent).toBe('1,500.00');
    expect(screen.queryByTestId('wallet-bonus')).toBeNull();
  });

  it('reads the bonus wallet again on a pushed balance, so a converted bonus leaves the header', async () => {
    renderPage(Header, { path: '/' });
    await screen.findByTestId('wallet-bonus');
    expect(userInfoReads()).toBe(1);

    // The last bet's settlement completed the wagering: the bonus became cash.
    serverBonus = 0;
    act(() => emitBalancePush({ balance: 2300, exposure: 0 }));

    await waitFor(() => expect(screen.queryByTestId('wallet-bonus')).toBeNull());
    expect(userInfoReads()).toBe(2);
  });
});
