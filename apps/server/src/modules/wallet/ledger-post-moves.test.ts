import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database';
import { TEST_BACKENDS } from '../../test-helper';
import { ensurePlayerAccounts, ensureSystemAccount, type Book } from './ledger';
import { expectSoundLedger, fund, key, newDomain, walletTestDatabase } from './wallet-test-helpers';

// ledger_post_moves (db/functions/ledger_post_moves.sql) posts a batch of two-leg transfers in a
// few statements; it must answer and move money exactly as ledger_post_transfer called for the
// same transfers one after another.

interface Move {
  key: string;
  code: string;
  reference: string;
  from: string | null;
  to: string | null;
  amount: number;
  holdAccount: string | null;
  holdRule: 'covers' | 'equals' | null;
  holdMinor: number | null;
}

interface Answer {
  n: number;
  result: string;
  accounts: string[];
  transfer: string | null;
  posted_at: Date | null;
  transfer_domain: string | null;
  transfer_book: string | null;
  short_account: string | null;
  short_balance_minor: string | null;
  held_minor: string | null;
  figures: unknown;
}

/** A player's accounts in both books, and the domain's house account in the real one. */
interface Fixture {
  domain: string;
  cash: string[];
  exposure: string[];
  playCash: string;
  house: string;
  preKeys: string[];
}

const COLUMNS = `n::int AS n, result, accounts, transfer, posted_at, transfer_domain, transfer_book,
  short_account, short_balance_minor, held_minor, figures`;

async function fixture(db: Database, startingCash: readonly number[]): Promise<Fixture> {
  const domain = newDomain();
  const cash: string[] = [];
  const exposure: string[] = [];
  const owners = startingCash.map(() => randomUUID());
  for (const [p, start] of startingCash.entries()) {
    const player = { domain, ownerId: owners[p] ?? '', book: 'real' as Book };
    if (start > 0) await fund(db, player, start);
    const ids = await db.transaction((tx) => ensurePlayerAccounts(tx, player));
    cash.push(ids.cashId);
    exposure.push(ids.exposureId);
  }
  const play = { domain, ownerId: owners[0] ?? '', book: 'play' as Book };
  await fund(db, play, 5_000);
  const playIds = await db.transaction((tx) => ensurePlayerAccounts(tx, play));
  const house = await db.transaction((tx) =>
    ensureSystemAccount(tx, { domain, book: 'real', kind: 'house' }),
  );
  // A few transfers posted before the batch, whose keys the batch may replay.
  const preKeys: string[] = [];
  for (const [p, id] of cash.entries()) {
    const preKey = key('pre');
    const [row] = await db.query<{ result: string }>(
      `SELECT result FROM ledger_post_transfer($1, 'bet_hold', 'm1', ARRAY[$2, $3]::uuid[],
         ARRAY[-1, 1]::bigint[], NULL, NULL, NULL)`,
      [preKey, id, exposure[p]],
    );
    if (row?.result === 'ok') preKeys.push(preKey);
  }
  return { domain, cash, exposure, playCash: playIds.cashId, house, preKeys };
}

