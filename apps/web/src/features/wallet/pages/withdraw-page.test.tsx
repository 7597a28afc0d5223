import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { toastStore } from '../../../shared/toasts/toast-store';
import { buildPaymentInfo, buildRequest, UPI_ACCOUNT_ID } from '../test/wallet-fixtures';
import DepositWithdrawPage from './deposit-withdraw-page';

const calls = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.url.pathname === `/api/${path}`);

const NEW_ACCOUNT_ID = '9f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c';

/** The player's wallet as the server keeps it: a withdrawal made or cancelled shows in the list. */
function serveWallet(more: Parameters<typeof serveApi>[0] = {}) {
  const pending = [buildRequest({ amount: 2_000, account: 'SBI ••4321' })];
  return serveApi({
    'Account/GetPaymentInfo': () => jsonResponse(okEnvelope(buildPaymentInfo())),
    'DepositWithdrawal/GetUserWithdrawalHistory': () =>
      jsonResponse(okEnvelope({ totalCount: pending.length, items: [...pending] })),
    'DepositWithdrawal/CreateWithdrawal': (request) => {
      const made = buildRequest({ amount: (request.json as { amount: number }).amount }, 2);
      if (!pending.some((r) => r.id === made.id)) pending.unshift(made);
      return jsonResponse(okEnvelope(made));
    },
    'DepositWithdrawal/AddWithdrawalAccount': () =>
      jsonResponse(
        okEnvelope({
          id: NEW_ACCOUNT_ID,
          kind: 'UPI',
          holderName: 'Alice Sharma',
          upiId: 'alice@okhdfc',
        }),
      ),
    'DepositWithdrawal/RemoveWithdrawalAccount': (request) =>
      jsonResponse(okEnvelope(request.json)),
    'DepositWithdrawal/CancelWithdrawal': (request) => {
      const { id } = request.json as { id: string };
      const at = pending.findIndex((r) => r.id === id);
      const [cancelled] = at >= 0 ? pending.splice(at, 1) : [buildRequest({ id })];
      return jsonResponse(okEnvelope({ ...cancelled, status: 'CANCELLED' }));
    },
    ...more,
  });
}

async function renderWithdraw() {
  const view = renderPage(DepositWithdrawPage, {
    path: '/depositw/:id?',
    url: '/depositw/withdrawal',
  });
  await screen.findByTestId('withdrawable');
  return view;
}

const amountInput = () => screen.getByLabelText('Amount to withdraw (₹)');
const requestWithdrawal = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' })));
const toasts = () => toastStore.getState().toasts.map((t) => t.message);

beforeEach(() => {
  logInPlayer();
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});
afterEach(() => vi.unstubAllGlobals());

