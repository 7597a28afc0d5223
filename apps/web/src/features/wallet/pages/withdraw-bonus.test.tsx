import type { WithdrawalBonus } from '@backlay/contract/wallet';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { buildPaymentInfo, buildRequest } from '../test/wallet-fixtures';
import DepositWithdrawPage from './deposit-withdraw-page';

const ACTIVE_BONUS: WithdrawalBonus = {
  amount: 800,
  wagered: 1000,
  required: 4000,
  outcome: 'KEPT',
};

function serveWallet(bonus: WithdrawalBonus | null) {
  return serveApi({
    'Account/GetPaymentInfo': () => jsonResponse(okEnvelope(buildPaymentInfo({ bonus }))),
    'DepositWithdrawal/GetUserWithdrawalHistory': () =>
      jsonResponse(okEnvelope({ totalCount: 0, items: [] })),
    'DepositWithdrawal/CreateWithdrawal': (request) =>
      jsonResponse(
        okEnvelope(buildRequest({ amount: (request.json as { amount: number }).amount })),
      ),
  });
}

async function renderWithdraw() {
  renderPage(DepositWithdrawPage, { path: '/depositw/:id?', url: '/depositw/withdrawal' });
  await screen.findByTestId('withdrawable');
}

const withdrawals = (seen: SeenRequest[]) =>
  seen.filter((r) => r.url.pathname === '/api/DepositWithdrawal/CreateWithdrawal');

async function request(amount: string) {
  fireEvent.change(screen.getByLabelText('Amount to withdraw (₹)'), { target: { value: amount } });
  await act(async () =>
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' })),
  );
}

beforeEach(() => logInPlayer());
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => chooseLanguage('en'));
});

describe('a withdrawal during an active bonus', () => {
  it('says before the request that the bonus stays and its wagering goes on', async () => {
    const seen = serveWallet(ACTIVE_BONUS);
    await renderWithdraw();

    const form = screen.getByRole('form', { name: 'Withdrawal' });
    const notice = within(form).getByTestId('withdrawal-bonus');
    expect(notice.textContent).toBe(
      'You have an active bonus of ₹800.00: ₹1,000.00 of ₹4,000.00 wagered. A withdrawal takes only your cash: the bonus stays in your bonus wallet and its wagering goes on.',
    );
    // Said before the button that confirms the request.
    const button = within(form).getByRole('button', { name: 'Request withdrawal' });
    expect(notice.compareDocumentPosition(button)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    await request('1000');
    expect(withdrawals(seen)).toHaveLength(1);
  });

  it('asks the player to accept a forfeit before a withdrawal that forfeits the bonus', async () => {
    const seen = serveWallet({ ...ACTIVE_BONUS, outcome: 'FORFEITED' });
    await renderWithdraw();

    const notice = screen.getByTestId('withdrawal-bonus');
    expect(notice.textContent).toContain('Withdrawing now forfeits the bonus');
    await request('1000');
    expect(withdrawals(seen)).toHaveLength(0);
    expect(within(notice).getByRole('alert').textContent).toMatch(/^Tick the box/);

    fireEvent.click(
      within(notice).getByRole('checkbox', {
        name: 'I understand my bonus is forfeited if I withdraw',
      }),
    );
    await request('1000');
    expect(withdrawals(seen)).toHaveLength(1);
  });

  it('says nothing of bonuses without an active one', async () => {
    serveWallet(null);
    await renderWithdraw();
    expect(screen.queryByTestId('withdrawal-bonus')).toBeNull();
  });

  it('says it in Hindi too', async () => {
    serveWallet(ACTIVE_BONUS);
    await renderWithdraw();
    await act(() => chooseLanguage('hi'));
    expect(screen.getByTestId('withdrawal-bonus').textContent).toContain('बोनस');
    expect(screen.getByTestId('withdrawal-bonus').textContent).not.toContain('A withdrawal');
  });
});
