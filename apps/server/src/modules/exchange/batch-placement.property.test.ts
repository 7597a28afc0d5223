/**
 * The batch path (batch-placement.ts) against the single path (placement.ts): one random flow
 * of backs and lays at ladder prices around the market maker's quotes, from a few players,
 * with cancels, replayed keys and players crossing their own resting orders, is placed through
 * the batcher on one market and one by one on another market of the same event, by players of
 * its own. Both markets must end with the same book, bets, fills and holds.
 *
 * The order of a batch. A group's bets are submitted together, in one synchronous loop, so they
 * queue for one batch in submission order. The batch places those it decides in that order and
 * hands the others to the single way after it commits, again in order; on both paths a bet's
 * id is drawn when it is placed, so the ids of the batch run record the order the market saw.
 * Restricting a group to bets that cannot meet would leave out what a batch most easily gets
 * wrong (bets crossing each other, or their own player's orders, within one batch), so the
 * single path is fed each group in that recorded order instead. The recorded order is checked
 * to be the one the batcher promises (its own bets in submission order, then the handed-on
 * ones in submission order), so a batch that reordered bets would still be caught. Refused bets
 * and replays change nothing and go last. Stakes are small enough that no player can come near
 * their balance or the liability limit, so no refusal depends on the order.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Bet, BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import { TEST_BACKENDS } from '../../test-helper';
import { getBalances, heldForReference, type PlayerRef } from '../wallet';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import type { BatchStats } from './batch-placement';
import {
  batchingPlacement,
  exchangeApp,
  singlePlacement,
  placingPlayer,
  seedEvent,
} from './exchange-test-kit';
import type { BetPlacement } from './bet-placement';
import { cancelBet, type ExchangeDeps } from './placement';

const PLAYERS = 3;
/** Around the maker's quotes (lays up to 1.97, backs from 2.04): some cross them, most rest. */
const PRICES = [1.9, 1.95, 1.97, 1.98, 1.99, 2, 2.02, 2.04, 2.06, 2.1];
const RUN_OPTIONS = { numRuns: 20 };

interface BetOp {
  kind: 'bet';
  p: number;
  runnerId: number;
  side: 'BACK' | 'LAY';
  price: number;
  stakeMinor: number;
  /** Set: sends an earlier bet's request again (the same player, key and content). */
  again: number | null;
}
type Step = { kind: 'group'; bets: BetOp[] } | { kind: 'cancel'; pick: number };

