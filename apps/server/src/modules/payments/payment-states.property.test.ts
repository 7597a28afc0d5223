/**
 * The payment entities under random decisions, many of them racing: deposits (approved as
 * asked, corrected within or beyond the tolerance, confirmed by a second operator, rejected),
 * withdrawals (paid, rejected, cancelled by the player), adjustments (made by one operator,
 * decided by another) and gateway payments (whatever the gateway reports, several reports at
 * once). Checked against a model written here, apart from the code: every state change is a move
 * the spec allows, in an order that explains what each round ended in; every refusal is a
 * conflict (or four eyes); the threshold's window decides which adjustments wait; and each
 * player's cash is what the final states say, so every move's money moved exactly once.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { applyGatewayState } from './gateway/gateway-payments';
import {
  balanceOf,
  bankAccount,
  BRAND,
  fund,
  key,
  must,
  paymentsApp,
  utr,
} from './payments-test-kit';
import { createManualDeposit } from './deposits';
import { createWithdrawal } from './withdrawals';

/** The moves the issue and the migrations allow, written out again for the test. */
const ALLOWED: Record<Entity['kind'], Record<string, readonly string[]>> = {
  deposit: {
    PENDING: ['APPROVED', 'REJECTED', 'AWAITING_APPROVAL'],
    AWAITING_APPROVAL: ['APPROVED', 'REJECTED'],
  },
  withdrawal: { PENDING: ['APPROVED', 'REJECTED', 'CANCELLED'] },
  adjustment: { AWAITING_APPROVAL: ['APPLIED', 'REJECTED'] },
  gateway: { PENDING: ['PAID', 'FAILED', 'EXPIRED', 'CANCELLED'] },
};

const OPERATORS = ['anna', 'bala', 'owner'] as const;
type Operator = (typeof OPERATORS)[number];
const FUNDED_RUPEES = 50_000;
const THRESHOLD_RUPEES = 10_000;

type Entity =
  | {
      kind: 'deposit';
      p: number;
      amount: number;
      correction: 'none' | 'lower' | 'within' | 'beyond';
      delta: number;
    }
  | { kind: 'withdrawal'; p: number; amount: number }
  | { kind: 'adjustment'; p: number; amount: number; by: Operator }
  | { kind: 'gateway'; p: number; amount: number };

interface Attempt {
  by: Operator;
  pick: number;
}

