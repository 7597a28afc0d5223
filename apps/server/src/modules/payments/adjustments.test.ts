import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { balanceOf, key, must, paymentsApp } from './payments-test-kit';

type Kit = Awaited<ReturnType<typeof paymentsApp>>;

describe.each(TEST_BACKENDS)('adjustments: replays and the second approval (%s)', (backend) => {
  /** Two finance operators besides the owner, and a real-money player. */
  async function setUp() {
    const kit = await paymentsApp(backend);
    const anna = await kit.operator(kit.owner.token, 'finance.anna', 'finance', 'all');
    const bala = await kit.operator(kit.owner.token, 'finance.bala', 'finance', 'all');
    const player = await kit.player();
    return { kit, anna, bala, player };
  }

  const adjust = (
    kit: Kit,
    token: string,
    input: { playerId: string; amount: number; reason?: string; idempotencyKey: string },
  ) =>
    kit.call(calls.createAdjustmentRoute, {
      token,
      input: { reason: 'Goodwill for a delayed payout', ...input },
    });

  const count = async (kit: Kit, sql: string, params: unknown[]) =>
    Number(must((await kit.db.query<{ n: string }>(sql, params))[0]).n);

  it('applies an adjustment replayed 12 times, one after another or all at once, once', async () => {
    const { kit, anna, player } = await setUp();
    const input = { playerId: player.id, amount: 750, idempotencyKey: key() };
    const first = await adjust(kit, anna.token, input);
    expect(first.result?.status).toBe('APPLIED');
    for (let i = 0; i < 11; i++) {
      const again = await adjust(kit, anna.token, input);
      expect(again.result).toEqual(first.result);
    }
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 750, available: 750 });

    const parallelInput = { playerId: player.id, amount: 1_250, idempotencyKey: key() };
    const parallel = await Promise.all(
      Array.from({ length: 12 }, () => adjust(kit, anna.token, parallelInput)),
    );
    expect(parallel.map((res) => res.status)).toEqual(Array(12).fill(200));
    expect(new Set(parallel.map((res) => res.result?.id)).size).toBe(1);
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 2_000, available: 2_000 });
    expect(
      await count(kit, 'SELECT count(*)::text AS n FROM payment_adjustments WHERE owner_id = $1', [
        player.id,
      ]),
    ).toBe(2);
    // Each adjustment is audited once, when it is made.
    expect(
      await count(
        kit,
        `SELECT count(*)::text AS n FROM audit_log WHERE target_id = $1 AND action LIKE 'adjustment.%'`,
        [player.id],
      ),
    ).toBe(2);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('refuses a key sent again with another request, and changes nothing', async () => {
    const { kit, anna, bala, player } = await setUp();
    const other = await kit.player();
    const idempotencyKey = key();
    expect(
      (await adjust(kit, anna.token, { playerId: player.id, amount: 300, idempotencyKey })).status,
    ).toBe(200);
    for (const changed of [
      { playerId: player.id, amount: 301, idempotencyKey },
      { playerId: other.id, amount: 300, idempotencyKey },
      { playerId: player.id, amount: 300, reason: 'Another reason entirely', idempotencyKey },
    ]) {
      const refused = await adjust(kit, anna.token, changed);
      expect(refused.status).toBe(409);
      expect(refused.error?.message).toBe(
        'This adjustment key was already used for another adjustment.',
      );
    }
    // The key is the operator's own: another operator's same key is another adjustment.
    const theirs = await adjust(kit, bala.token, {
      playerId: other.id,
      amount: 40,
      idempotencyKey,
    });
    expect(theirs.result?.status).toBe('APPLIED');
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 300, available: 300 });
    expect(await balanceOf(kit.db, other.id)).toEqual({ balance: 40, available: 40 });
    // A request without a key is refused before anything happens.
    const keyless = await kit.call(calls.createAdjustmentRoute, {
      token: anna.token,
      input: { playerId: player.id, amount: 10, reason: 'Goodwill without a key' },
    });
    expect(keyless.status).toBe(400);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('sends the adjustment that takes an operator past the threshold in the window to a second operator', async () => {
    const { kit, anna, bala, player } = await setUp();
    // The case: three ₹10,000 credits, where ₹10,000.01 alone waits.
    const results = [];
    for (let i = 0; i < 3; i++) {
      results.push(
        await adjust(kit, anna.token, {
          playerId: player.id,
          amount: 10_000,
          idempotencyKey: key(),
        }),
      );
    }
    expect(results.map((res) => res.result?.status)).toEqual([
      'APPLIED',
      'AWAITING_APPROVAL',
      'AWAITING_APPROVAL',
    ]);
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 10_000, available: 10_000 });
    // Debits count in absolute value: a small one now waits too.
    const debit = await adjust(kit, anna.token, {
      playerId: player.id,
      amount: -5,
      idempotencyKey: key(),
    });
    expect(debit.result?.status).toBe('AWAITING_APPROVAL');

    // Another operator's window is their own: ₹9,000 applies at once.
    const hers = await adjust(kit, bala.token, {
      playerId: player.id,
      amount: 9_000,
      idempotencyKey: key(),
    });
    expect(hers.result?.status).toBe('APPLIED');
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 19_000, available: 19_000 });

    // The second operator approves one waiting credit: it moves once.
    const waiting = must(results[1]?.result);
    const own = await kit.call(calls.decideAdjustmentRoute, {
      token: anna.token,
      input: { id: waiting.id, approve: true },
    });
    expect(own.status).toBe(403);
    const approved = await kit.call(calls.decideAdjustmentRoute, {
      token: bala.token,
      input: { id: waiting.id, approve: true },
    });
    expect(approved.result).toMatchObject({ status: 'APPLIED', decidedBy: 'finance.bala' });
    const again = await kit.call(calls.decideAdjustmentRoute, {
      token: kit.owner.token,
      input: { id: waiting.id, approve: false },
    });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('This adjustment was already decided.');
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 29_000, available: 29_000 });

    // Rejected adjustments leave the window, and so do those older than it.
    for (const result of [results[2], { result: debit.result }]) {
      const rejected = await kit.call(calls.decideAdjustmentRoute, {
        token: bala.token,
        input: { id: must(result?.result).id, approve: false },
      });
      expect(rejected.result?.status).toBe('REJECTED');
    }
    await kit.db.query(
      `UPDATE payment_adjustments SET created_at = created_at - interval '25 hours'
       WHERE requested_by = $1`,
      [anna.id],
    );
    const nextDay = await adjust(kit, anna.token, {
      playerId: player.id,
      amount: 10_000,
      idempotencyKey: key(),
    });
    expect(nextDay.result?.status).toBe('APPLIED');
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 39_000, available: 39_000 });
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('lets no parallel burst slip past the threshold', async () => {
    const { kit, anna, bala, player } = await setUp();
    // Five ₹4,000 credits at once: the first two fit in ₹10,000, the other three wait.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        adjust(kit, anna.token, { playerId: player.id, amount: 4_000, idempotencyKey: key() }),
      ),
    );
    const statuses = burst.map((res) => res.result?.status).sort();
    expect(statuses).toEqual([
      'APPLIED',
      'APPLIED',
      'AWAITING_APPROVAL',
      'AWAITING_APPROVAL',
      'AWAITING_APPROVAL',
    ]);
    // Two operators at once: each has a window of their own.
    const both = await Promise.all(
      [anna, bala, bala].map((operator) =>
        adjust(kit, operator.token, { playerId: player.id, amount: 4_000, idempotencyKey: key() }),
      ),
    );
    expect(both.map((res) => res.result?.status)).toEqual([
      'AWAITING_APPROVAL',
      'APPLIED',
      'APPLIED',
    ]);
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 16_000, available: 16_000 });
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('refuses a debit the player cannot pay, keeping nothing of it', async () => {
    const { kit, anna, player } = await setUp();
    await adjust(kit, anna.token, { playerId: player.id, amount: 500, idempotencyKey: key() });
    const idempotencyKey = key();
    const overdraw = await adjust(kit, anna.token, {
      playerId: player.id,
      amount: -600,
      idempotencyKey,
    });
    expect(overdraw.error?.message).toBe(
      'The player has ₹500 in cash: a debit cannot take it below zero.',
    );
    expect(
      await count(kit, 'SELECT count(*)::text AS n FROM payment_adjustments WHERE owner_id = $1', [
        player.id,
      ]),
    ).toBe(1);
    // The refused request kept nothing: its key may be sent again once the money is there.
    await adjust(kit, anna.token, { playerId: player.id, amount: 100, idempotencyKey: key() });
    const retried = await adjust(kit, anna.token, {
      playerId: player.id,
      amount: -600,
      idempotencyKey,
    });
    expect(retried.result?.status).toBe('APPLIED');
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 0, available: 0 });
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
