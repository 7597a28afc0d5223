import type { GatewayReviewItem } from '@backlay/contract/admin-gateway-reviews';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMe, failure, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import PaymentReviewsPage from './payment-reviews-page';

/** A payment under review; `n` makes the ids and the player distinct. */
function buildReviewItem(n: number, overrides: Partial<GatewayReviewItem> = {}): GatewayReviewItem {
  const hex = n.toString(16).padStart(12, '0');
  return {
    id: `3f1c2a3b-4d5e-4f60-8a7b-${hex}`,
    requestId: `7a1c2a3b-4d5e-4f60-8a7b-${hex}`,
    domain: '99exch.com',
    playerId: `6f1c2a3b-4d5e-4f60-8a7b-${hex}`,
    userName: `player${n}`,
    channel: 'LINK',
    askedAmount: 1000,
    paidAmount: 1500,
    creditedAmount: null,
    gatewayReference: `plink_Ab${String(n).padStart(12, '0')}`,
    status: 'UNDER_REVIEW',
    createdAt: '2026-05-01T09:00:00.000Z',
    reviewStartedAt: '2026-05-01T09:04:00.000Z',
    decidedAt: null,
    decidedBy: null,
    remark: null,
    ...overrides,
  };
}

const OVERPAID = buildReviewItem(1);
const UNDERPAID = buildReviewItem(2, {
  channel: 'UPI_INTENT',
  askedAmount: 2000,
  paidAmount: 1200,
});

/** The server's answer to a decision: the payment decided as the body asked. */
const decided: Answer = (call) => {
  const body = call.body as { decision: string; amount?: number; remark?: string };
  return jsonResponse(
    okEnvelope({
      ...OVERPAID,
      status: body.decision === 'REJECT' ? 'REJECTED' : 'PAID',
      creditedAmount: body.decision === 'REJECT' ? null : (body.amount ?? OVERPAID.paidAmount),
      remark: body.remark ?? null,
      decidedAt: '2026-05-01T10:00:00.000Z',
      decidedBy: 'asha.owner',
    }),
  );
};

function serveReviews({ decide = decided }: { decide?: Answer } = {}) {
  return serveAdmin({
    'payments/gateway-reviews': () =>
      jsonResponse(okEnvelope({ totalCount: 2, items: [OVERPAID, UNDERPAID] })),
    'payments/gateway-reviews/decide': decide,
  });
}

const queueCalls = (seen: SeenCall[]) =>
  seen.filter((call) => call.path === 'payments/gateway-reviews');
const decisions = (seen: SeenCall[]) =>
  seen.filter((call) => call.path === 'payments/gateway-reviews/decide');

async function openReviews(me = buildMe()) {
  const view = renderPage(PaymentReviewsPage, { path: '/payments/gateway-reviews', me });
  await screen.findByRole('link', { name: 'player1' });
  return view;
}

function openFirst() {
  fireEvent.click(screen.getByRole('button', { name: 'Review payment of player1' }));
  return screen.getByRole('dialog', { name: 'Gateway payment of ₹1,000.00' });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** The dialog the queue moved on to once the first payment was decided: the second one's. */
async function movedOn(decided: string) {
  const next = await screen.findByRole('dialog', { name: 'Gateway payment of ₹2,000.00' });
  expect(within(next).getByText(`${decided} This is the next payment waiting.`)).toBeTruthy();
  expect(screen.queryByRole('dialog', { name: 'Gateway payment of ₹1,000.00' })).toBeNull();
  return next;
}

async function press(scope: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

describe('the gateway review queue', () => {
  it('lists the payments waiting, with what was asked, what was paid and the gateway reference', async () => {
    const seen = serveReviews();
    await openReviews();

    expect(Object.fromEntries(queueCalls(seen)[0]?.query ?? [])).toEqual({
      status: 'UNDER_REVIEW',
      limit: '50',
      offset: '0',
    });
    const table = screen.getByRole('table', { name: 'Gateway reviews' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('₹1,000.00');
    expect(rows[0]?.textContent).toContain('₹1,500.00');
    expect(rows[0]?.textContent).toContain('₹500.00 more');
    expect(rows[0]?.textContent).toContain(OVERPAID.gatewayReference);
    expect(rows[0]?.textContent).toContain('Under review');
    expect(rows[1]?.textContent).toContain('₹800.00 less');
    expect(rows[1]?.textContent).toContain('UPI app');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'player2' })).toHaveProperty(
      'pathname',
      `/players/${UNDERPAID.playerId}`,
    );
    expect(screen.getByLabelText('Queue totals').textContent).toBe('2 payments under review');
    // Waiting payments have no decision to show.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers.join(' ')).not.toMatch(/Credited|Decided|Remark/);
  });

  it('asks for the status and search chosen, from page 1', async () => {
    const seen = serveReviews();
    const { router } = await openReviews();
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
        target: { value: 'ALL' },
      });
    });
    type(screen.getByLabelText('Gateway reference or player'), ' plink_Ab000000000001 ');
    await act(async () => {
      fireEvent.submit(screen.getByRole('search', { name: 'Find gateway payments' }));
    });
    await vi.waitFor(() => expect(queueCalls(seen)).toHaveLength(3));
    expect(Object.fromEntries(queueCalls(seen)[2]?.query ?? [])).toEqual({
      search: 'plink_Ab000000000001',
      limit: '50',
      offset: '0',
    });
    expect(router.state.location.search).toBe('?status=all&q=plink_Ab000000000001');
    const table = screen.getByRole('table', { name: 'Gateway reviews' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
      .join(' ');
    expect(headers).toMatch(/Credited.*Decided.*Remark/);
  });
});

