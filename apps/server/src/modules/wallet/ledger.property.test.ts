import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database';
import { TEST_BACKENDS } from '../../test-helper';
import { getBalances, heldForReference, type Book, type TransferResult } from './ledger';
import {
  deposit,
  grantDemoFunds,
  holdExposure,
  releaseExposure,
  settleExposure,
  withdraw,
} from './wallet-movements';
import {
  expectSoundLedger,
  ledgerSize,
  newDomain,
  walletTestDatabase,
} from './wallet-test-helpers';

const PLAYERS = 2;
const REFERENCES = ['m1', 'm2', 'm3'] as const;
type Reference = (typeof REFERENCES)[number];

type Op =
  | { kind: 'deposit' | 'withdraw' | 'demo'; p: number; amount: number }
  | { kind: 'hold'; p: number; book: Book; ref: Reference; amount: number }
  | {
      kind: 'release';
      p: number;
      book: Book;
      ref: Reference;
      amount: number;
      within: boolean;
      pick: number;
    }
  | {
      kind: 'settle';
      p: number;
      book: Book;
      ref: Reference;
      profit: number;
      commissionPercent: number;
      exact: boolean;
      pick: number;
    }
  | { kind: 'replay'; pick: number; conflicting: boolean };

const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const book = fc.constantFrom<Book>('real', 'play');
const ref = fc.constantFrom(...REFERENCES);
const amount = fc.integer({ min: 1, max: 5_000 });
const mostly = fc.integer({ min: 0, max: 9 }).map((n) => n > 0);
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), p: player, amount }),
  fc.record({ kind: fc.constant('withdraw' as const), p: player, amount }),
  fc.record({ kind: fc.constant('demo' as const), p: player, amount }),
  fc.record({ kind: fc.constant('hold' as const), p: player, book, ref, amount }),
  fc.record({ kind: fc.constant('hold' as const), p: player, book, ref, amount }),
  fc.record({
    kind: fc.constant('release' as const),
    p: player,
    book,
    ref,
    amount,
    // Most releases aim at something held and stay within it; the rest are random.
    within: mostly,
    pick: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('settle' as const),
    p: player,
    book,
    ref,
    profit: fc.integer({ min: -4_000, max: 6_000 }),
    commissionPercent: fc.integer({ min: 0, max: 10 }),
    // Most settlements aim at something held and release exactly that; the rest are one off.
    exact: mostly,
    pick: fc.nat(),
  }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat(), conflicting: fc.boolean() }),
);

/** What the ledger should hold: per player and book, cash, exposure and holds per reference. */
interface Wallet {
  cash: number;
  exposure: number;
  held: Record<Reference, number>;
}

type Expected = TransferResult['status'];

/** One money movement as posted: the call, and the same key with other content. */
interface Posted {
  run: (tx: Queryable) => Promise<TransferResult>;
  conflict: (tx: Queryable) => Promise<TransferResult>;
}

