import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  buildMe,
  buildQueueItem,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import DepositsPage from './deposits-page';

const FIRST = buildQueueItem(1);
const REPEATED = buildQueueItem(2, { amount: 12_345.5, sameUtrCount: 2 });
const SLIP = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';

const approved = (call: SeenCall) => {
  const body = call.body as { id: string; amount?: number; remark?: string };
  return jsonResponse(
    okEnvelope({
      ...FIRST,
      status: 'APPROVED',
      settledAmount: body.amount ?? null,
      note: body.remark ?? null,
      decidedAt: '2026-05-01T10:00:00.000Z',
      decidedBy: 'asha.owner',
    }),
  );
};

function serveQueue({
  decide = approved,
  totalCount = 2,
}: { decide?: Answer; totalCount?: number } = {}) {
  return serveAdmin({
    'payments/queue': () =>
      jsonResponse(okEnvelope({ totalCount, totalAmount: 17_345.5, items: [FIRST, REPEATED] })),
    'payments/slip': () => jsonResponse(okEnvelope({ dataUrl: SLIP })),
    'payments/deposit/decide': decide,
  });
}

const queueCalls = (seen: SeenCall[]) => seen.filter((call) => call.path === 'payments/queue');
const decisions = (seen: SeenCall[]) =>
  seen.filter((call) => call.path === 'payments/deposit/decide');

async function openDeposits(me = buildMe()) {
  const view = renderPage(DepositsPage, { path: '/payments/deposits', me });
  await screen.findByRole('link', { name: 'player1' });
  return view;
}