const betArb: fc.Arbitrary<BetOp> = fc.record({
  kind: fc.constant('bet' as const),
  p: fc.integer({ min: 0, max: PLAYERS - 1 }),
  runnerId: fc.constantFrom(1, 2),
  side: fc.constantFrom('BACK' as const, 'LAY' as const),
  price: fc.constantFrom(...PRICES),
  // Rupees and paise from the minimum stake up; now and then one below it (refused).
  stakeMinor: fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 10_000, max: 150_000 }) },
    { weight: 1, arbitrary: fc.constant(5_000) },
  ),
  again: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat() }),
});

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('group' as const),
      bets: fc.array(betArb, { minLength: 1, maxLength: 7 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
);

const flowArb = fc.array(stepArb, { minLength: 1, maxLength: 7 });

/** What one bet or cancel was answered: the bet it placed (or replayed), or a refusal. */
interface Answer {
  betId: number | null;
  refusal: string | null;
  bet: Bet | null;
}

/**
 * The parts of a bet as answered that both paths must agree on: not its id, market or time,
 * nor the wallet figures beside it (a batch answers each of a player's bets with the wallet
 * after the player's one movement for the whole batch).
 */
function betFacts(bet: Bet | null) {
  if (!bet) return null;
  const { runnerId, side, price, stake, matchedStake, averagePrice, unmatchedStake } = bet;
  const { cancelledStake, status, liability, keepInPlay } = bet;
  return {
    ...{ runnerId, side, price, stake, matchedStake, averagePrice, unmatchedStake },
    ...{ cancelledStake, status, liability, keepInPlay },
  };
}

async function answerOf(work: () => Promise<BetResult>): Promise<Answer> {
  try {
    const { bet } = await work();
    return { betId: bet.id, refusal: null, bet };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { betId: null, refusal: error.details ?? error.code, bet: null };
  }
}

interface Sent {
  player: Player;
  request: PlaceBetRequest;
}

/** One path: its placement and deps, its players, its market, and each bet op's request as sent. */
interface Path {
  placement: BetPlacement;
  deps: ExchangeDeps;
  players: Player[];
  marketId: string;
  requests: Map<number, Sent>;
}

/** The earlier op whose request bet op `i` sends again, if it is a replay. */
function replayOf(ops: readonly BetOp[], i: number): number | null {
  const again = ops[i]?.again ?? null;
  return again === null || i === 0 ? null : again % i;
}

/** The request of bet op `i` (a replay resends its original's); ops are numbered flow-wide. */
function requestOf(path: Path, ops: readonly BetOp[], i: number): Sent {
  const op = ops[i];
  if (!op) throw new Error(`no op ${i}`);
  const known = path.requests.get(i);
  if (known) return known;
  const again = replayOf(ops, i);
  const sent: Sent =
    again !== null
      ? requestOf(path, ops, again)
      : {
          player: path.players[op.p] as Player,
          request: {
            marketId: path.marketId,
            runnerId: op.runnerId,
            side: op.side,
            price: op.price,
            stake: op.stakeMinor / 100,
            idempotencyKey: randomUUID().replace(/-/g, ''),
          },
        };
  path.requests.set(i, sent);
  return sent;
}

const place = (path: Path, ops: readonly BetOp[], i: number) => {
  const { player, request } = requestOf(path, ops, i);
  return answerOf(() => path.placement.place(player, request));
};

/** Cancels the bet placed `pick` places into those placed so far (by op number). */
function cancelOf(path: Path, answers: ReadonlyMap<number, Answer>, pick: number) {
  const placed = [...answers].filter(([, a]) => a.betId !== null).sort(([a], [b]) => a - b);
  const target = placed[pick % Math.max(placed.length, 1)];
  if (!target) return null;
  const [i, answer] = target;
  const owner = path.requests.get(i)?.player;
  if (!owner || answer.betId === null) throw new Error(`op ${i} has no bet`);
  const betId = answer.betId;
  return () => answerOf(() => cancelBet(path.deps, owner, betId));
}

/**
 * Everything the two markets must agree on, with bets named by the op that placed them (the
 * maker's by runner, side, price and rank) and players by number.
 */
async function marketState(db: Database, path: Path, opOf: ReadonlyMap<number, number>) {
  const bets = await db.query<{
    id: string;
    owner_id: string;
    is_house: boolean;
    runner_id: number;
    side: string;
    price_tick: number;
    stake_minor: string;
    matched_minor: string;
    cancelled_minor: string;
    matched_value: string;
    lapsed: boolean;
  }>(
    `SELECT id, owner_id, is_house, runner_id, side, price_tick, stake_minor, matched_minor,
       cancelled_minor, matched_value, lapsed
     FROM bets WHERE market_id = $1 ORDER BY id`,
    [path.marketId],
  );
  const names = new Map<string, string>();
  const ranks = new Map<string, number>();
  for (const bet of bets) {
    if (bet.is_house) {
      const level = `maker ${bet.runner_id} ${bet.side} ${bet.price_tick}`;
      const rank = ranks.get(level) ?? 0;
      ranks.set(level, rank + 1);
      names.set(bet.id, `${level} #${rank}`);
    } else {
      names.set(bet.id, `op ${opOf.get(Number(bet.id)) ?? `unknown ${bet.id}`}`);
    }
  }
  const playerOf = (ownerId: string) => {
    const p = path.players.findIndex((player) => player.id === ownerId);
    return p < 0 ? 'maker' : p;
  };
  const rows = bets.map((bet) => ({
    bet: names.get(bet.id),
    player: playerOf(bet.owner_id),
    runner: bet.runner_id,
    side: bet.side,
    tick: bet.price_tick,
    stake: bet.stake_minor,
    matched: bet.matched_minor,
    cancelled: bet.cancelled_minor,
    matchedValue: bet.matched_value,
    lapsed: bet.lapsed,
  }));
  // The book: what rests, per runner and side, in price-time order.
  const book = bets
    .filter((b) => BigInt(b.matched_minor) + BigInt(b.cancelled_minor) < BigInt(b.stake_minor))
    .sort(
      (a, b) =>
        a.runner_id - b.runner_id ||
        a.side.localeCompare(b.side) ||
        a.price_tick - b.price_tick ||
        Number(a.id) - Number(b.id),
    )
    .map((b) => ({
      at: `${b.runner_id} ${b.side} ${b.price_tick}`,
      bet: names.get(b.id),
      rests: String(BigInt(b.stake_minor) - BigInt(b.matched_minor) - BigInt(b.cancelled_minor)),
    }));
  const fills = (
    await db.query<{
      back_bet_id: string;
      lay_bet_id: string;
      runner_id: number;
      price_tick: number;
      stake_minor: string;
    }>(
      `SELECT back_bet_id, lay_bet_id, runner_id, price_tick, stake_minor
       FROM bet_fills WHERE market_id = $1`,
      [path.marketId],
    )
  )
    .map(
      (f) =>
        `${names.get(f.back_bet_id)} backs, ${names.get(f.lay_bet_id)} lays: ` +
        `${f.stake_minor} on ${f.runner_id} at ${f.price_tick}`,
    )
    .sort();
  const wallets = [];
  for (const player of path.players) {
    const ref: PlayerRef = { domain: player.domain, ownerId: player.id, book: 'play' };
    wallets.push({
      held: await heldForReference(db, ref, path.marketId),
      ...(await getBalances(db, ref)),
    });
  }
  return { bets: rows, book, fills, wallets };
}

/**
 * Whether a group's new bets, listed by op number in bet id order, are as one batch places
 * them: those it decides in submission order, then those it hands on in submission order (two
 * rising runs: at most one step down).
 */
function isBatchOrder(byId: readonly number[]): boolean {
  return byId.filter((op, k) => k > 0 && op < (byId[k - 1] as number)).length <= 1;
}

const statsDelta = (after: BatchStats, before: BatchStats) => ({
  batches: after.batches - before.batches,
  placed: after.placed - before.placed,
  failures: after.failures - before.failures,
});

describe.each(TEST_BACKENDS)('bets placed in batches or one by one on %s', async (backend) => {
  const x = await exchangeApp(backend);
  const failures: unknown[] = [];
  // One batcher for the whole property, as the app has one: its counters add up over the runs.
  const batching = batchingPlacement(x.db, {
    error: (...args: unknown[]) => void failures.push(args),
  });

  it('leave the same book, bets, fills and holds', { timeout: 600_000 }, async () => {
    const totals = batching.placement.batchStats();
    await fc.assert(
      fc.asyncProperty(flowArb, async (flow) => {
        const event = await seedEvent(x.db, x.feed, {
          markets: ['batched', 'single'].map((key) => ({
            key,
            type: 'MATCH_ODDS' as const,
            name: `Match Odds (${key})`,
            runners: ['India', 'Australia'],
            line: null,
          })),
        });
        const players: Player[] = [];
        for (let p = 0; p < 2 * PLAYERS; p++) players.push(await placingPlayer(x));
        const batched: Path = {
          ...batching,
          players: players.slice(0, PLAYERS),
          marketId: event.markets.batched as string,
          requests: new Map(),
        };
        const single: Path = {
          ...singlePlacement(x.db),
          players: players.slice(PLAYERS),
          marketId: event.markets.single as string,
          requests: new Map(),
        };
        const ops = flow.flatMap((step) => (step.kind === 'group' ? step.bets : []));
        const before = batching.placement.batchStats();

        // The batch run: each group submitted at once; cancels in between.
        const batchAnswers = new Map<number, Answer>();
        const batchCancels: Answer[] = [];
        /** Per group, its ops in the order the single run places them. */
        const orders: number[][] = [];
        let next = 0;
        for (const step of flow) {
          if (step.kind === 'cancel') {
            const cancel = cancelOf(batched, batchAnswers, step.pick);
            if (cancel) batchCancels.push(await cancel());
            continue;
          }
          const group = step.bets.map(() => next++);
          const answers = await Promise.all(group.map((i) => place(batched, ops, i)));
          group.forEach((i, k) => batchAnswers.set(i, answers[k] as Answer));
          const earlier = new Set(
            [...batchAnswers]
              .filter(([i]) => !group.includes(i))
              .map(([, answer]) => answer.betId)
              .filter((id) => id !== null),
          );
          // New bets by id (the order placed); refusals and replays after them.
          const fresh = group.filter((i, k) => {
            const id = batchAnswers.get(i)?.betId ?? null;
            return (
              id !== null &&
              !earlier.has(id) &&
              group.findIndex((j) => batchAnswers.get(j)?.betId === id) === k
            );
          });
          const byId = [...fresh].sort(
            (a, b) => (batchAnswers.get(a)?.betId ?? 0) - (batchAnswers.get(b)?.betId ?? 0),
          );
          expect({ group, byId, inBatchOrder: isBatchOrder(byId) }).toEqual({
            group,
            byId,
            inBatchOrder: true,
          });
          orders.push([...byId, ...group.filter((i) => !fresh.includes(i))]);
        }

        // The single run: the same flow, each group in the order the batch run recorded.
        const singleAnswers = new Map<number, Answer>();
        const singleCancels: Answer[] = [];
        let group = 0;
        for (const step of flow) {
          if (step.kind === 'cancel') {
            const cancel = cancelOf(single, singleAnswers, step.pick);
            if (cancel) singleCancels.push(await cancel());
            continue;
          }
          for (const i of orders[group++] ?? []) singleAnswers.set(i, await place(single, ops, i));
        }

        // Bets named by the op that placed them (a replay names the original's).
        const opsOf = (answers: ReadonlyMap<number, Answer>) => {
          const opOf = new Map<number, number>();
          for (const [i, answer] of [...answers].sort(([a], [b]) => a - b)) {
            if (answer.betId !== null && !opOf.has(answer.betId)) opOf.set(answer.betId, i);
          }
          return opOf;
        };
        const batchOps = opsOf(batchAnswers);
        const singleOps = opsOf(singleAnswers);
        const told = (answers: ReadonlyMap<number, Answer>, opOf: ReadonlyMap<number, number>) =>
          [...answers]
            .sort(([a], [b]) => a - b)
            .map(([i, answer]) => ({
              op: i,
              bet: answer.betId === null ? null : opOf.get(answer.betId),
              refusal: answer.refusal,
              // A replay answers the bet as it stands when replayed: that moment differs.
              facts: replayOf(ops, i) === null ? betFacts(answer.bet) : null,
            }));
        const cancelsTold = (answers: Answer[], opOf: ReadonlyMap<number, number>) =>
          answers.map((answer) => ({
            bet: answer.betId === null ? null : opOf.get(answer.betId),
            refusal: answer.refusal,
            facts: betFacts(answer.bet),
          }));
        expect(told(batchAnswers, batchOps)).toEqual(told(singleAnswers, singleOps));
        expect(cancelsTold(batchCancels, batchOps)).toEqual(cancelsTold(singleCancels, singleOps));
        expect(await marketState(x.db, batched, batchOps)).toEqual(
          await marketState(x.db, single, singleOps),
        );
        // The batches ran and none failed (a failure would hand every bet to the single way,
        // and the two markets would agree for nothing).
        expect(statsDelta(batching.placement.batchStats(), before).failures).toBe(0);
        expect(failures).toEqual([]);
      }),
      RUN_OPTIONS,
    );
    const delta = statsDelta(batching.placement.batchStats(), totals);
    expect(delta.failures).toBe(0);
    // Batches were shared: fewer of them than the bets they placed.
    expect(delta.placed).toBeGreaterThan(0);
    expect(delta.batches).toBeLessThan(delta.placed);
    await expectSoundLedger(x.db);
  });
});
