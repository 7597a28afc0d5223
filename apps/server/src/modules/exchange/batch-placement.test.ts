import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { buildInstance, TEST_BACKENDS } from '../../test-helper';
import { caller } from '../account/account-test-kit';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import { noStats, type BatchStats } from './batch-placement';
import {
  batchingPlacement,
  demoPlayer,
  exchangeApp,
  exchangeState,
  placeBody,
  placingPlayer,
  seedEvent,
  TEST_HOST,
} from './exchange-test-kit';

interface ExpectedMarket {
  marketId: string;
  exposure: number;
}

/** How the batcher's counters moved between two reads. */
function statsMoved(after: BatchStats, before: BatchStats) {
  const handedOn = Object.fromEntries(
    Object.entries(after.handedOn).map(([reason, n]) => [
      reason,
      n - before.handedOn[reason as keyof BatchStats['handedOn']],
    ]),
  );
  return {
    batches: after.batches - before.batches,
    placed: after.placed - before.placed,
    refused: after.refused - before.refused,
    handedOn,
    failures: after.failures - before.failures,
  };
}

const NONE_HANDED_ON: BatchStats['handedOn'] = noStats().handedOn;

/** Every player's hold equals the exposure their bets and fills on the market imply. */
async function expectHoldsEqualExposure(
  call: ReturnType<typeof caller>,
  db: Database,
  marketId: string,
  players: readonly { token: string }[],
): Promise<void> {
  for (const player of players) {
    const as = { host: TEST_HOST, token: player.token };
    const open = await call('GET', 'Bet/GetUserOpenBets', as);
    const pnl = await call('GET', 'Bet/GetUserExpectedProfitLoss', { ...as, query: { marketId } });
    const [market] = pnl.body.result as ExpectedMarket[];
    expect(open.body.result.exposure).toBe(market?.exposure ?? 0);
  }
  await expectSoundLedger(db);
}