const player = fc.integer({ min: 0, max: 1 });
const entityArb: fc.Arbitrary<Entity> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    p: player,
    amount: fc.integer({ min: 100, max: 3_000 }),
    correction: fc.constantFrom(
      'none' as const,
      'lower' as const,
      'within' as const,
      'beyond' as const,
    ),
    delta: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({
    kind: fc.constant('withdrawal' as const),
    p: player,
    amount: fc.integer({ min: 200, max: 600 }),
  }),
  fc.record({
    kind: fc.constant('adjustment' as const),
    p: player,
    // Large ones mostly, so that many wait for a second operator to decide them.
    amount: fc.oneof(
      fc.integer({ min: 6_000, max: 15_000 }),
      fc.integer({ min: 1, max: 3_000 }),
      fc.integer({ min: -500, max: -1 }),
    ),
    by: fc.constantFrom(...OPERATORS),
  }),
  fc.record({
    kind: fc.constant('gateway' as const),
    p: player,
    amount: fc.integer({ min: 100, max: 3_000 }),
  }),
);
const attemptArb: fc.Arbitrary<Attempt> = fc.record({
  by: fc.constantFrom(...OPERATORS),
  pick: fc.nat(),
});
/** An entity and its rounds of decisions; the attempts of one round race. */
const scenarioArb = fc.record({
  entity: entityArb,
  rounds: fc.array(fc.array(attemptArb, { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 3,
  }),
});

/** What a deposit's approvals credit: the corrected amount, within or beyond the tolerance. */
function creditOf(entity: Extract<Entity, { kind: 'deposit' }>): number {
  const tolerance = Math.min(100, Math.floor(entity.amount / 10));
  switch (entity.correction) {
    case 'none':
      return entity.amount;
    case 'lower':
      return Math.max(1, entity.amount - entity.delta);
    case 'within':
      return entity.amount + Math.min(entity.delta, tolerance);
    case 'beyond':
      return entity.amount + tolerance + entity.delta;
  }
}

/** Whether `successes`, in some order, lead from `before` to `after` by allowed moves. */
function explains(
  allowed: Record<string, readonly string[]>,
  before: string,
  successes: string[],
  after: string,
): boolean {
  if (successes.length === 0) return before === after;
  return successes.some((next, i) => {
    if (!(allowed[before] ?? []).includes(next)) return false;
    return explains(allowed, next, [...successes.slice(0, i), ...successes.slice(i + 1)], after);
  });
}

describe.each(TEST_BACKENDS)(
  'payment states under random, racing decisions on %s',
  async (backend) => {
    const kit = await paymentsApp(backend);
    const tokens: Record<Operator, { id: string; token: string }> = {
      anna: await kit.operator(kit.owner.token, 'finance.anna', 'finance', 'all'),
      bala: await kit.operator(kit.owner.token, 'finance.bala', 'finance', 'all'),
      owner: kit.owner,
    };
    const players = [await kit.player(), await kit.player()];
    const accounts: string[] = [];
    for (const p of players) {
      await fund(kit, p, FUNDED_RUPEES);
      accounts.push(await bankAccount(p));
    }
    const asPlayer = (p: { id: string }) => ({ id: p.id, domain: BRAND, demo: false });

    /** Each entity made so far, with what the model says it moved. */
    const made: { p: number; money: () => number }[] = [];
    /** The adjustments in each operator's window for a player: id → rupees, while they count. */
    const windows = new Map<string, Map<string, number>>();
    const windowOf = (by: Operator, p: number) => {
      const id = `${by}:${p}`;
      const window = windows.get(id) ?? new Map<string, number>();
      windows.set(id, window);
      return window;
    };

    interface Live {
      status: () => Promise<string>;
      /** Makes one attempt: the new status when it moved the entity, or the refusal's HTTP status. */
      attempt: (attempt: Attempt) => Promise<{ moved: string } | { refused: number }>;
      /** Who may not make a move here (the requester or proposer), when four eyes apply. */
      barred: () => Operator | null;
    }

    async function create(entity: Entity): Promise<Live> {
      const owner = must(players[entity.p]);
      const statusOf = async (sql: string, id: string) =>
        must((await kit.db.query<{ status: string }>(sql, [id]))[0]).status;
      const http = (res: { status: number; result: { status: string } | null }) =>
        res.result ? { moved: res.result.status } : { refused: res.status };

      if (entity.kind === 'deposit') {
        // Made through the module, not the call, which the player's request limit would stop.
        const [slip] = await kit.db.query<{ id: string }>(
          `INSERT INTO stored_images (domain, owner_id, content_type, byte_size, storage_key)
           VALUES ($1, $2, 'image/png', 1, $3) RETURNING id`,
          [BRAND, owner.id, `probe/${key()}`],
        );
        const { id } = await createManualDeposit(
          kit.db,
          asPlayer(owner),
          {
            amount: entity.amount,
            methodId: kit.upiMethodId,
            utr: utr(),
            slipId: must(slip).id,
            idempotencyKey: key(),
          },
          new Date(),
        );
        const credit = creditOf(entity);
        const read = () =>
          kit.db
            .query<{ status: string; settled: string | null; proposer: string | null }>(
              `SELECT status, settled_amount_minor::text AS settled, proposed_by AS proposer
             FROM payment_requests WHERE id = $1`,
              [id],
            )
            .then((rows) => must(rows[0]));
        let proposer: string | null = null;
        made.push({ p: entity.p, money: () => 0 });
        const entry = must(made.at(-1));
        return {
          status: async () => {
            const row = await read();
            proposer = row.proposer;
            if (row.status === 'APPROVED') {
              const settled = row.settled === null ? entity.amount : Number(row.settled) / 100;
              entry.money = () => settled;
            }
            return row.status;
          },
          barred: () => OPERATORS.find((op) => tokens[op].id === proposer) ?? null,
          attempt: async ({ by, pick }) => {
            const action = ['approve', 'approve', 'confirm', 'reject'][pick % 4];
            const input =
              action === 'reject'
                ? { id, decision: 'REJECT', remark: 'No such payment reached us' }
                : action === 'confirm'
                  ? { id, decision: 'APPROVE', proposedAmount: credit }
                  : credit === entity.amount
                    ? { id, decision: 'APPROVE' }
                    : { id, decision: 'APPROVE', amount: credit, remark: 'The slip shows this' };
            return http(
              await kit.call(calls.decideDepositRoute, { token: tokens[by].token, input }),
            );
          },
        };
      }

      if (entity.kind === 'withdrawal') {
        const { id } = await createWithdrawal(kit.db, asPlayer(owner), {
          amount: entity.amount,
          withdrawalAccountId: must(accounts[entity.p]),
          idempotencyKey: key(),
        });
        const entry = { p: entity.p, money: () => -entity.amount };
        made.push(entry);
        return {
          status: async () => {
            const status = await statusOf('SELECT status FROM payment_requests WHERE id = $1', id);
            // Its hold left the cash when it was asked for, and came back unless it was paid.
            entry.money = () =>
              status === 'CANCELLED' || status === 'REJECTED' ? 0 : -entity.amount;
            return status;
          },
          barred: () => null,
          attempt: async ({ by, pick }) => {
            const action = ['paid', 'reject', 'cancel'][pick % 3];
            if (action === 'cancel') {
              const res = await owner.call('POST', 'DepositWithdrawal/CancelWithdrawal', { id });
              return res.body.success ? { moved: res.body.result.status } : { refused: res.status };
            }
            const input =
              action === 'paid'
                ? { id, decision: 'PAID', payoutReference: `UTIB${randomBytes(5).toString('hex')}` }
                : { id, decision: 'REJECT', remark: 'The account name does not match' };
            return http(
              await kit.call(calls.decideWithdrawalRoute, { token: tokens[by].token, input }),
            );
          },
        };
      }

      if (entity.kind === 'adjustment') {
        const window = windowOf(entity.by, entity.p);
        const counted = [...window.values()].reduce((sum, rupees) => sum + rupees, 0);
        const res = await kit.call(calls.createAdjustmentRoute, {
          token: tokens[entity.by].token,
          input: {
            playerId: owner.id,
            amount: entity.amount,
            reason: 'Adjusted in a random run',
            idempotencyKey: key(),
          },
        });
        const adjustment = must(res.result);
        // The window decides: past the threshold it waits, within it it applied at once.
        expect(adjustment.status).toBe(
          counted + Math.abs(entity.amount) > THRESHOLD_RUPEES ? 'AWAITING_APPROVAL' : 'APPLIED',
        );
        window.set(adjustment.id, Math.abs(entity.amount));
        const entry = {
          p: entity.p,
          money: () => (adjustment.status === 'APPLIED' ? entity.amount : 0),
        };
        made.push(entry);
        return {
          status: async () => {
            const status = await statusOf(
              'SELECT status FROM payment_adjustments WHERE id = $1',
              adjustment.id,
            );
            entry.money = () => (status === 'APPLIED' ? entity.amount : 0);
            if (status === 'REJECTED') window.delete(adjustment.id);
            return status;
          },
          barred: () => entity.by,
          attempt: async ({ by, pick }) =>
            http(
              await kit.call(calls.decideAdjustmentRoute, {
                token: tokens[by].token,
                input: { id: adjustment.id, approve: pick % 3 !== 0 },
              }),
            ),
        };
      }

      // A gateway payment the gateway acknowledged, decided by whatever it reports.
      const gatewayId = `plink_${randomBytes(7).toString('hex')}`;
      const [row] = await kit.db.query<{ id: string }>(
        `INSERT INTO gateway_payments (domain, owner_id, kind, amount_minor, gateway_id, status,
         pay_url, expires_at, idempotency_key)
       VALUES ($1, $2, 'LINK', $3, $4, 'PENDING', 'https://pay.example/x', now() + interval '1 hour', $5)
       RETURNING id`,
        [BRAND, owner.id, entity.amount * 100, gatewayId, key()],
      );
      const id = must(row).id;
      const entry = { p: entity.p, money: () => 0 };
      made.push(entry);
      return {
        status: async () => {
          const status = await statusOf('SELECT status FROM gateway_payments WHERE id = $1', id);
          entry.money = () => (status === 'PAID' ? entity.amount : 0);
          return status;
        },
        barred: () => null,
        attempt: async ({ pick }) => {
          const status = (['PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'PENDING'] as const)[pick % 5];
          const { row: after, outcome } = await kit.db.transaction((tx) =>
            applyGatewayState(tx, id, {
              gatewayId,
              kind: 'LINK',
              reference: id,
              amountMinor: entity.amount * 100,
              amountPaidMinor: null,
              status: must(status),
              expiresAt: new Date(Date.now() + 3_600_000),
              payUrl: 'https://pay.example/x',
            }),
          );
          // A report that moves nothing is the gateway's business, not a refusal to anyone.
          return outcome === 'credited' || outcome === 'ended'
            ? { moved: after.status }
            : { refused: 409 };
        },
      };
    }

    it('moves every entity only as allowed, and its money exactly once', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(scenarioArb, { minLength: 1, maxLength: 3 }),
          async (scenarios) => {
            // Made one after another: the model counts each adjustment's window before it is made.
            const live: Live[] = [];
            for (const { entity } of scenarios) live.push(await create(entity));
            const rounds = Math.max(...scenarios.map((s) => s.rounds.length));
            for (let r = 0; r < rounds; r++) {
              // Every entity's round at once: decisions race on one row and across rows.
              await Promise.all(
                scenarios.map(async ({ entity, rounds: its }, i) => {
                  const one = must(live[i]);
                  const attempts = its[r] ?? [];
                  const before = await one.status();
                  const outcomes = await Promise.all(attempts.map((a) => one.attempt(a)));
                  const after = await one.status();
                  const barred = one.barred();
                  const moved = outcomes.flatMap((o) => ('moved' in o ? [o.moved] : []));
                  expect(explains(ALLOWED[entity.kind], before, moved, after)).toBe(true);
                  outcomes.forEach((outcome, k) => {
                    if (!('refused' in outcome)) return;
                    // Four eyes refuse the requester; anything else is a move that is not allowed.
                    if (outcome.refused === 403) expect(must(attempts[k]).by).toBe(barred);
                    else expect(outcome.refused).toBe(409);
                  });
                }),
              );
            }
            for (const [p, owner] of players.entries()) {
              const expected =
                FUNDED_RUPEES +
                made.filter((m) => m.p === p).reduce((sum, m) => sum + m.money(), 0);
              const cash = await balanceOf(kit.db, owner.id);
              expect(cash.balance).toBeCloseTo(expected, 2);
            }
          },
        ),
        { numRuns: 30 },
      );
      expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
    });
  },
);