/** The moves a batch might hold: every refusal ledger_post_transfer knows, and replays. */
function moveArbitrary(players: number): fc.Arbitrary<(f: Fixture, earlier: Move[]) => Move> {
  const p = fc.integer({ min: 0, max: players - 1 });
  const reference = fc.constantFrom('m1', 'm2', 'casino:r1');
  const amount = fc.integer({ min: 1, max: 4_000 });
  const plain = (
    code: string,
    route: (f: Fixture, p: number) => [string | null, string | null],
  ): fc.Arbitrary<(f: Fixture, earlier: Move[]) => Move> =>
    fc.record({ p, reference, amount }).map((g) => (f: Fixture): Move => {
      const [from, to] = route(f, g.p);
      return {
        key: key('move'),
        code,
        reference: g.reference,
        from,
        to,
        amount: g.amount,
        holdAccount: null,
        holdRule: null,
        holdMinor: null,
      };
    });
  return fc.oneof(
    plain('bet_hold', (f, i) => [f.cash[i] ?? null, f.exposure[i] ?? null]),
    plain('bet_hold', (f, i) => [f.cash[i] ?? null, f.exposure[i] ?? null]),
    plain('casino_bet', (f, i) => [f.cash[i] ?? null, f.house]),
    plain('casino_win', (f, i) => [f.house, f.cash[i] ?? null]),
    plain('adjustment', (f) => [f.playCash, f.cash[0] ?? null]),
    plain('adjustment', (f, i) => [f.cash[i] ?? null, randomUUID()]),
    plain('adjustment', (f, i) => [f.cash[i] ?? null, null]),
    fc
      .record({
        p,
        reference,
        amount,
        rule: fc.constantFrom('covers' as const, 'equals' as const),
        // Most releases aim at what the batch's earlier moves hold, or one off it either way.
        aimed: fc.boolean(),
        edge: fc.integer({ min: -1, max: 1 }),
      })
      .map((g) => (f: Fixture, earlier: Move[]): Move => {
        const exposure = f.exposure[g.p] ?? null;
        const held = earlier
          .filter((m) => m.reference === g.reference && (m.to === exposure || m.from === exposure))
          .reduce((sum, m) => sum + (m.to === exposure ? m.amount : -m.amount), 0);
        const amountMinor = g.aimed ? Math.max(1, held + g.edge) : g.amount % 500 || 1;
        return {
          key: key('release'),
          code: 'bet_release',
          reference: g.reference,
          from: exposure,
          to: f.cash[g.p] ?? null,
          amount: amountMinor,
          holdAccount: exposure,
          holdRule: g.rule,
          holdMinor: amountMinor,
        };
      }),
    fc
      .record({ pick: fc.nat(), conflicting: fc.boolean(), pre: fc.boolean() })
      .map((g) => (f: Fixture, earlier: Move[]): Move => {
        const preKey = f.preKeys[g.pick % Math.max(f.preKeys.length, 1)];
        const original = earlier[g.pick % Math.max(earlier.length, 1)];
        if ((g.pre || !original) && preKey) return firstPlayerHold(f, preKey);
        if (!original) return firstPlayerHold(f, key('lonely'));
        return { ...original, amount: original.amount + (g.conflicting ? 1 : 0) };
      }),
  );
}

/** A hold of 0.01 on m1 for the fixture's first player, under `moveKey`. */
function firstPlayerHold(f: Fixture, moveKey: string): Move {
  return {
    key: moveKey,
    code: 'bet_hold',
    reference: 'm1',
    from: f.cash[0] ?? null,
    to: f.exposure[0] ?? null,
    amount: 1,
    holdAccount: null,
    holdRule: null,
    holdMinor: null,
  };
}

function callParams(moves: readonly Move[]): unknown[] {
  return [
    moves.map((m) => m.key),
    moves.map((m) => m.code),
    moves.map((m) => m.reference),
    moves.map((m) => m.from),
    moves.map((m) => m.to),
    moves.map((m) => m.amount),
    moves.map((m) => m.holdAccount),
    moves.map((m) => m.holdRule),
    moves.map((m) => m.holdMinor),
  ];
}

/** The batch posted one transfer at a time by ledger_post_transfer, in order. */
async function oneByOne(tx: Queryable, moves: readonly Move[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const [i, m] of moves.entries()) {
    const [row] = await tx.query<Answer>(
      `SELECT ${i + 1} AS n, result, accounts, transfer, posted_at, transfer_domain,
         transfer_book, short_account, short_balance_minor, held_minor, figures
       FROM ledger_post_transfer($1, $2, $3, ARRAY[$4, $5]::uuid[],
         ARRAY[-$6::bigint, $6::bigint], $7, $8, $9)`,
      [m.key, m.code, m.reference, m.from, m.to, m.amount, m.holdAccount, m.holdRule, m.holdMinor],
    );
    if (!row) throw new Error('no row');
    answers.push(row);
  }
  return answers;
}

async function together(tx: Queryable, moves: readonly Move[]): Promise<Answer[]> {
  return tx.query<Answer>(
    `SELECT ${COLUMNS} FROM ledger_post_moves($1::text[], $2::text[], $3::text[], $4::uuid[],
       $5::uuid[], $6::bigint[], $7::uuid[], $8::text[], $9::bigint[]) ORDER BY n`,
    callParams(moves),
  );
}

/** What the ledger says of the fixture's accounts, and what is held per reference. */
async function stateOf(tx: Queryable, f: Fixture): Promise<unknown> {
  const ids = [...f.cash, ...f.exposure, f.playCash, f.house];
  return tx.query(
    `SELECT a.id, a.balance_minor, a.version,
       (SELECT json_agg(json_build_array(e.reference, e.amount_minor, t.code)
          ORDER BY e.seq)
        FROM ledger_entries e JOIN ledger_transfers t ON t.id = e.transfer_id
        WHERE e.account_id = a.id) AS entries
     FROM ledger_accounts a WHERE a.id = ANY ($1::uuid[]) ORDER BY a.id`,
    [ids],
  );
}

