import { describe, expect, it } from 'vitest';
import { playerDetailSchema } from '@backlay/contract/admin';
import { TEST_BACKENDS } from '../../test-helper';
import { setBettingLock, setPlayerMaxStake } from '../account';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import { BET_REFUSALS } from '@backlay/contract/bets';
import {
  demoPlayer,
  exchangeApp,
  exchangeState,
  placeBody,
  seedEvent,
  TEST_HOST,
} from './exchange-test-kit';
import { playerRecentBets } from './player-bets';

describe.each(TEST_BACKENDS)("operators' controls on a player's bets on %s", async (backend) => {
  const x = await exchangeApp(backend);
  const { call } = x;
  const as = (token: string) => ({ host: TEST_HOST, token });
  const place = (token: string, body: Record<string, unknown>) =>
    call('POST', 'Bet/PlaceBetV2', { ...as(token), body });
  /** Bets at once, as a burst from the client: they queue for the market and go in batches. */
  const burst = (token: string, bodies: Record<string, unknown>[]) =>
    Promise.all(bodies.map((body) => place(token, body)));

  it('refuses every bet of a player whose betting is locked, moving no money, until it is lifted', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    // Signed in, and read by the bearer check before the lock.
    expect((await place(player.token, placeBody(marketId, 1, 'BACK', 1.97, 100))).status).toBe(200);

    const change = await x.db.transaction((tx) => setBettingLock(tx, player.id, true));
    expect(change).toMatchObject({
      before: { bettingLocked: false },
      after: { bettingLocked: true },
      signedOut: false,
    });
    const state = await exchangeState(x.db);
    const stats = x.app.betBatches.stats();

    const single = await place(player.token, placeBody(marketId, 1, 'BACK', 1.97, 100));
    expect(single.status).toBe(403);
    expect(single.body).toMatchObject({
      success: false,
      unAuthorizedRequest: false,
      error: { code: 'FORBIDDEN', message: BET_REFUSALS.BETTING_LOCKED, details: 'BETTING_LOCKED' },
    });
    const refused = await burst(
      player.token,
      Array.from({ length: 8 }, (_, i) =>
        placeBody(marketId, 1 + (i % 2), i % 2 ? 'LAY' : 'BACK', i % 2 ? 2.1 : 1.9, 100 + i),
      ),
    );
    expect(refused.map((res) => [res.status, res.body.error?.message])).toEqual(
      refused.map(() => [403, BET_REFUSALS.BETTING_LOCKED]),
    );
    // Refused at the door: nothing reached a batch or the database.
    expect(x.app.betBatches.stats()).toEqual(stats);
    expect(await exchangeState(x.db)).toBe(state);
    await expectSoundLedger(x.db);
    // The player still reads their bets and may cancel them.
    const open = await call('GET', 'Bet/GetUserOpenBets', as(player.token));
    expect(open.body.result.openBets).toHaveLength(1);

    await x.db.transaction((tx) => setBettingLock(tx, player.id, false));
    const placed = await burst(
      player.token,
      Array.from({ length: 8 }, (_, i) =>
        placeBody(marketId, 1 + (i % 2), i % 2 ? 'LAY' : 'BACK', i % 2 ? 1.5 : 3, 100 + i),
      ),
    );
    expect(placed.map((res) => res.status)).toEqual(placed.map(() => 200));
    expect(x.app.betBatches.stats().batches).toBeGreaterThan(stats.batches);
    await expectSoundLedger(x.db);
  });

  it("refuses a stake above the player's own limit, single or batched, and takes one at it", async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    const limits = async () =>
      (await call('GET', 'Odds/GetUserLimits', { ...as(player.token), query: { marketId } })).body
        .result as { maxStake: number };
    const brandMax = (await limits()).maxStake;
    expect(brandMax).toBeGreaterThan(500);

    expect(await x.db.transaction((tx) => setPlayerMaxStake(tx, player.id, 50_000))).toMatchObject({
      before: { maxStake: null },
      after: { maxStake: 500 },
    });
    expect((await limits()).maxStake).toBe(500);

    const state = await exchangeState(x.db);
    const above = await place(player.token, placeBody(marketId, 1, 'BACK', 1.97, 500.01));
    expect(above.status).toBe(400);
    expect(above.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The maximum stake on your account is ₹500.',
      details: 'STAKE_ABOVE_MAX',
    });
    expect(await exchangeState(x.db)).toBe(state);

    const atLimit = await place(player.token, placeBody(marketId, 1, 'BACK', 1.97, 500));
    expect(atLimit.body.result.bet).toMatchObject({ stake: 500, status: 'MATCHED' });

    // A burst: the batches check each bet against the player's limit too.
    const stats = x.app.betBatches.stats();
    const mixed = await burst(
      player.token,
      Array.from({ length: 10 }, (_, i) => placeBody(marketId, 2, 'BACK', 50, i % 2 ? 600 : 400)),
    );
    expect(mixed.map((res) => res.status)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? 400 : 200)),
    );
    for (const res of mixed.filter((r) => r.status === 400)) {
      expect(res.body.error.details).toBe('STAKE_ABOVE_MAX');
    }
    const moved = x.app.betBatches.stats();
    expect(moved.refused - stats.refused).toBeGreaterThan(0);
    await expectSoundLedger(x.db);

    // Lifted, the brand's limits alone hold again.
    await x.db.transaction((tx) => setPlayerMaxStake(tx, player.id, null));
    expect((await limits()).maxStake).toBe(brandMax);
    const larger = await place(player.token, placeBody(marketId, 2, 'BACK', 50, 600));
    expect(larger.status).toBe(200);
    // A limit above the brand's changes nothing: the brand's is lower.
    await x.db.transaction((tx) => setPlayerMaxStake(tx, player.id, (brandMax + 1) * 100));
    expect((await limits()).maxStake).toBe(brandMax);
    const overBrand = await place(player.token, placeBody(marketId, 2, 'BACK', 50, brandMax + 1));
    expect(overBrand.body.error.message).toBe(`The maximum stake here is ₹${brandMax}.`);
  });

  it("lists a player's recent bets for operators, newest first", async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    const first = await place(player.token, placeBody(marketId, 1, 'BACK', 1.97, 200));
    const second = await place(player.token, placeBody(marketId, 2, 'LAY', 1.5, 300));
    const bets = await playerRecentBets(x.db, player.id, 10);
    expect(playerDetailSchema.shape.bets.parse(bets)).toEqual(bets);
    expect(bets).toEqual([
      expect.objectContaining({
        id: String(second.body.result.bet.id),
        marketId,
        marketName: 'Match Odds',
        runnerName: 'Australia',
        side: 'LAY',
        price: 1.5,
        stake: 300,
        matched: 0,
        status: 'UNMATCHED',
        profit: null,
      }),
      expect.objectContaining({
        id: String(first.body.result.bet.id),
        eventName: first.body.result.bet.eventName,
        runnerName: 'India',
        side: 'BACK',
        stake: 200,
        matched: 200,
        status: 'MATCHED',
      }),
    ]);
    expect(bets.map((bet) => bet.matchedPrice)).toEqual([null, first.body.result.bet.averagePrice]);
    // Asked for at least 1.5, matched at the best price laid: the player page shows both.
    const better = await place(player.token, placeBody(marketId, 1, 'BACK', 1.5, 100));
    const [latest] = await playerRecentBets(x.db, player.id, 1);
    expect(latest).toMatchObject({
      id: String(better.body.result.bet.id),
      price: 1.5,
      matchedPrice: better.body.result.bet.averagePrice,
    });
    expect(latest?.matchedPrice).toBeGreaterThan(1.5);
    expect(await playerRecentBets(x.db, player.id, 1)).toHaveLength(1);
    expect(await playerRecentBets(x.db, 'not-a-player', 5)).toEqual([]);
  });
});
