/**
 * The per-player bet limit as bet-placement.ts counts it: on PostgreSQL (counters in the
 * database) by each bet group's own transaction, elsewhere before the bet. Either way a bet is
 * one use, counted once: over the limit it is refused with RATE_LIMITED and leaves nothing, a
 * bet a group hands to the single way is not counted again, and a group that rolls back takes
 * its counts with it, so the single way counts its bets afresh. What a player has left is read
 * by taking the limit until it refuses, the same on every store.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import type { Player } from '../../http/api-route';
import { TEST_BACKENDS } from '../../test-helper';
import { createRateLimits, LimitRefusal, loadLimitSettings, type RateLimits } from '../limits';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import { createBetPlacement } from './bet-placement';
import type { BetGroupFailpoint } from './failpoint';
import {
  exchangeApp,
  matchOddsMarkets,
  placeBody,
  placementDeps,
  placingPlayer,
  seedEvent,
} from './exchange-test-kit';

const ALLOWANCE = 5;

/** Limits with a bet allowance of ALLOWANCE a minute, whose `take` calls are counted. */
function countedLimits(db: Database, keyPrefix = `bet-limit-${randomBytes(6).toString('hex')}`) {
  const limits = createRateLimits({
    db,
    settings: {
      ...loadLimitSettings({}),
      betsPlayer: [{ points: ALLOWANCE, durationSeconds: 60 }],
    },
    keyPrefix,
  });
  const takes = { alone: 0 };
  const counting: Pick<RateLimits, 'take' | 'inTransaction'> = {
    take: (name, key) => {
      if (name === 'betsPlayer') takes.alone++;
      return limits.take(name, key);
    },
    inTransaction: (name) => limits.inTransaction(name),
  };
  return { limits, counting, takes };
}

/** How many more bets the limit lets `player` place now (taking them up). */
async function usesLeft(limits: RateLimits, player: Player): Promise<number> {
  for (let left = 0; left <= ALLOWANCE; left++) {
    try {
      await limits.take('betsPlayer', player.id);
    } catch (error) {
      if (error instanceof LimitRefusal) return left;
      throw error;
    }
  }
  throw new Error('the limit let more through than it allows');
}

async function betsOf(db: Database, player: Player): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM bets WHERE owner_id = $1',
    [player.id],
  );
  return row?.n ?? -1;
}

describe.each(TEST_BACKENDS)('the bet limit on %s', async (backend) => {
  const x = await exchangeApp(backend);
  const inGroup = backend === 'postgres';
  const failures: unknown[] = [];
  const log = { error: (...args: unknown[]) => void failures.push(args) };

  async function market(): Promise<string> {
    const event = await seedEvent(x.db, x.feed);
    return event.markets.match_odds as string;
  }

  it('counts a burst once a bet, places the allowance and refuses the rest', async () => {
    const marketId = await market();
    const player = await placingPlayer(x);
    const { limits, counting, takes } = countedLimits(x.db);
    expect(limits.inTransaction('betsPlayer') !== null).toBe(inGroup);
    const placement = createBetPlacement(placementDeps(x.db), { log }, counting);
    const answers = await Promise.allSettled(
      Array.from({ length: ALLOWANCE + 3 }, (_, i) =>
        placement.place(player, placeBody(marketId, 1, 'BACK', 1.5, 100 + i)),
      ),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(ALLOWANCE);
    const refused = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason] : []));
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(error).toBeInstanceOf(LimitRefusal);
      expect(error).toMatchObject({ code: 'RATE_LIMITED' });
      expect((error as LimitRefusal).retryAfterSeconds).toBeGreaterThan(0);
    }
    // On PostgreSQL no bet took the limit on its own: each group counted its bets.
    expect(takes.alone).toBe(inGroup ? 0 : ALLOWANCE + 3);
    expect(await betsOf(x.db, player)).toBe(ALLOWANCE);
    // A refused bet spent nothing, a placed one exactly one use.
    expect(await usesLeft(limits, player)).toBe(0);
    expect(placement.batchStats()).toMatchObject({ placed: ALLOWANCE, failures: 0 });
    expect(failures).toEqual([]);
    await expectSoundLedger(x.db);
  });

  it('does not count again a bet its group hands to the single way', async () => {
    const marketId = await market();
    const player = await placingPlayer(x);
    const { limits, counting, takes } = countedLimits(x.db);
    const placement = createBetPlacement(placementDeps(x.db), { log }, counting);
    const body = placeBody(marketId, 1, 'BACK', 1.5, 200);
    const placed = await placement.place(player, body);
    // The same key again: its group hands it to the single way, which answers the first bet.
    const again = await placement.place(player, body);
    expect(again.bet.id).toBe(placed.bet.id);
    expect(placement.batchStats().handedOn.replay).toBe(1);
    expect(takes.alone).toBe(inGroup ? 0 : 2);
    expect(await usesLeft(limits, player)).toBe(ALLOWANCE - 2);
    expect(failures).toEqual([]);
  });

  it('gives a rolled-back group’s counts back, and the single way counts its bets once', async () => {
    const marketId = await market();
    const player = await placingPlayer(x);
    const { limits, counting, takes } = countedLimits(x.db);
    // The first group fails just before its COMMIT, after every statement of it ran.
    let armed = true;
    const failpoint: BetGroupFailpoint = async (moment) => {
      if (moment !== 'before-commit' || !armed) return;
      armed = false;
      throw new Error('the group fails for the test');
    };
    const deps = { ...placementDeps(x.db), failpoint };
    const placement = createBetPlacement(deps, { log }, counting);
    const answers = await Promise.all(
      [300, 301, 302].map((stake) =>
        placement.place(player, placeBody(marketId, 1, 'BACK', 1.5, stake)),
      ),
    );
    expect(new Set(answers.map(({ bet }) => bet.id)).size).toBe(3);
    expect(placement.batchStats()).toMatchObject({ failures: 1, handedOn: { failure: 3 } });
    expect(failures).toHaveLength(1);
    failures.length = 0;
    // On PostgreSQL the group's counts went with its rollback; the single way took each again.
    expect(takes.alone).toBe(3);
    expect(await betsOf(x.db, player)).toBe(3);
    expect(await usesLeft(limits, player)).toBe(ALLOWANCE - 3);
    await expectSoundLedger(x.db);
  });
});

