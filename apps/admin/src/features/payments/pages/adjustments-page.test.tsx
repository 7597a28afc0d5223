import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  buildAdjustment,
  buildMe,
  buildPlayerRow,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import AdjustmentsPage from './adjustments-page';

const APPLIED = buildAdjustment(1);
const AWAITING = buildAdjustment(2, {
  amount: -25_000,
  status: 'AWAITING_APPROVAL',
  reason: 'Chargeback on a card deposit',
});
const PLAYER = buildPlayerRow(7, { domain: 'gold365.bet' });

function serveAdjustments({
  create = (call: SeenCall) =>
    jsonResponse(
      okEnvelope(
        buildAdjustment(7, {
          ...(call.body as { amount: number; reason: string }),
          userName: PLAYER.userName,
          playerId: PLAYER.id,
          requestedBy: 'asha.owner',
        }),
      ),
    ),
  decide = (call: SeenCall) =>
    jsonResponse(
      okEnvelope({
        ...AWAITING,
        status: (call.body as { approve: boolean }).approve ? 'APPLIED' : 'REJECTED',
      }),
    ),
}: { create?: Answer; decide?: Answer } = {}) {
  return serveAdmin({
    'payments/adjustments': (call) =>
      call.method === 'GET'
        ? jsonResponse(
            okEnvelope({
              approvalAbove: 10_000,
              approvalWindowHours: 24,
              items: [APPLIED, AWAITING],
            }),
          )
        : create(call),
    'payments/adjustments/decide': decide,
    players: () => jsonResponse(okEnvelope({ items: [PLAYER], nextAfter: null })),
  });
}

const lists = (seen: SeenCall[]) =>
  seen.filter((call) => call.path === 'payments/adjustments' && call.method === 'GET');
const creations = (seen: SeenCall[]) =>
  seen.filter((call) => call.path === 'payments/adjustments' && call.method === 'POST');
const decisions = (seen: SeenCall[]) =>
  seen.filter((call) => call.path === 'payments/adjustments/decide');