/** Opens the first deposit's dialog. */
async function reviewFirst() {
  fireEvent.click(screen.getByRole('button', { name: 'Review request of player1' }));
  return screen.getByRole('dialog', { name: 'Deposit of ₹5,000.00' });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/**
 * The dialog the queue moved on to after the first deposit was decided: the second one's,
 * opening with what the decision did. The first one's dialog is gone.
 */
async function movedOn(decided: string) {
  const next = await screen.findByRole('dialog', { name: 'Deposit of ₹12,345.50' });
  expect(within(next).getByText(`${decided} This is the next request waiting.`)).toBeTruthy();
  expect(screen.queryByRole('dialog', { name: 'Deposit of ₹5,000.00' })).toBeNull();
  return next;
}

async function press(scope: HTMLElement, name: string) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

describe('the deposits queue', () => {
  it('lists the pending deposits the server answered, with the totals over every page', async () => {
    const seen = serveQueue();
    await openDeposits();

    expect(Object.fromEntries(queueCalls(seen)[0]?.query ?? [])).toEqual({
      kind: 'DEPOSIT',
      status: 'PENDING',
      limit: '50',
      offset: '0',
    });
    const table = screen.getByRole('table', { name: 'Deposits' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'player2' })).toHaveProperty(
      'pathname',
      `/players/${REPEATED.playerId}`,
    );
    expect(rows[1]?.textContent).toContain('₹12,345.50');
    expect(rows[1]?.textContent).toContain('UTR seen 2× before');
    expect(rows[0]?.textContent).not.toContain('UTR seen');
    expect(rows[0]?.textContent).toContain(FIRST.reference);
    expect(rows[0]?.textContent).toContain('exch.collect@okaxis');
    const totals = screen.getByLabelText('Queue totals');
    expect(totals.textContent).toContain('2 pending deposits');
    expect(totals.textContent).toContain('₹17,345.50');
  });

  it('keeps every column within a laptop’s width: the channel hidden at first, times to the minute, the account, decision and note wrapping', async () => {
    const decided = buildQueueItem(3, {
      status: 'APPROVED',
      channel: 'BANK',
      account: 'State Bank of India, Gold365 Gaming Pvt Ltd, A/c 30012345678901, IFSC SBIN0001234',
      decidedAt: '2026-05-01T10:05:30.000Z',
      decidedBy: 'meera.finance',
      note: 'The slip shows the amount asked for, paid from the player’s own account',
    });
    serveAdmin({
      'payments/queue': () =>
        jsonResponse(okEnvelope({ totalCount: 1, totalAmount: 5000, items: [decided] })),
    });
    renderPage(DepositsPage, { path: '/payments/deposits', me: buildMe() });
    const table = await screen.findByRole('table', { name: 'Deposits' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent?.replace(/[↕▲▼]/g, '').trim());
    expect(headers).toEqual([
      'Request',
      'Player',
      'Amount',
      'Created',
      'UTR / reference',
      'Status',
      'Brand',
      'Paid into',
      'Decided',
      'Note',
    ]);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    const cells = Array.from(row.querySelectorAll('td'));
    const at = (header: string) => cells[headers.indexOf(header)] as HTMLElement;
    // To the minute, no seconds and no year; the full time is the title.
    expect(at('Created').textContent).toMatch(/^\d{2} May( \d{4})?, \d{2}:\d{2}$/);
    expect(at('Created').querySelector('[title]')?.getAttribute('title')).toMatch(/2026.*:00$/);
    expect(at('Decided').textContent).toMatch(/^\d{2} May( \d{4})?, \d{2}:\d{2}meera\.finance$/);
    for (const header of ['Paid into', 'Decided', 'Note']) {
      expect(at(header).querySelector('.queue-wrap')).not.toBeNull();
    }
    expect(at('Paid into').textContent).toBe(decided.account);
    expect(at('Note').querySelector('[title]')?.getAttribute('title')).toBe(decided.note);
    // The channel can still be shown from the column chooser.
    const chooser = screen.getByRole('group', { name: 'Show columns' });
    expect(within(chooser).getByRole('checkbox', { name: 'Channel' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('shows a corrected amount struck through beside the one credited', async () => {
    serveAdmin({
      'payments/queue': () =>
        jsonResponse(
          okEnvelope({
            totalCount: 1,
            totalAmount: 4500,
            items: [buildQueueItem(1, { status: 'APPROVED', settledAmount: 4500 })],
          }),
        ),
    });
    await openDeposits();
    const row = within(screen.getByRole('table', { name: 'Deposits' })).getAllByRole('row')[1];
    const asked = within(row as HTMLElement).getByText('₹5,000.00');
    expect(asked.closest('.corrected__asked')).not.toBeNull();
    expect(row?.textContent).toContain('Asked ₹5,000.00, settled ₹4,500.00');
  });

  it('asks for the brand, status, search and page chosen, starting each new filter on page 1', async () => {
    const seen = serveQueue({ totalCount: 120 });
    const { router } = await openDeposits(
      buildMe({ role: 'finance', brands: ['gold365.bet', '99exch.com'] }),
    );
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    expect(
      within(brand)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All brands', '99exch.com', 'gold365.bet']);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    });
    await act(async () => {
      fireEvent.change(brand, { target: { value: 'gold365.bet' } });
    });
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
        target: { value: 'ALL' },
      });
    });
    type(screen.getByLabelText('UTR, reference or player'), ' 412345678901 ');
    await act(async () => {
      fireEvent.submit(screen.getByRole('search', { name: 'Find deposits' }));
    });
    await vi.waitFor(() => expect(queueCalls(seen)).toHaveLength(5));

    expect(queueCalls(seen).map((call) => Object.fromEntries(call.query))).toEqual([
      { kind: 'DEPOSIT', status: 'PENDING', limit: '50', offset: '0' },
      { kind: 'DEPOSIT', status: 'PENDING', limit: '50', offset: '50' },
      { kind: 'DEPOSIT', brand: 'gold365.bet', status: 'PENDING', limit: '50', offset: '0' },
      { kind: 'DEPOSIT', brand: 'gold365.bet', limit: '50', offset: '0' },
      {
        kind: 'DEPOSIT',
        brand: 'gold365.bet',
        search: '412345678901',
        limit: '50',
        offset: '0',
      },
    ]);
    expect(router.state.location.search).toBe('?brand=gold365.bet&status=all&q=412345678901');
  });
});

describe('a deposit opened from the queue', () => {
  it('shows the slip, which zooms to full size', async () => {
    const seen = serveQueue();
    await openDeposits();
    const dialog = await reviewFirst();

    const slip = await within(dialog).findByRole('img', { name: 'Payment slip of player1' });
    expect(slip.getAttribute('src')).toBe(SLIP);
    expect(seen.find((call) => call.path === 'payments/slip')?.query.get('id')).toBe(FIRST.slipId);
    const zoom = within(dialog).getByRole('button', { name: 'Full size' });
    fireEvent.click(zoom);
    expect(zoom.getAttribute('aria-pressed')).toBe('true');
    expect(slip.parentElement?.className).toContain('slip__frame--full');
    expect(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('download')).toBe(
      `slip-${FIRST.slipId}.png`,
    );
  });

  it('warns of a UTR seen before', async () => {
    serveQueue();
    await openDeposits();
    fireEvent.click(screen.getByRole('button', { name: 'Review request of player2' }));
    const dialog = screen.getByRole('dialog', { name: 'Deposit of ₹12,345.50' });
    expect(within(dialog).getByText('UTR seen 2× before')).toBeTruthy();
  });

  it('refuses a corrected amount without a remark, and sends nothing', async () => {
    const seen = serveQueue();
    await openDeposits();
    const dialog = await reviewFirst();
    await press(dialog, 'Approve');
    type(within(dialog).getByLabelText('Amount to credit (₹)'), '4,500');
    expect(within(dialog).getByText(/The player asked for ₹5,000.00/)).toBeTruthy();
    await press(dialog, 'Approve and credit');

    expect(within(dialog).getByText('Say why the amount was corrected')).toBeTruthy();
    expect(decisions(seen)).toEqual([]);
  });

  it('approves what the player asked for, sending no amount, moves on to the next request and reads the queue again', async () => {
    const seen = serveQueue();
    await openDeposits();
    const dialog = await reviewFirst();
    await press(dialog, 'Approve');
    expect(within(dialog).getByText('₹5,000.00', { selector: 'strong' })).toBeTruthy();
    await press(dialog, 'Approve and credit');

    expect(decisions(seen).map((call) => call.body)).toEqual([
      { id: FIRST.id, decision: 'APPROVE' },
    ]);
    const next = await movedOn('Approved: ₹5,000.00 credited to player1.');
    expect(within(next).getByText('UTR seen 2× before')).toBeTruthy();
    expect(within(next).getByRole('button', { name: 'Approve' })).toBeTruthy();
    await vi.waitFor(() => expect(queueCalls(seen)).toHaveLength(2));
    // Closing it leaves the queue, without the notice of a decision made before.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/Approved: ₹5,000.00/)).toBeNull();
  });

  it('approves a corrected amount with the remark saying why', async () => {
    const seen = serveQueue();
    await openDeposits();
    const dialog = await reviewFirst();
    await press(dialog, 'Approve');
    type(within(dialog).getByLabelText('Amount to credit (₹)'), '4500');
    type(within(dialog).getByLabelText('Remark'), ' The slip shows ₹4,500 ');
    await press(dialog, 'Approve and credit');

    expect(decisions(seen).map((call) => call.body)).toEqual([
      { id: FIRST.id, decision: 'APPROVE', amount: 4500, remark: 'The slip shows ₹4,500' },
    ]);
    await movedOn('Approved: ₹4,500.00 credited to player1.');
  });

  it('rejects only with a remark', async () => {
    const seen = serveQueue({
      decide: () =>
        jsonResponse(okEnvelope({ ...FIRST, status: 'REJECTED', note: 'No such payment' })),
    });
    await openDeposits();
    const dialog = await reviewFirst();
    await press(dialog, 'Reject');
    await press(dialog, 'Reject deposit');
    expect(within(dialog).getByText('Say why the deposit is rejected')).toBeTruthy();
    expect(decisions(seen)).toEqual([]);

    type(within(dialog).getByLabelText('Remark'), 'No such payment');
    await press(dialog, 'Reject deposit');
    expect(decisions(seen).map((call) => call.body)).toEqual([
      { id: FIRST.id, decision: 'REJECT', remark: 'No such payment' },
    ]);
    await movedOn('Rejected: nothing was credited to player1.');
  });

  it('shows the server’s refusal of a deposit decided first, and reads the queue again', async () => {
    const seen = serveQueue({
      decide: () => failure('CONFLICT', 'The deposit was already decided by priya.', 409),
    });
    await openDeposits();
    const dialog = await reviewFirst();
    await press(dialog, 'Approve');
    await press(dialog, 'Approve and credit');

    expect(
      await within(dialog).findByText('The deposit was already decided by priya.'),
    ).toBeTruthy();
    await vi.waitFor(() => expect(queueCalls(seen)).toHaveLength(2));
  });

  it('offers no decision to a role that may only read the queue', async () => {
    serveQueue();
    await openDeposits(
      buildMe({ role: 'support', permissions: ['payments.read', 'players.read'] }),
    );
    const dialog = await reviewFirst();
    await within(dialog).findByRole('img', { name: 'Payment slip of player1' });
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(
      within(dialog).getByText('Your role may look at requests but not decide them.'),
    ).toBeTruthy();
  });

  it('offers no decision on a request already decided', async () => {
    serveAdmin({
      'payments/queue': () =>
        jsonResponse(
          okEnvelope({
            totalCount: 1,
            totalAmount: 5000,
            items: [buildQueueItem(1, { status: 'REJECTED', note: 'Duplicate' })],
          }),
        ),
      'payments/slip': () => jsonResponse(okEnvelope({ dataUrl: SLIP })),
    });
    await openDeposits();
    fireEvent.click(screen.getByRole('button', { name: 'View request of player1' }));
    const dialog = screen.getByRole('dialog', { name: 'Deposit of ₹5,000.00' });
    expect(within(dialog).getByText('Duplicate')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('a deposit awaiting a second approval', () => {
  const AWAITING = buildQueueItem(3, {
    status: 'AWAITING_APPROVAL',
    proposedAmount: 5_200,
    proposedBy: 'meera.finance',
    note: 'The slip shows ₹5,200',
  });

  function serveAwaiting(decide: Answer = approvedAwaiting) {
    return serveAdmin({
      'payments/queue': () =>
        jsonResponse(okEnvelope({ totalCount: 1, totalAmount: 5_000, items: [AWAITING] })),
      'payments/slip': () => jsonResponse(okEnvelope({ dataUrl: SLIP })),
      'payments/deposit/decide': decide,
    });
  }

  function approvedAwaiting() {
    return jsonResponse(
      okEnvelope({
        ...AWAITING,
        status: 'APPROVED',
        settledAmount: 5_200,
        decidedAt: '2026-05-01T10:00:00.000Z',
        decidedBy: 'asha.owner',
      }),
    );
  }

  async function openAwaiting(me = buildMe()) {
    renderPage(DepositsPage, { path: '/payments/deposits', me });
    await screen.findByRole('link', { name: 'player3' });
    const row = within(screen.getByRole('table', { name: 'Deposits' })).getAllByRole('row')[1];
    fireEvent.click(screen.getByRole('button', { name: 'Review request of player3' }));
    return { row, dialog: screen.getByRole('dialog', { name: 'Deposit of ₹5,000.00' }) };
  }

  it('shows the proposed amount and who proposed it, and credits it on another operator’s approval', async () => {
    const seen = serveAwaiting();
    const { row, dialog } = await openAwaiting();
    expect(row?.textContent).toContain('Asked ₹5,000.00, ₹5,200.00 proposed');
    expect(row?.textContent).toContain('Awaiting 2nd approval');
    expect(within(dialog).getByText('Proposed').nextElementSibling?.textContent).toBe(
      '₹5,200.00 by meera.finance',
    );
    await press(dialog, 'Approve ₹5,200.00');
    expect(dialog.textContent).toContain(
      'Credit ₹5,200.00 to player3 on 99exch.com, as meera.finance proposed. The player asked for ₹5,000.00.',
    );
    await press(dialog, 'Approve and credit ₹5,200.00');
    expect(decisions(seen).map((call) => call.body)).toEqual([
      { id: AWAITING.id, decision: 'APPROVE', proposedAmount: 5_200 },
    ]);
    expect(
      await screen.findByText(
        'Approved: ₹5,200.00 credited to player3. Nothing else on this page waits for you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lets another operator reject it, with a remark', async () => {
    const seen = serveAwaiting(() =>
      jsonResponse(okEnvelope({ ...AWAITING, status: 'REJECTED', note: 'Only ₹5,000 arrived' })),
    );
    const { dialog } = await openAwaiting();
    await press(dialog, 'Reject');
    type(within(dialog).getByLabelText('Remark'), 'Only ₹5,000 arrived');
    await press(dialog, 'Reject deposit');
    expect(decisions(seen).map((call) => call.body)).toEqual([
      { id: AWAITING.id, decision: 'REJECT', remark: 'Only ₹5,000 arrived' },
    ]);
    expect(
      await screen.findByText(
        'Rejected: nothing was credited to player3. Nothing else on this page waits for you.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells the operator who proposed it that someone else decides it', async () => {
    serveAwaiting();
    const { dialog } = await openAwaiting(buildMe({ userName: 'meera.finance', role: 'finance' }));
    expect(
      within(dialog).getByText(
        'You proposed crediting ₹5,200.00: another operator approves or rejects it.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('says when an approval only proposed the corrected amount', async () => {
    serveQueue({
      decide: () =>
        jsonResponse(
          okEnvelope({
            ...FIRST,
            status: 'AWAITING_APPROVAL',
            proposedAmount: 5_600,
            proposedBy: 'asha.owner',
          }),
        ),
    });
    await openDeposits();
    const dialog = await reviewFirst();
    await press(dialog, 'Approve');
    type(within(dialog).getByLabelText('Amount to credit (₹)'), '5600');
    expect(dialog.textContent).toContain('it waits for a second operator’s approval');
    type(within(dialog).getByLabelText('Remark'), 'The slip shows ₹5,600');
    await press(dialog, 'Approve and credit');
    await movedOn('Proposed: ₹5,600.00 for player1 waits for a second operator’s approval.');
  });
});
