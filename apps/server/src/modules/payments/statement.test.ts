import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { bankAccount, fund, key, must, paymentsApp } from './payments-test-kit';

interface Row {
  id: string;
  type: string;
  amount: number;
  balance: number;
  description: string;
}

describe.each(TEST_BACKENDS)('the statement and adjustments (%s)', (backend) => {
  it('pages the statement by cursor with a running balance, filters it, and details a row', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const depositIds = [];
    for (const amount of [1_000, 2_000, 3_000, 4_000])
      depositIds.push(await fund(kit, player, amount));
    const account = await bankAccount(player);
    const withdrawal = await player.call('POST', 'DepositWithdrawal/CreateWithdrawal', {
      amount: 1_500,
      withdrawalAccountId: account,
      idempotencyKey: key(),
    });
    await player.call('POST', 'DepositWithdrawal/CancelWithdrawal', {
      id: withdrawal.body.result.id,
    });

    const rows: Row[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await player.call('GET', 'Transaction/GetHistory', {
        MaxResultCount: 2,
        ...(cursor ? { cursor } : {}),
      });
      rows.push(...page.body.result.items);
      cursor = page.body.result.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(rows.map((r) => [r.description, r.amount, r.balance])).toEqual([
      ['Withdrawal returned', 1_500, 10_000],
      ['Withdrawal requested', -1_500, 8_500],
      ['Deposit', 4_000, 10_000],
      ['Deposit', 3_000, 6_000],
      ['Deposit', 2_000, 3_000],
      ['Deposit', 1_000, 1_000],
    ]);

    const deposits = await player.call('GET', 'Transaction/GetHistory', {
      type: 'DEPOSIT',
      MaxResultCount: 3,
    });
    expect(deposits.body.result.items.map((r: Row) => r.balance)).toEqual([10_000, 6_000, 3_000]);
    const older = await player.call('GET', 'Transaction/GetHistory', {
      type: 'DEPOSIT',
      cursor: deposits.body.result.nextCursor,
    });
    expect(older.body.result).toMatchObject({
      nextCursor: null,
      items: [{ amount: 1_000, balance: 1_000 }],
    });

    const forged = must(deposits.body.result.nextCursor as string).replace(
      /\.(\d+)\./,
      '.99999999.',
    );
    const refused = await player.call('GET', 'Transaction/GetHistory', { cursor: forged });
    expect(refused.status).toBe(400);
    const other = await kit.player();
    const borrowed = await other.call('GET', 'Transaction/GetHistory', {
      cursor: deposits.body.result.nextCursor,
    });
    expect(borrowed.status).toBe(400);

    const detail = await player.call('GET', 'Transaction/GetDetail', { id: must(rows[2]).id });
    expect(detail.body.result).toMatchObject({
      type: 'DEPOSIT',
      amount: 4_000,
      balance: 10_000,
      request: { id: depositIds[3], kind: 'DEPOSIT', status: 'APPROVED' },
    });
    expect(detail.body.result.entries).toEqual(
      expect.arrayContaining([
        { account: 'Cash', amount: 4_000 },
        { account: 'Payments', amount: -4_000 },
      ]),
    );
    const notTheirs = await other.call('GET', 'Transaction/GetDetail', { id: must(rows[2]).id });
    expect(notTheirs.status).toBe(404);
  });

  it('applies small adjustments at once and holds large ones for a second operator', async () => {
    const kit = await paymentsApp(backend);
    const finance = await kit.operator(kit.owner.token, 'finance.two', 'finance', 'all');
    const player = await kit.player();
    const small = await kit.call(calls.createAdjustmentRoute, {
      token: finance.token,
      input: {
        playerId: player.id,
        amount: 500,
        reason: 'Goodwill for a delayed payout',
        idempotencyKey: key(),
      },
    });
    expect(small.result?.status).toBe('APPLIED');
    const overdraw = await kit.call(calls.createAdjustmentRoute, {
      token: finance.token,
      input: {
        playerId: player.id,
        amount: -600,
        reason: 'Chargeback from the bank',
        idempotencyKey: key(),
      },
    });
    expect(overdraw.error?.message).toBe(
      'The player has ₹500 in cash: a debit cannot take it below zero.',
    );

    const large = must(
      (
        await kit.call(calls.createAdjustmentRoute, {
          token: finance.token,
          input: {
            playerId: player.id,
            amount: 25_000,
            reason: 'Deposit credited by hand',
            idempotencyKey: key(),
          },
        })
      ).result,
    );
    expect(large.status).toBe('AWAITING_APPROVAL');
    const history = async () =>
      (await player.call('GET', 'Transaction/GetHistory', {})).body.result.items.map(
        (r: Row) => r.amount,
      );
    expect(await history()).toEqual([500]);
    const self = await kit.call(calls.decideAdjustmentRoute, {
      token: finance.token,
      input: { id: large.id, approve: true },
    });
    expect(self.status).toBe(403);
    const [a, b] = await Promise.all([
      kit.call(calls.decideAdjustmentRoute, {
        token: kit.owner.token,
        input: { id: large.id, approve: true },
      }),
      kit.call(calls.decideAdjustmentRoute, {
        token: kit.owner.token,
        input: { id: large.id, approve: true },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await history()).toEqual([25_000, 500]);
    const list = await kit.call(calls.adjustmentsRoute, { token: kit.owner.token, input: {} });
    expect(list.result?.approvalAbove).toBe(10_000);
    expect(list.result?.approvalWindowHours).toBe(24);
    expect(list.result?.items.map((j) => [j.amount, j.status, j.requestedBy, j.decidedBy])).toEqual(
      [
        [25_000, 'APPLIED', 'finance.two', 'owner.one'],
        [500, 'APPLIED', 'finance.two', null],
      ],
    );
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('keeps a brand-scoped operator to their brands, and a support role away from decisions', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const depositId = await fund(kit, player, 800);
    const elsewhere = await kit.operator(kit.owner.token, 'finance.elsewhere', 'finance', [
      'cricbet99.com',
    ]);
    const queue = await kit.call(calls.paymentQueueRoute, {
      token: elsewhere.token,
      input: { kind: 'DEPOSIT' },
    });
    expect(queue.result?.items).toEqual([]);
    const other = await kit.call(calls.paymentQueueRoute, {
      token: elsewhere.token,
      input: { kind: 'DEPOSIT', brand: '99exch.com' },
    });
    expect(other.status).toBe(403);
    const adjust = await kit.call(calls.createAdjustmentRoute, {
      token: elsewhere.token,
      input: {
        playerId: player.id,
        amount: 100,
        reason: 'Not my brand at all',
        idempotencyKey: key(),
      },
    });
    expect(adjust.status).toBe(403);
    const support = await kit.operator(kit.owner.token, 'support.one', 'support', 'all');
    const decide = await kit.call(calls.decideDepositRoute, {
      token: support.token,
      input: { id: depositId, decision: 'REJECT', remark: 'Trying anyway' },
    });
    expect(decide.status).toBe(403);
  });
});