describe('a payment opened from the review queue', () => {
  it('credits the amount paid after the operator confirms, moves on to the next payment and reads the queue again', async () => {
    const seen = serveReviews();
    await openReviews();
    const dialog = openFirst();
    expect(within(dialog).getByText('Paid another amount than asked for')).toBeTruthy();
    expect(within(dialog).getByText(OVERPAID.gatewayReference)).toBeTruthy();

    await press(dialog, 'Credit ₹1,500.00 paid');
    expect(decisions(seen)).toEqual([]);
    expect(within(dialog).getByText(/They asked for ₹1,000.00/)).toBeTruthy();
    await press(dialog, 'Credit ₹1,500.00');

    expect(decisions(seen).map((call) => call.body)).toEqual([
      { id: OVERPAID.id, decision: 'CREDIT_PAID' },
    ]);
    const next = await movedOn('Credited: ₹1,500.00 to player1.');
    expect(within(next).getByText(UNDERPAID.gatewayReference)).toBeTruthy();
    expect(within(next).getByRole('button', { name: 'Reject' })).toBeTruthy();
    await vi.waitFor(() => expect(queueCalls(seen)).toHaveLength(2));
  });

  it('credits another amount only with a remark saying why', async () => {
    const seen = serveReviews();
    await openReviews();
    const dialog = openFirst();
    await press(dialog, 'Credit another amount');
    const amount = within(dialog).getByLabelText('Amount to credit (₹)');
    expect((amount as HTMLInputElement).value).toBe('1000');
    await press(dialog, 'Credit this amount');
    expect(within(dialog).getByText('Say why in a remark: the player reads it')).toBeTruthy();
    expect(decisions(seen)).toEqual([]);

    type(amount, '1,000');
    type(within(dialog).getByLabelText('Remark'), ' Asked amount credited, ₹500 refunded ');
    await press(dialog, 'Credit this amount');
    expect(decisions(seen).map((call) => call.body)).toEqual([
      {
        id: OVERPAID.id,
        decision: 'CREDIT_OTHER',
        amount: 1000,
        remark: 'Asked amount credited, ₹500 refunded',
      },
    ]);
    await movedOn('Credited: ₹1,000.00 to player1.');
  });

  it('rejects only with a remark, and shows the server’s refusal of a payment decided first', async () => {
    const seen = serveReviews({
      decide: () => failure('CONFLICT', 'This payment was already decided.', 409),
    });
    await openReviews();
    const dialog = openFirst();
    await press(dialog, 'Reject');
    await press(dialog, 'Reject payment');
    expect(within(dialog).getByText('Say why in a remark: the player reads it')).toBeTruthy();
    expect(decisions(seen)).toEqual([]);

    type(within(dialog).getByLabelText('Remark'), 'Refunded to the payer');
    await press(dialog, 'Reject payment');
    expect(decisions(seen).map((call) => call.body)).toEqual([
      { id: OVERPAID.id, decision: 'REJECT', remark: 'Refunded to the payer' },
    ]);
    expect(await within(dialog).findByText('This payment was already decided.')).toBeTruthy();
    await vi.waitFor(() => expect(queueCalls(seen)).toHaveLength(2));
  });

  it('offers no decision to a role that may only read payments, nor on a decided payment', async () => {
    serveAdmin({
      'payments/gateway-reviews': () =>
        jsonResponse(
          okEnvelope({
            totalCount: 2,
            items: [
              OVERPAID,
              buildReviewItem(3, {
                status: 'REJECTED',
                remark: 'Refunded to the payer',
                decidedAt: '2026-05-01T10:00:00.000Z',
                decidedBy: 'priya.finance',
              }),
            ],
          }),
        ),
    });
    await openReviews(buildMe({ role: 'support', permissions: ['payments.read'] }));
    const dialog = openFirst();
    expect(within(dialog).queryByRole('button', { name: /Credit/ })).toBeNull();
    expect(
      within(dialog).getByText('Your role may look at payments but not decide them.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Close/ }));

    fireEvent.click(screen.getByRole('button', { name: 'View payment of player3' }));
    const decidedDialog = screen.getByRole('dialog', { name: 'Gateway payment of ₹1,000.00' });
    expect(within(decidedDialog).getByText('Refunded to the payer')).toBeTruthy();
    expect(within(decidedDialog).getByText(/by priya\.finance/)).toBeTruthy();
    expect(within(decidedDialog).queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