describe.each(TEST_BACKENDS)('bets placed together on %s', async (backend) => {
  const x = await exchangeApp(backend);
  const { call } = x;
  const as = (token: string) => ({ host: TEST_HOST, token });

  it('places many bets at once on one market exactly as one by one would', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const players = await Promise.all(Array.from({ length: 6 }, () => demoPlayer(x)));

    // The first player's back at 3.00 rests before the batch (the maker lays at 1.97 at most).
    const [first, second] = players;
    if (!first || !second) throw new Error('six players');
    await call('POST', 'Bet/PlaceBetV2', {
      ...as(first.token),
      body: placeBody(marketId, 1, 'BACK', 3, 1000),
    });
    // Then, all at once: every player backs at the market and rests a lay below it, and the
    // second lays 16,000 at 3.00: the maker's 15,000 at 2.04 to 2.08, then the first player's.
    const bets = [
      ...players.flatMap((player, i) => [
        { player, body: placeBody(marketId, 1, 'BACK', 1.9, 400 + i * 10) },
        { player, body: placeBody(marketId, 2, 'LAY', 1.5, 300) },
      ]),
      { player: second, body: placeBody(marketId, 1, 'LAY', 3, 16000) },
    ];
    const answers = await Promise.all(
      bets.map(({ player, body }) => call('POST', 'Bet/PlaceBetV2', { ...as(player.token), body })),
    );
    expect(answers.map((a) => a.body.success)).toEqual(bets.map(() => true));
    expect(new Set(answers.map((a) => a.body.result.bet.id)).size).toBe(bets.length);

    for (const player of players) {
      // The wallet's hold equals the exposure the player's fills and rests imply.
      const open = await call('GET', 'Bet/GetUserOpenBets', as(player.token));
      const pnl = await call('GET', 'Bet/GetUserExpectedProfitLoss', {
        ...as(player.token),
        query: { marketId },
      });
      const [market] = pnl.body.result as ExpectedMarket[];
      expect(open.body.result.exposure).toBe(market?.exposure);
      expect(open.body.result.balance).toBe(100000);
      // What each placement answered is what the bet reads back as... up to later matches.
      for (const answer of answers) {
        const bet = answer.body.result.bet;
        const now = open.body.result.openBets.find((b: { id: number }) => b.id === bet.id);
        if (now) expect(now.stake).toBe(bet.stake);
      }
    }
    // The first player's resting back was matched by the second player's lay.
    const [fills] = await x.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM bet_fills f
       JOIN bets bb ON bb.id = f.back_bet_id JOIN bets lb ON lb.id = f.lay_bet_id
       WHERE f.market_id = $1 AND bb.owner_id = $2 AND lb.owner_id = $3`,
      [marketId, first.id, second.id],
    );
    expect(Number(fills?.n)).toBe(1);
    await expectSoundLedger(x.db);
  });

  it('decides a burst of bets on one market in batches, without failures', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const players = await Promise.all(Array.from({ length: 10 }, () => demoPlayer(x)));
    // Bets no batch has to hand on: each player backs at the market (the maker's lays match
    // it) and rests a lay below it on the other runner.
    const bets = players.flatMap((player, i) => [
      { player, body: placeBody(marketId, 1, 'BACK', 1.9, 200 + i) },
      { player, body: placeBody(marketId, 2, 'LAY', 1.5, 300 + i) },
    ]);
    const before = x.app.betBatches.stats();
    const answers = await Promise.all(
      bets.map(({ player, body }) => call('POST', 'Bet/PlaceBetV2', { ...as(player.token), body })),
    );
    expect(answers.map((a) => a.body.error ?? null)).toEqual(bets.map(() => null));
    // Every bet was decided in a batch, none was handed on and no batch failed.
    const { batches, ...moved } = statsMoved(x.app.betBatches.stats(), before);
    expect(moved).toEqual({
      placed: bets.length,
      refused: 0,
      handedOn: NONE_HANDED_ON,
      failures: 0,
    });
    expect(batches).toBeGreaterThan(0);
    // The batches were shared: fewer transactions than bets, on PGlite too, where a batch
    // starts only once the requests already read have reached their market's queue.
    expect(batches).toBeLessThan(bets.length);
    await expectHoldsEqualExposure(call, x.db, marketId, players);
  });

  it('refuses the bad bets of a batch and places the others', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    const other = await demoPlayer(x);
    const good = placeBody(marketId, 1, 'BACK', 1.97, 500);
    const answers = await Promise.all([
      call('POST', 'Bet/PlaceBetV2', { ...as(player.token), body: good }),
      call('POST', 'Bet/PlaceBetV2', {
        ...as(other.token),
        body: placeBody(marketId, 9, 'BACK', 1.97, 100),
      }),
      call('POST', 'Bet/PlaceBetV2', {
        ...as(other.token),
        body: placeBody(marketId, 1, 'BACK', 1.97, 50),
      }),
      // More than the player has: left to the single way, which refuses it.
      call('POST', 'Bet/PlaceBetV2', {
        ...as(other.token),
        body: placeBody(marketId, 1, 'BACK', 1.97, 150000),
      }),
      // The same key twice: one bet.
      call('POST', 'Bet/PlaceBetV2', { ...as(player.token), body: good }),
    ]);
    expect(answers.map((a) => a.body.error?.details ?? 'ok')).toEqual([
      'ok',
      'UNKNOWN_RUNNER',
      'STAKE_BELOW_MIN',
      'INSUFFICIENT_FUNDS',
      'ok',
    ]);
    expect(answers[4]?.body.result.bet.id).toBe(answers[0]?.body.result.bet.id);
    const state = await exchangeState(x.db);
    const open = await call('GET', 'Bet/GetUserOpenBets', as(other.token));
    expect(open.body.result).toEqual({ openBets: [], balance: 100000, exposure: 0 });
    expect(await exchangeState(x.db)).toBe(state);
    await expectSoundLedger(x.db);
  });

  it('uses positions kept from its last batch only while nothing else changed the market', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    // A second instance on the same database: it keeps positions of its own.
    const other = caller(await buildInstance(x.db));
    const [a, b, c] = await Promise.all([demoPlayer(x), demoPlayer(x), demoPlayer(x)]);
    if (!a || !b || !c) throw new Error('three players');
    const place = (player: { token: string }, body: ReturnType<typeof placeBody>, via = call) =>
      via('POST', 'Bet/PlaceBetV2', { ...as(player.token), body }).then((answer) => {
        expect(answer.body.error ?? null).toBeNull();
        return answer.body.result;
      });
    // Every player's hold is the exposure its bets and fills imply, as the database says.
    const expectHoldsMatchPositions = async () => {
      for (const player of [a, b, c]) {
        const open = await call('GET', 'Bet/GetUserOpenBets', as(player.token));
        const pnl = await call('GET', 'Bet/GetUserExpectedProfitLoss', {
          ...as(player.token),
          query: { marketId },
        });
        const [market] = pnl.body.result as ExpectedMarket[];
        expect(open.body.result.exposure).toBe(market?.exposure ?? 0);
      }
      await expectSoundLedger(x.db);
    };
    const bExposure = async () =>
      (await call('GET', 'Bet/GetUserOpenBets', as(b.token))).body.result.exposure as number;

    // A rests a lay below the market and B a back above it (the maker quotes lays up to 1.97
    // and backs from 2.04): their positions are kept after each batch.
    const aLay = await place(a, placeBody(marketId, 2, 'LAY', 1.5, 3000));
    await place(b, placeBody(marketId, 1, 'BACK', 3, 1000));
    await place(a, placeBody(marketId, 1, 'BACK', 1.9, 500));
    await expectHoldsMatchPositions();
    // A cancels its lay (not a batch: the market's version moves past what was kept).
    const cancelled = await call('POST', 'Bet/CancelBet', {
      ...as(a.token),
      body: { betId: aLay.bet.id },
    });
    expect(cancelled.body.success).toBe(true);
    await place(a, placeBody(marketId, 1, 'BACK', 1.9, 200));
    // B rests a small lay far below the market: B's position is kept again.
    await place(b, placeBody(marketId, 2, 'LAY', 1.2, 100));
    await expectHoldsMatchPositions();

    // On the other instance, C lays 16,000 at 3.00: the maker's 15,000, then B's back.
    await place(c, placeBody(marketId, 1, 'LAY', 3, 16000), other);
    expect(await bExposure()).toBe(1020);
    // B hedges here, backing runner 2 against the maker's lays: matched both ways, B can lose
    // no more than 30, plus the 20 its small lay risks (read as still resting, B's back would
    // have counted 1,000 more).
    await place(b, placeBody(marketId, 2, 'BACK', 1.9, 1000));
    expect(await bExposure()).toBe(50);
    await expectHoldsMatchPositions();

    // The same on this instance: B rests a back again, C's lay matches it in C's batch, then B
    // hedges once more.
    await place(b, placeBody(marketId, 1, 'BACK', 3, 1000));
    await place(c, placeBody(marketId, 1, 'LAY', 3, 1000));
    await place(b, placeBody(marketId, 2, 'BACK', 1.9, 1000));
    expect(await bExposure()).toBe(80);
    await expectHoldsMatchPositions();

    // B's own lay matches its resting back, in B's batch; then B bets again.
    await place(b, placeBody(marketId, 1, 'BACK', 3, 1000));
    await place(b, placeBody(marketId, 1, 'LAY', 3, 1000));
    await place(b, placeBody(marketId, 2, 'BACK', 1.9, 500));
    await expectHoldsMatchPositions();

    // The feed's market maker requotes (another writer of the book): then all bet again.
    await x.feed.applyAll([
      {
        kind: 'prices',
        externalId: event.externalId,
        marketKey: 'match_odds',
        probabilities: [0.4, 0.6],
      },
    ]);
    await Promise.all([
      place(a, placeBody(marketId, 2, 'LAY', 1.3, 1000)),
      place(b, placeBody(marketId, 2, 'LAY', 1.3, 1000)),
      place(c, placeBody(marketId, 1, 'LAY', 1.2, 1000)),
    ]);
    await expectHoldsMatchPositions();
  });

  it('logs and counts a batch that fails, and its bets still land once, one by one', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const players = await Promise.all(Array.from({ length: 6 }, () => placingPlayer(x)));
    // A batcher of its own, logging to the app's kind of logger, whose lines the test reads.
    const lines: string[] = [];
    const logger = Fastify({
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    }).log;
    const { placement } = batchingPlacement(x.db, logger.child({ module: 'exchange' }));
    // Submitted in one go, the bets queue for one batch.
    const burst = (stake: number) =>
      Promise.all(
        players.map((player, i) =>
          placement.place(player, placeBody(marketId, 1, 'BACK', 1.9, stake + i)),
        ),
      );
    const idsOf = (results: Awaited<ReturnType<typeof burst>>) => results.map(({ bet }) => bet.id);

    // Any statement writing more than one bet fails: the batch's write, not the single way's.
    await x.db.exec(`
      CREATE FUNCTION refuse_many_bets() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT count(*) FROM written) > 1 THEN
          RAISE EXCEPTION 'more than one bet in one statement';
        END IF;
        RETURN NULL;
      END $$;
      CREATE TRIGGER refuse_many_bets AFTER INSERT ON bets REFERENCING NEW TABLE AS written
        FOR EACH STATEMENT EXECUTE FUNCTION refuse_many_bets();`);
    let failed;
    try {
      failed = await burst(200);
    } finally {
      await x.db.exec('DROP TRIGGER refuse_many_bets ON bets; DROP FUNCTION refuse_many_bets();');
    }
    // Counted, with its bets as handed on for that reason...
    expect(placement.batchStats()).toEqual({
      batches: 0,
      placed: 0,
      refused: 0,
      handedOn: { ...NONE_HANDED_ON, failure: players.length },
      failures: 1,
    });
    // ...logged once, as an error, with the group's markets, its size and the cause...
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 50,
      module: 'exchange',
      msg: 'a bet batch failed; its bets go the single way',
      marketIds: [marketId],
      batchSize: players.length,
      err: { message: expect.stringContaining('more than one bet in one statement') },
    });
    // ...and every bet placed once, the single way: one row each, each answer its own bet.
    const rows = await x.db.query<{ id: string }>(
      'SELECT id FROM bets WHERE market_id = $1 AND NOT is_house ORDER BY id',
      [marketId],
    );
    expect(rows.map((row) => Number(row.id))).toEqual(idsOf(failed).sort((a, b) => a - b));

    // With the database right again, the next burst is one batch.
    const placed = await burst(300);
    expect(placement.batchStats()).toMatchObject({
      batches: 1,
      placed: players.length,
      failures: 1,
    });
    expect(lines).toHaveLength(1);
    expect(new Set([...idsOf(failed), ...idsOf(placed)]).size).toBe(2 * players.length);
    await expectSoundLedger(x.db);
  });
});