async function openAdjustments(me = buildMe()) {
  renderPage(AdjustmentsPage, { path: '/payments/adjustments', me });
  return screen.findByRole('table', { name: 'Adjustments' });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function press(scope: HTMLElement, name: string | RegExp) {
  await act(async () => {
    fireEvent.click(within(scope).getByRole('button', { name }));
  });
}

describe('the adjustments', () => {
  it('lists them with the threshold above which a second operator approves, by status', async () => {
    const seen = serveAdjustments();
    const table = await openAdjustments();
    expect(
      screen.getByText(
        'What one operator adjusts for one player over 24 hours, credits and debits alike, counts together: an adjustment that takes it above ₹10,000.00 needs a second operator, and waits below until another operator approves it.',
      ),
    ).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('₹500.00');
    expect(rows[1]?.textContent).toContain('-₹25,000.00');
    expect(rows[1]?.textContent).toContain('Awaiting approval');
    // Only the adjustment awaiting approval can be decided.
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Approve/ })).toBeNull();

    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), {
        target: { value: 'AWAITING_APPROVAL' },
      });
    });
    await vi.waitFor(() => expect(lists(seen)).toHaveLength(2));
    expect(lists(seen).map((call) => Object.fromEntries(call.query))).toEqual([
      {},
      { status: 'AWAITING_APPROVAL' },
    ]);
  });

  it('approves another operator’s adjustment after asking', async () => {
    const seen = serveAdjustments();
    await openAdjustments();
    fireEvent.click(screen.getByRole('button', { name: 'Approve adjustment of player2' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve the adjustment' });
    expect(dialog.textContent).toContain('A debit of ₹25,000.00 from player2');
    await press(dialog, 'Approve');
    expect(decisions(seen).map((call) => call.body)).toEqual([{ id: AWAITING.id, approve: true }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await vi.waitFor(() => expect(lists(seen)).toHaveLength(2));
  });

  it('shows the server’s refusal of an operator approving their own', async () => {
    const seen = serveAdjustments({
      decide: () =>
        failure('FORBIDDEN', 'A second operator must approve an adjustment you asked for.', 403),
    });
    await openAdjustments();
    fireEvent.click(screen.getByRole('button', { name: 'Reject adjustment of player2' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the adjustment' });
    await press(dialog, 'Reject');
    expect(decisions(seen).map((call) => call.body)).toEqual([{ id: AWAITING.id, approve: false }]);
    expect(
      within(dialog).getByText('A second operator must approve an adjustment you asked for.'),
    ).toBeTruthy();
  });
});

describe('a new adjustment', () => {
  async function choosePlayer(form: HTMLElement) {
    type(within(form).getByLabelText('Player'), 'player7');
    await press(form, 'Find');
    await press(await within(form).findByRole('list', { name: 'Players found' }), /player7/);
  }

  it('debits the chosen player the amount typed, signed, after asking', async () => {
    const seen = serveAdjustments();
    await openAdjustments();
    const form = screen.getByRole('form', { name: 'New adjustment' });
    await choosePlayer(form);
    expect(seen.find((call) => call.path === 'players')?.query.get('q')).toBe('player7');
    expect(within(form).getByLabelText('Chosen player').textContent).toContain('gold365.bet');
    fireEvent.click(within(form).getByRole('radio', { name: /Debit/ }));
    type(within(form).getByLabelText('Amount (₹)'), '1,500');
    type(within(form).getByLabelText('Reason'), 'Bonus credited twice');
    await press(form, 'Debit…');

    const dialog = screen.getByRole('dialog', { name: 'Debit the player' });
    expect(dialog.textContent).toContain('Take ₹1,500.00 from the cash of player7 (gold365.bet).');
    expect(creations(seen)).toEqual([]);
    await press(dialog, 'Debit ₹1,500.00');

    expect(creations(seen).map((call) => call.body)).toEqual([
      {
        playerId: PLAYER.id,
        amount: -1500,
        reason: 'Bonus credited twice',
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    expect(await screen.findByText('Applied: the debit of ₹1,500.00 to player7.')).toBeTruthy();
    expect(within(form).getByLabelText('Amount (₹)')).toHaveProperty('value', '');
  });

  it('says a large credit waits for a second operator', async () => {
    const seen = serveAdjustments({
      create: (call) =>
        jsonResponse(
          okEnvelope(
            buildAdjustment(7, {
              amount: (call.body as { amount: number }).amount,
              userName: PLAYER.userName,
              status: 'AWAITING_APPROVAL',
            }),
          ),
        ),
    });
    await openAdjustments();
    const form = screen.getByRole('form', { name: 'New adjustment' });
    await choosePlayer(form);
    type(within(form).getByLabelText('Amount (₹)'), '50000');
    type(within(form).getByLabelText('Reason'), 'Missed deposit, proved by the bank');
    await press(form, 'Credit…');
    const dialog = screen.getByRole('dialog', { name: 'Credit the player' });
    expect(dialog.textContent).toContain('waits for a second operator to approve it');
    await press(dialog, 'Credit ₹50,000.00');
    expect((creations(seen)[0]?.body as { amount: number }).amount).toBe(50_000);
    expect(
      await screen.findByText(
        'The credit of ₹50,000.00 to player7 waits for a second operator’s approval.',
      ),
    ).toBeTruthy();
  });

  it('asks for the player, the amount and the reason before anything is sent', async () => {
    const seen = serveAdjustments();
    await openAdjustments();
    const form = screen.getByRole('form', { name: 'New adjustment' });
    await press(form, 'Credit…');
    expect(within(form).getByText('Choose the player')).toBeTruthy();
    expect(within(form).getByText('Enter an amount')).toBeTruthy();
    expect(within(form).getByText('Write a reason of at least 5 characters')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(creations(seen)).toEqual([]);
  });

  it('takes a player id typed by an operator who may not search players', async () => {
    const seen = serveAdjustments();
    await openAdjustments(buildMe({ role: 'finance', permissions: ['payments.adjust'] }));
    const form = screen.getByRole('form', { name: 'New adjustment' });
    expect(within(form).queryByRole('button', { name: 'Find' })).toBeNull();
    type(within(form).getByLabelText('Player id'), PLAYER.id);
    type(within(form).getByLabelText('Amount (₹)'), '250');
    type(within(form).getByLabelText('Reason'), 'Goodwill after an outage');
    await press(form, 'Credit…');
    await press(screen.getByRole('dialog', { name: 'Credit the player' }), 'Credit ₹250.00');
    expect(creations(seen).map((call) => call.body)).toEqual([
      {
        playerId: PLAYER.id,
        amount: 250,
        reason: 'Goodwill after an outage',
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
  });

  it('sends a retry of a failed adjustment with its key, and the next adjustment with a new one', async () => {
    let answers = 0;
    const seen = serveAdjustments({
      create: (call) =>
        ++answers === 1
          ? failure('INTERNAL', 'Something went wrong on our side.', 500)
          : jsonResponse(
              okEnvelope(
                buildAdjustment(7, {
                  ...(call.body as { amount: number; reason: string }),
                  userName: PLAYER.userName,
                }),
              ),
            ),
    });
    await openAdjustments(buildMe({ role: 'finance', permissions: ['payments.adjust'] }));
    const form = screen.getByRole('form', { name: 'New adjustment' });
    const fill = (reason: string) => {
      type(within(form).getByLabelText('Player id'), PLAYER.id);
      type(within(form).getByLabelText('Amount (₹)'), '250');
      type(within(form).getByLabelText('Reason'), reason);
    };
    fill('Goodwill after an outage');
    await press(form, 'Credit…');
    const dialog = screen.getByRole('dialog', { name: 'Credit the player' });
    await press(dialog, 'Credit ₹250.00');
    expect(await within(dialog).findByText('Something went wrong on our side.')).toBeTruthy();
    // The same adjustment sent again, from the dialog or the form, keeps its key.
    await press(dialog, 'Credit ₹250.00');
    expect(await screen.findByText('Applied: the credit of ₹250.00 to player7.')).toBeTruthy();
    // The same adjustment once more, after it succeeded, is a new one.
    fill('Goodwill after an outage');
    await press(form, 'Credit…');
    await press(screen.getByRole('dialog', { name: 'Credit the player' }), 'Credit ₹250.00');
    const keys = creations(seen).map(
      (call) => (call.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('gives an adjustment changed after a failure a new key', async () => {
    const seen = serveAdjustments({
      create: () => failure('INTERNAL', 'Something went wrong on our side.', 500),
    });
    await openAdjustments(buildMe({ role: 'finance', permissions: ['payments.adjust'] }));
    const form = screen.getByRole('form', { name: 'New adjustment' });
    type(within(form).getByLabelText('Player id'), PLAYER.id);
    type(within(form).getByLabelText('Amount (₹)'), '250');
    type(within(form).getByLabelText('Reason'), 'Goodwill after an outage');
    await press(form, 'Credit…');
    await press(screen.getByRole('dialog', { name: 'Credit the player' }), 'Credit ₹250.00');
    await screen.findByText('Something went wrong on our side.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    type(within(form).getByLabelText('Amount (₹)'), '260');
    await press(form, 'Credit…');
    await press(screen.getByRole('dialog', { name: 'Credit the player' }), 'Credit ₹260.00');
    const [first, second] = creations(seen).map(
      (call) => (call.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });
});