describe('the withdraw tab', () => {
  it('shows the withdrawable cash, the payout accounts and the pending withdrawals', async () => {
    const seen = serveWallet();
    await renderWithdraw();
    expect(screen.getByTestId('withdrawable').textContent).toBe('₹12,500.00');
    expect(screen.getByText('Min ₹500.00 · Max ₹2,00,000.00')).toBeTruthy();
    const accounts = within(screen.getByRole('group', { name: 'Pay to' }));
    expect(accounts.getAllByRole('radio')).toHaveLength(2);
    expect((accounts.getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true);
    // Quick amounts stop at what can be withdrawn now.
    const quick = within(screen.getByRole('group', { name: 'Quick amounts' }));
    expect(quick.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '₹500',
      '₹1,000',
      '₹5,000',
      '₹10,000',
    ]);
    const pending = await screen.findAllByTestId('request-card');
    expect(pending).toHaveLength(1);
    expect(within(pending[0] as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(
      calls(seen, 'DepositWithdrawal/GetUserWithdrawalHistory')[0]?.url.searchParams.get('status'),
    ).toBe('PENDING');
  });

  it('reads in Hindi once the player chooses it, toasts included', async () => {
    serveWallet();
    await renderWithdraw();
    await screen.findAllByTestId('request-card');

    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('heading', { name: 'पेंडिंग विड्रॉल' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'विड्रॉल का अनुरोध करें' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'पेमेंट किस अकाउंट में लें' })).toBeTruthy();
    const [card] = screen.getAllByTestId('request-card');
    expect(within(card as HTMLElement).getByText('विड्रॉल · बैंक')).toBeTruthy();
    expect(within(card as HTMLElement).getByText('पेंडिंग')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('विड्रॉ राशि (₹)'), { target: { value: '12500.01' } });
    expect(await screen.findByText('आप अभी ₹12,500.00 तक विड्रॉ कर सकते हैं')).toBeTruthy();

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'UPI · alice@oksbi हटाएँ' })),
    );
    const dialog = screen.getByRole('dialog', { name: 'यह अकाउंट हटाएँ?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'हटाएँ' })));
    await waitFor(() => expect(toasts()).toContain('अकाउंट हटा दिया गया।'));
  });

  it('refuses more than the withdrawable cash, without asking the server', async () => {
    const seen = serveWallet();
    await renderWithdraw();
    fireEvent.change(amountInput(), { target: { value: '12500.01' } });
    expect(await screen.findByText('You can withdraw up to ₹12,500.00 now')).toBeTruthy();
    await requestWithdrawal();
    fireEvent.change(amountInput(), { target: { value: '400' } });
    expect(screen.getByText('The least you can withdraw at once is ₹500.00')).toBeTruthy();
    await requestWithdrawal();
    expect(calls(seen, 'DepositWithdrawal/CreateWithdrawal')).toHaveLength(0);
  });

  it('requests a withdrawal to the chosen account, then reads the wallet again', async () => {
    const seen = serveWallet();
    await renderWithdraw();
    fireEvent.click(screen.getByRole('radio', { name: /alice@oksbi/ }));
    fireEvent.change(amountInput(), { target: { value: '2,500' } });
    await requestWithdrawal();

    await screen.findByText(/Withdrawal requested/);
    const [sent] = calls(seen, 'DepositWithdrawal/CreateWithdrawal');
    expect(sent?.json).toEqual({
      amount: 2500,
      withdrawalAccountId: UPI_ACCOUNT_ID,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect((amountInput() as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(calls(seen, 'Account/GetPaymentInfo')).toHaveLength(2));
    expect(calls(seen, 'DepositWithdrawal/GetUserWithdrawalHistory')).toHaveLength(2);
  });

  it('says a withdrawal was requested only while it waits: cancelled, the notice goes', async () => {
    serveWallet();
    await renderWithdraw();
    fireEvent.change(amountInput(), { target: { value: '2,500' } });
    await requestWithdrawal();
    await screen.findByText(/Withdrawal requested/);
    await waitFor(() => expect(screen.getAllByTestId('request-card')).toHaveLength(2));
    // Still waiting once the list is read again.
    expect(screen.getByText(/Withdrawal requested/)).toBeTruthy();

    const [made] = screen.getAllByTestId('request-card');
    await act(async () =>
      fireEvent.click(within(made as HTMLElement).getByRole('button', { name: 'Cancel' })),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(dialog.textContent).toContain('₹2,500.00');
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' })),
    );
    await waitFor(() => expect(screen.getAllByTestId('request-card')).toHaveLength(1));
    expect(screen.queryByText(/Withdrawal requested/)).toBeNull();
  });

  it('forgets a refusal once the amount it was about changes', async () => {
    serveWallet({
      'DepositWithdrawal/CreateWithdrawal': () =>
        jsonResponse(failedEnvelope('Withdrawals are closed for maintenance.', 'FORBIDDEN'), 403),
    });
    await renderWithdraw();
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    await requestWithdrawal();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Withdrawals are closed for maintenance.',
    );
    fireEvent.change(amountInput(), { target: { value: '1200' } });
    expect(screen.queryByText('Withdrawals are closed for maintenance.')).toBeNull();
  });

  it('retries a withdrawal whose answer was lost under its key, and a changed one under a new key', async () => {
    let lose = true;
    let made: ReturnType<typeof buildRequest> | null = null;
    const seen = serveWallet({
      'DepositWithdrawal/CreateWithdrawal': (request) => {
        if (lose) throw new TypeError('Failed to fetch');
        made = buildRequest({ amount: (request.json as { amount: number }).amount }, 2);
        return jsonResponse(okEnvelope(made));
      },
      'DepositWithdrawal/GetUserWithdrawalHistory': () =>
        jsonResponse(okEnvelope({ totalCount: made ? 1 : 0, items: made ? [made] : [] })),
    });
    await renderWithdraw();
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    await requestWithdrawal();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please Check Your Network Connection...',
    );
    await requestWithdrawal();
    fireEvent.change(amountInput(), { target: { value: '1200' } });
    lose = false;
    await requestWithdrawal();
    await screen.findByText(/Withdrawal requested/);

    const keys = calls(seen, 'DepositWithdrawal/CreateWithdrawal').map(
      (r) => (r.json as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows the server’s refusal of a withdrawal', async () => {
    serveWallet({
      'DepositWithdrawal/CreateWithdrawal': () =>
        jsonResponse(failedEnvelope('Withdrawals are closed for maintenance.', 'FORBIDDEN'), 403),
    });
    await renderWithdraw();
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    await requestWithdrawal();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Withdrawals are closed for maintenance.',
    );
  });

  it('cancels a pending withdrawal after asking', async () => {
    const seen = serveWallet();
    await renderWithdraw();
    const [card] = await screen.findAllByTestId('request-card');
    await act(async () =>
      fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Cancel' })),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this withdrawal?' });
    expect(calls(seen, 'DepositWithdrawal/CancelWithdrawal')).toHaveLength(0);
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel withdrawal' })),
    );

    await waitFor(() =>
      expect(toasts()).toContain('Withdrawal cancelled: the amount is back in your balance.'),
    );
    expect(calls(seen, 'DepositWithdrawal/CancelWithdrawal')[0]?.json).toEqual({
      id: buildRequest().id,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a withdrawal when the player thinks again', async () => {
    const seen = serveWallet();
    await renderWithdraw();
    const [card] = await screen.findAllByTestId('request-card');
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(seen, 'DepositWithdrawal/CancelWithdrawal')).toHaveLength(0);
  });

  it('removes a payout account after asking', async () => {
    const seen = serveWallet();
    await renderWithdraw();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Remove UPI · alice@oksbi' })),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove this account?' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' })));
    await waitFor(() => expect(toasts()).toContain('Account removed.'));
    expect(calls(seen, 'DepositWithdrawal/RemoveWithdrawalAccount')[0]?.json).toEqual({
      id: UPI_ACCOUNT_ID,
    });
  });
});