/**
 * Answers made comparable: a transfer id becomes the place of the move that posted it (or
 * 'before' for one posted before the batch), and the posting time only whether there is one.
 */
function comparable(answers: readonly Answer[]): unknown[] {
  const byId = new Map<string, number>();
  for (const a of answers) {
    if (a.result === 'ok' && a.transfer) byId.set(a.transfer, a.n);
  }
  return answers.map((a) => ({
    ...a,
    n: Number(a.n),
    transfer: a.transfer ? (byId.get(a.transfer) ?? 'before') : null,
    posted_at: a.posted_at !== null,
    figures: a.figures === null ? null : a.figures,
  }));
}

class RolledBack extends Error {}

/** Runs `work` in a transaction that is then rolled back, answering what it saw. */
async function thenRollBack<T>(db: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  let seen: T | undefined;
  await db
    .transaction(async (tx) => {
      seen = await work(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return seen as T;
}

describe.each(TEST_BACKENDS)('ledger_post_moves on %s', async (backend) => {
  const db = await walletTestDatabase(backend);

  it('answers and moves money exactly as ledger_post_transfer one transfer at a time', async () => {
    const players = 3;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 6_000 }), { minLength: players, maxLength: players }),
        fc.array(moveArbitrary(players), { minLength: 1, maxLength: 14 }),
        async (startingCash, makers) => {
          const f = await fixture(db, startingCash);
          const moves: Move[] = [];
          for (const make of makers) moves.push(make(f, moves));
          const single = await thenRollBack(db, async (tx) => ({
            answers: comparable(await oneByOne(tx, moves)),
            state: await stateOf(tx, f),
          }));
          const batch = await db.transaction(async (tx) => ({
            answers: comparable(await together(tx, moves)),
            state: await stateOf(tx, f),
          }));
          expect(batch.answers).toEqual(single.answers);
          expect(batch.state).toEqual(single.state);
        },
      ),
      { numRuns: 40 },
    );
    await expectSoundLedger(db);
  });

  it('posts nothing for no moves, and refuses a batch whose key was taken meanwhile', async () => {
    expect(await together(db, [])).toEqual([]);
    if (backend !== 'postgres') return;
    // Another transaction takes a key (on another player, so it shares no lock with the batch)
    // after the batch read the keys and before it writes: the batch fails whole.
    const f = await fixture(db, [10_000, 10_000]);
    const taken = key('raced');
    const move = (k: string, p: number): Move => ({
      key: k,
      code: 'bet_hold',
      reference: 'm2',
      from: f.cash[p] ?? null,
      to: f.exposure[p] ?? null,
      amount: 100,
      holdAccount: null,
      holdRule: null,
      holdMinor: null,
    });
    const secondPlayer = async () =>
      ((await stateOf(db, f)) as { id: string }[]).filter(
        (row) => row.id === f.cash[1] || row.id === f.exposure[1],
      );
    const before = await secondPlayer();
    let releaseFirst = () => {};
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstPosted = () => {};
    const firstHasPosted = new Promise<void>((resolve) => (firstPosted = resolve));
    const first = db.transaction(async (tx) => {
      await oneByOne(tx, [move(taken, 0)]);
      firstPosted();
      await firstHolds;
    });
    await firstHasPosted;
    const batch = db.transaction((tx) => together(tx, [move(key('own'), 1), move(taken, 1)]));
    // The batch waits on the first transaction's uncommitted key; let that commit.
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseFirst();
    await first;
    await expect(batch).rejects.toThrow(/key taken meanwhile/);
    expect(await secondPlayer()).toEqual(before);
    await expectSoundLedger(db);
  });

  it('never overspends when batches on the same players race', async () => {
    const f = await fixture(db, [1_000, 1_000, 1_000]);
    const bets = (round: number): Move[] =>
      [2, 0, 1].map((p) => ({
        key: key(`race${round}`),
        code: 'casino_bet',
        reference: `casino:race${round}`,
        from: f.cash[p] ?? null,
        to: f.house,
        amount: 150,
        holdAccount: null,
        holdRule: null,
        holdMinor: null,
      }));
    // Each batch names the players in another order; the function locks them in id order.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, round) =>
        db.transaction((tx) => together(tx, round % 2 ? bets(round).reverse() : bets(round))),
      ),
    );
    const paid = answers.flat().filter((a) => a.result === 'ok').length;
    // 1,000 each covers six bets of 150 per player: 18 in all, the rest refused.
    expect(paid).toBe(18);
    expect(answers.flat().filter((a) => a.result === 'insufficient_funds')).toHaveLength(18);
    await expectSoundLedger(db);
  });
});