// Two instances share counters only in a database: on PGlite one process owns everything.
describe.each(TEST_BACKENDS.filter((backend) => backend === 'postgres'))(
  'the bet limit of two instances on %s',
  async (backend) => {
    const x = await exchangeApp(backend);
    const failures: unknown[] = [];
    const log = { error: (...args: unknown[]) => void failures.push(args) };

    it('holds exactly for players betting through two instances at once, without a deadlock', async () => {
      const event = await seedEvent(x.db, x.feed, { markets: matchOddsMarkets(2) });
      const marketIds = [event.markets.m0, event.markets.m1] as string[];
      const players = await Promise.all(Array.from({ length: 6 }, () => placingPlayer(x)));
      // Two instances sharing the counters, each with its own batcher.
      const keyPrefix = `bet-limit-${randomBytes(6).toString('hex')}`;
      const instances = [0, 1].map(() => {
        const { limits, counting } = countedLimits(x.db, keyPrefix);
        return { limits, placement: createBetPlacement(placementDeps(x.db), { log }, counting) };
      });
      // Each player bets four times through each instance, on both markets, crossing the other
      // players' bets: eight bets against an allowance of five.
      const answers = await Promise.all(
        players.map((player, p) =>
          Promise.allSettled(
            Array.from({ length: 8 }, (_, i) => {
              const instance = instances[(i + p) % 2];
              const marketId = marketIds[(i >> 1) % 2] as string;
              const body = placeBody(marketId, 1 + (i % 2), i % 2 ? 'LAY' : 'BACK', 1.6, 100 + i);
              return instance?.placement.place(player, body);
            }),
          ),
        ),
      );
      for (const ofPlayer of answers) {
        expect(ofPlayer.filter((a) => a.status === 'fulfilled')).toHaveLength(ALLOWANCE);
        for (const answer of ofPlayer) {
          if (answer.status === 'rejected') expect(answer.reason).toBeInstanceOf(LimitRefusal);
        }
      }
      for (const { placement } of instances) expect(placement.batchStats().failures).toBe(0);
      expect(failures).toEqual([]);
      const [first] = instances;
      for (const player of players) {
        expect(await betsOf(x.db, player)).toBe(ALLOWANCE);
        if (first) expect(await usesLeft(first.limits, player)).toBe(0);
      }
      await expectSoundLedger(x.db);
    });
  },
);