describe('the add-account form', () => {
  async function openForm() {
    await renderWithdraw();
    fireEvent.click(screen.getByRole('button', { name: 'Add account' }));
    return within(screen.getByRole('form', { name: 'Add an account' }));
  }
  const save = () =>
    act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save account' })));

  it('wants the account number typed the same twice and a well-formed IFSC', async () => {
    const seen = serveWallet();
    const form = await openForm();
    fireEvent.change(form.getByLabelText("Account holder's name"), {
      target: { value: 'Alice Sharma' },
    });
    fireEvent.change(form.getByLabelText('Bank name'), {
      target: { value: 'Union Bank of India' },
    });
    fireEvent.change(form.getByLabelText('Account number'), { target: { value: '123456789012' } });
    fireEvent.change(form.getByLabelText('Account number again'), {
      target: { value: '123456789013' },
    });
    fireEvent.change(form.getByLabelText('IFSC'), { target: { value: 'UBIN123456' } });
    await save();

    expect(form.getByText('The account numbers do not match')).toBeTruthy();
    expect(form.getByText('Enter the 11-character IFSC, such as SBIN0001234')).toBeTruthy();
    expect(calls(seen, 'DepositWithdrawal/AddWithdrawalAccount')).toHaveLength(0);

    fireEvent.change(form.getByLabelText('Account number again'), {
      target: { value: '123456789012' },
    });
    fireEvent.change(form.getByLabelText('IFSC'), { target: { value: 'ubin0531234' } });
    await save();
    await waitFor(() =>
      expect(calls(seen, 'DepositWithdrawal/AddWithdrawalAccount')).toHaveLength(1),
    );
    expect(calls(seen, 'DepositWithdrawal/AddWithdrawalAccount')[0]?.json).toEqual({
      kind: 'BANK',
      holderName: 'Alice Sharma',
      // Free text keeps its SQL-looking words: "Union" is a bank's name.
      bankName: 'Union Bank of India',
      accountNumber: '123456789012',
      confirmAccountNumber: '123456789012',
      ifsc: 'UBIN0531234',
    });
  });

  it('adds a UPI id, checked with the contract’s rule, and chooses it', async () => {
    let added = false;
    const seen = serveWallet({
      'Account/GetPaymentInfo': () => {
        const info = buildPaymentInfo();
        if (added) {
          info.withdrawalAccounts.push({
            id: NEW_ACCOUNT_ID,
            kind: 'UPI',
            holderName: 'Alice Sharma',
            upiId: 'alice@okhdfc',
          });
        }
        return jsonResponse(okEnvelope(info));
      },
    });
    const form = await openForm();
    fireEvent.click(form.getByRole('radio', { name: 'UPI' }));
    fireEvent.change(form.getByLabelText("Account holder's name"), {
      target: { value: 'Alice Sharma' },
    });
    fireEvent.change(form.getByLabelText('UPI id'), { target: { value: 'alice-at-hdfc' } });
    await save();
    expect(form.getByText('Enter a UPI id such as name@bank')).toBeTruthy();
    expect(calls(seen, 'DepositWithdrawal/AddWithdrawalAccount')).toHaveLength(0);

    fireEvent.change(form.getByLabelText('UPI id'), { target: { value: 'alice@okhdfc' } });
    added = true;
    await save();
    await waitFor(() => expect(toasts()).toContain('Account saved.'));
    expect(calls(seen, 'DepositWithdrawal/AddWithdrawalAccount')[0]?.json).toEqual({
      kind: 'UPI',
      holderName: 'Alice Sharma',
      upiId: 'alice@okhdfc',
    });
    // The list is read again, with the new account chosen.
    const chosen = await screen.findByRole('radio', { name: /alice@okhdfc/ });
    expect((chosen as HTMLInputElement).checked).toBe(true);
    expect(calls(seen, 'Account/GetPaymentInfo')).toHaveLength(2);
  });
});