describe.each(TEST_BACKENDS)('the ledger under random movements on %s', async (backend) => {
  // One database per suite; the test helper drops its schema and closes it when the file ends.
  const db = await walletTestDatabase(backend);

  it('stays balanced, never overdraws, matches its model and ignores replays', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: PLAYERS, maxLength: PLAYERS }),
        fc.array(opArbitrary, { minLength: 5, maxLength: 30 }),
        async (startingCash, ops) => {
          const domain = newDomain();
          const owners = Array.from({ length: PLAYERS }, () => randomUUID());
          const wallets = new Map<string, Wallet>();
          const wallet = (p: number, b: Book): Wallet => {
            const id = `${p}:${b}`;
            let w = wallets.get(id);
            if (!w) {
              w = { cash: 0, exposure: 0, held: { m1: 0, m2: 0, m3: 0 } };
              wallets.set(id, w);
            }
            return w;
          };
          const playerRef = (p: number, b: Book) => ({ domain, ownerId: owners[p] ?? '', book: b });
          const posted: Posted[] = [];
          /** Points most releases and settlements at a player, book and reference with a hold. */
          const aimed = (op: Op): Op => {
            if (!(op.kind === 'release' && op.within) && !(op.kind === 'settle' && op.exact)) {
              return op;
            }
            const targets = [...wallets].flatMap(([id, w]) =>
              REFERENCES.filter((r) => w.held[r] > 0).map((r) => ({ id, r })),
            );
            const target = targets[op.pick % Math.max(targets.length, 1)];
            if (!target) return op;
            const [p, b] = target.id.split(':') as [string, Book];
            return { ...op, p: Number(p), book: b, ref: target.r };
          };
          // Everyone starts with some money in both books, so most movements can happen.
          for (const [p, start] of startingCash.entries()) {
            for (const b of start > 0 ? (['real', 'play'] as const) : []) {
              const move = b === 'real' ? deposit : grantDemoFunds;
              await db.transaction((tx) =>
                move(tx, {
                  ...playerRef(p, b),
                  amountMinor: start,
                  idempotencyKey: `start:${p}:${b}:${domain}`,
                }),
              );
              wallet(p, b).cash = start;
            }
          }

          for (const [i, generated] of ops.entries()) {
            const op = aimed(generated);
            const idempotencyKey = `prop:${domain}:${i}`;
            let run: Posted['run'];
            let conflict: Posted['conflict'] | null = null;
            let expected: Expected;
            let apply = () => {};

            switch (op.kind) {
              case 'deposit':
              case 'withdraw':
              case 'demo': {
                const b: Book = op.kind === 'demo' ? 'play' : 'real';
                const w = wallet(op.p, b);
                const move =
                  op.kind === 'deposit'
                    ? deposit
                    : op.kind === 'withdraw'
                      ? withdraw
                      : grantDemoFunds;
                const request = (amountMinor: number) => ({
                  ...playerRef(op.p, b),
                  amountMinor,
                  idempotencyKey,
                });
                run = (tx) => move(tx, request(op.amount));
                conflict = (tx) => move(tx, request(op.amount + 1));
                const delta = op.kind === 'withdraw' ? -op.amount : op.amount;
                expected = w.cash + delta < 0 ? 'insufficient_funds' : 'ok';
                apply = () => {
                  w.cash += delta;
                };
                break;
              }
              case 'hold':
              case 'release': {
                const w = wallet(op.p, op.book);
                const move = op.kind === 'hold' ? holdExposure : releaseExposure;
                const amountMinor =
                  op.kind === 'release' && op.within && w.held[op.ref] > 0
                    ? 1 + ((op.amount - 1) % w.held[op.ref])
                    : op.amount;
                const request = (amountMinor: number) => ({
                  ...playerRef(op.p, op.book),
                  amountMinor,
                  reference: op.ref,
                  idempotencyKey,
                });
                run = (tx) => move(tx, request(amountMinor));
                conflict = (tx) => move(tx, request(amountMinor + 1));
                const delta = op.kind === 'hold' ? amountMinor : -amountMinor;
                expected =
                  op.kind === 'hold'
                    ? w.cash < amountMinor
                      ? 'insufficient_funds'
                      : 'ok'
                    : w.held[op.ref] < amountMinor
                      ? 'hold_mismatch'
                      : 'ok';
                apply = () => {
                  w.cash -= delta;
                  w.exposure += delta;
                  w.held[op.ref] += delta;
                };
                break;
              }
              case 'settle': {
                const w = wallet(op.p, op.book);
                const releaseMinor = w.held[op.ref] + (op.exact ? 0 : 1);
                const request = (profitMinor: number) => ({
                  ...playerRef(op.p, op.book),
                  reference: op.ref,
                  releaseMinor,
                  profitMinor,
                  commissionMinor: Math.floor(
                    (Math.max(profitMinor, 0) * op.commissionPercent) / 100,
                  ),
                  idempotencyKey,
                });
                run = (tx) => settleExposure(tx, request(op.profit));
                // Other content under the same key, never the one settlement that is invalid.
                const otherProfit = releaseMinor === 0 && op.profit === -1 ? -2 : op.profit + 1;
                conflict = (tx) => settleExposure(tx, request(otherProfit));
                const { commissionMinor } = request(op.profit);
                const cashAfter = w.cash + releaseMinor + op.profit - commissionMinor;
                expected =
                  releaseMinor === 0 && op.profit === 0
                    ? 'invalid'
                    : !op.exact
                      ? 'hold_mismatch'
                      : cashAfter < 0
                        ? 'insufficient_funds'
                        : 'ok';
                apply = () => {
                  w.cash = cashAfter;
                  w.exposure -= releaseMinor;
                  w.held[op.ref] = 0;
                };
                break;
              }
              case 'replay': {
                const original = posted[op.pick % Math.max(posted.length, 1)];
                if (!original) continue;
                run = op.conflicting ? original.conflict : original.run;
                expected = op.conflicting ? 'idempotency_conflict' : 'duplicate';
                break;
              }
            }

            const before = await ledgerSize(db);
            const result = await db.transaction((tx) => run(tx));
            expect({ step: i, op, status: result.status }).toEqual({
              step: i,
              op,
              status: expected,
            });
            const after = await ledgerSize(db);
            if (expected === 'ok') {
              apply();
              if (conflict) posted.push({ run, conflict });
              expect(after.transfers).toBe(before.transfers + 1);
            } else {
              expect(after).toEqual(before);
            }

            for (const [id, w] of wallets) {
              const [p, b] = id.split(':') as [string, Book];
              const balances = await getBalances(db, playerRef(Number(p), b));
              expect(balances).toEqual({
                balanceMinor: w.cash + w.exposure,
                exposureMinor: w.exposure,
                availableMinor: w.cash,
                bonusMinor: 0,
              });
              expect(balances.availableMinor).toBeGreaterThanOrEqual(0);
            }
            if (op.kind === 'hold' || op.kind === 'release' || op.kind === 'settle') {
              const held = await heldForReference(db, playerRef(op.p, op.book), op.ref);
              expect(held).toBe(wallet(op.p, op.book).held[op.ref]);
            }
            await expectSoundLedger(db);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
