import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMe, buildQueueItem, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type SeenCall } from '../../../shared/test/serve-admin';
import WithdrawalsPage from './withdrawals-page';

const WITHDRAWAL = buildQueueItem(3, {
  kind: 'WITHDRAWAL',
  amount: 2500,
  channel: 'BANK',
  account: 'HDFC Bank · 50100123456789 · HDFC0001234 · Ravi Kumar',
});

function serveQueue() {
  return serveAdmin({
    'payments/queue': () =>
      jsonResponse(okEnvelope({ totalCount: 1, totalAmount: 2500, items: [WITHDRAWAL] })),
    'payments/withdrawal/decide': (call: SeenCall) => {
      const body = call.body as { decision: string; payoutReference?: string };
      return jsonResponse(
        okEnvelope({
          ...WITHDRAWAL,
          status: body.decision === 'PAID' ? 'APPROVED' : 'REJECTED',
          reference: body.payoutReference ?? null,
        }),
      );
    },
  });
}

const decisions = (seen: SeenCall[]) =>
  seen.filter((call) => call.path === 'payments/withdrawal/decide');

async function openWithdrawal(me = buildMe()) {
  renderPage(WithdrawalsPage, { path: '/payments/withdrawals', me });
  fireEvent.click(await screen.findByRole('button', { name: 'Review request of player3' }));
  return screen.getByRole('dialog', { name: 'Withdrawal of ₹2,500.00' });
}

async function press(scope: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

describe('the withdrawals queue', () => {
  it('asks for the pending withdrawals, and shows the payout account in full to copy', async () => {
    const seen = serveQueue();
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const dialog = await openWithdrawal();

    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({
      kind: 'WITHDRAWAL',
      status: 'PENDING',
      limit: '50',
      offset: '0',
    });
    expect(within(dialog).getByLabelText('Payout account')).toHaveProperty(
      'value',
      WITHDRAWAL.account,
    );
    await press(dialog, 'Copy');
    expect(writeText).toHaveBeenCalledWith(WITHDRAWAL.account);
    // A withdrawal has no slip to fetch.
    expect(seen.map((call) => call.path)).toEqual(['payments/queue']);
  });

  it('marks paid only with the payout reference', async () => {
    const seen = serveQueue();
    const dialog = await openWithdrawal();
    await press(dialog, 'Mark paid');
    await press(dialog, 'Mark paid');
    expect(within(dialog).getByText('Enter the payout reference')).toBeTruthy();
    expect(decisions(seen)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Payout reference'), {
      target: { value: ' N123456789012 ' },
    });
    await press(dialog, 'Mark paid');
    expect(decisions(seen).map((call) => call.body)).toEqual([
      { id: WITHDRAWAL.id, decision: 'PAID', payoutReference: 'N123456789012' },
    ]);
    // The only request waiting is decided: the dialog closes on the queue, saying so.
    expect(
      await screen.findByText(
        'Marked paid: ₹2,500.00 paid out to player3. Nothing else on this page waits for you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('rejects with a remark, returning the hold to the player', async () => {
    const seen = serveQueue();
    const dialog = await openWithdrawal();
    await press(dialog, 'Reject');
    expect(dialog.textContent).toContain('The ₹2,500.00 held returns to player3’s balance.');
    await press(dialog, 'Reject withdrawal');
    expect(within(dialog).getByText('Say why the withdrawal is rejected')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Remark'), {
      target: { value: 'The account is not in the player’s name' },
    });
    await press(dialog, 'Reject withdrawal');
    expect(decisions(seen).map((call) => call.body)).toEqual([
      {
        id: WITHDRAWAL.id,
        decision: 'REJECT',
        remark: 'The account is not in the player’s name',
      },
    ]);
    // The only request waiting is decided: the dialog closes on the queue, saying so.
    expect(
      await screen.findByText(
        'Rejected: the ₹2,500.00 held went back to player3. Nothing else on this page waits for you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads the queue again while open, and says a withdrawal the player cancelled no longer waits', async () => {
    let cancelled = false;
    const seen = serveAdmin({
      'payments/queue': () =>
        jsonResponse(
          okEnvelope(
            cancelled
              ? { totalCount: 0, totalAmount: 0, items: [] }
              : { totalCount: 1, totalAmount: 2500, items: [WITHDRAWAL] },
          ),
        ),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const dialog = await openWithdrawal();
      expect(within(dialog).getByRole('button', { name: 'Mark paid' })).toBeTruthy();
      cancelled = true;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(31_000);
      });
      await vi.waitFor(() =>
        expect(seen.filter((call) => call.path === 'payments/queue')).toHaveLength(2),
      );
      expect(
        await within(dialog).findByText('No longer waiting', { selector: '.notice__title' }),
      ).toBeTruthy();
      // The status read before is out of date: it says so rather than "Pending".
      expect(within(dialog).getByText('Status').nextElementSibling?.textContent).toBe(
        'No longer waiting',
      );
      expect(within(dialog).queryByRole('button', { name: 'Mark paid' })).toBeNull();
      expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
      // The row is gone from the queue behind it.
      expect(screen.getByText('Nothing is waiting.')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers no decision to a role without payments.decide', async () => {
    serveQueue();
    const dialog = await openWithdrawal(
      buildMe({ role: 'support', permissions: ['payments.read'] }),
    );
    expect(within(dialog).queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
