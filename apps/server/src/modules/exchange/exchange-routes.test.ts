import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../test-helper';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import {
  demoPlayer,
  exchangeApp,
  exchangeState,
  placeBody,
  quotedRunners,
  seedEvent,
  TEST_HOST,
} from './exchange-test-kit';
import type { FeedMarketSpec } from '../feed/simulator/types';

describe.each(TEST_BACKENDS)('the bet calls on %s', async (backend) => {
  const x = await exchangeApp(backend);
  const { call } = x;
  const as = (token: string) => ({ host: TEST_HOST, token });

  it('backs a runner at the best available price and holds exactly the liability', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);

    const odds = await call('GET', 'Odds/GetUserOddsV2', {
      ...as(player.token),
      query: { marketIds: marketId },
    });
    expect(odds.body.result[0].runners[0].back.map((l: { price: number }) => l.price)).toEqual([
      1.97, 1.96, 1.95,
    ]);
    expect(odds.body.result[0].runners[0].lay.map((l: { price: number }) => l.price)).toEqual([
      2.04, 2.06, 2.08,
    ]);

    // Asking for 1.90 gets the best price resting: 1.97.
    const placed = await call('POST', 'Bet/PlaceBetV2', {
      ...as(player.token),
      body: placeBody(marketId, 1, 'BACK', 1.9, 1000),
    });
    expect(placed.status).toBe(200);
    expect(placed.body.result.bet).toMatchObject({
      status: 'MATCHED',
      matchedStake: 1000,
      averagePrice: 1.97,
      unmatchedStake: 0,
      liability: 1000,
    });
    expect(placed.body.result).toMatchObject({ balance: 100000, exposure: 1000, available: 99000 });
    expect(placed.body.result.bet.eventExternalId).toContain(event.externalId);

    const pnl = await call('GET', 'Bet/GetUserExpectedProfitLoss', {
      ...as(player.token),
      query: { marketId },
    });
    expect(pnl.body.result).toEqual([
      {
        eventId: event.eventId,
        marketId,
        exposure: 1000,
        runners: [
          { runnerId: 1, profitLoss: 970 },
          { runnerId: 2, profitLoss: -1000 },
        ],
      },
    ]);
    const open = await call('GET', 'Bet/GetUserOpenBets', as(player.token));
    expect(open.body.result.openBets.map((b: { id: number }) => b.id)).toEqual([
      placed.body.result.bet.id,
    ]);
    // What the list reads back is what the placement answered.
    expect(open.body.result.openBets[0]).toEqual(placed.body.result.bet);
    expect(open.body.result).toMatchObject({ balance: 100000, exposure: 1000 });
    await expectSoundLedger(x.db);
  });

  it("holds exactly the position's exposure when a bet matches the player's own resting order", async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    // A back at 3.00 rests (the maker lays at 1.97 at most) ...
    await call('POST', 'Bet/PlaceBetV2', {
      ...as(player.token),
      body: placeBody(marketId, 1, 'BACK', 3, 1000),
    });
    // ... and a lay at 3.00 takes the maker's 15,000 at 2.04 to 2.08, then 1,000 of it.
    const lay = await call('POST', 'Bet/PlaceBetV2', {
      ...as(player.token),
      body: placeBody(marketId, 1, 'LAY', 3, 16000),
    });
    expect(lay.body.result.bet).toMatchObject({ status: 'MATCHED', matchedStake: 16000 });
    const pnl = await call('GET', 'Bet/GetUserExpectedProfitLoss', {
      ...as(player.token),
      query: { marketId },
    });
    // The ledger's hold (the wallet's exposure) equals the exposure the fills imply.
    expect(lay.body.result.exposure).toBe(pnl.body.result[0].exposure);
    const open = await call('GET', 'Bet/GetUserOpenBets', as(player.token));
    expect(open.body.result.exposure).toBe(pnl.body.result[0].exposure);
    expect(
      open.body.result.openBets.find((b: { side: string }) => b.side === 'BACK'),
    ).toMatchObject({
      status: 'MATCHED',
      matchedStake: 1000,
    });
    await expectSoundLedger(x.db);
  });

  it('rests an unmatched lay, and cancelling it releases its liability once', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    const other = await demoPlayer(x);

    const placed = await call('POST', 'Bet/PlaceBetV2', {
      ...as(player.token),
      body: placeBody(marketId, 2, 'LAY', 1.5, 1000),
    });
    expect(placed.body.result.bet).toMatchObject({
      status: 'UNMATCHED',
      matchedStake: 0,
      unmatchedStake: 1000,
      liability: 500,
    });
    expect(placed.body.result.exposure).toBe(500);
    const betId = placed.body.result.bet.id as number;

    // Another player's bet id is answered as an unknown bet, and changes nothing.
    const before = await exchangeState(x.db);
    const stranger = await call('POST', 'Bet/CancelBet', { ...as(other.token), body: { betId } });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.details).toBe('UNKNOWN_BET');
    expect(await exchangeState(x.db)).toBe(before);

    const cancelled = await call('POST', 'Bet/CancelBet', { ...as(player.token), body: { betId } });
    expect(cancelled.body.result.bet).toMatchObject({ status: 'CANCELLED', cancelledStake: 1000 });
    expect(cancelled.body.result).toMatchObject({ exposure: 0, available: 100000 });
    const again = await call('POST', 'Bet/CancelBet', { ...as(player.token), body: { betId } });
    expect(again.status).toBe(409);
    expect(again.body.error.details).toBe('NOTHING_TO_CANCEL');
    await expectSoundLedger(x.db);
  });

  it('refuses bad bets with a clear envelope error and changes nothing', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    const suspended = await seedEvent(x.db, x.feed);
    await x.feed.applyAll([
      {
        kind: 'suspend',
        externalId: suspended.externalId,
        marketKey: 'match_odds',
        reason: 'test',
      },
    ]);
    // A long shot nobody lays below 510: a lay at 500 rests, risking 499 × the stake.
    const longShot = await seedEvent(x.db, x.feed, {
      probabilities: { match_odds: [0.998, 0.002] },
    });
    const closed = await seedEvent(x.db, x.feed);
    await x.feed.applyAll([
      { kind: 'result', externalId: closed.externalId, marketKey: 'match_odds', winner: 0 },
    ]);

    const cases: [string, Record<string, unknown>, number, string | null][] = [
      ['off-ladder price', placeBody(marketId, 1, 'BACK', 1.015, 1000), 400, 'PRICE_OFF_LADDER'],
      [
        'price above the ladder',
        placeBody(marketId, 1, 'BACK', 1001, 1000),
        400,
        'PRICE_OFF_LADDER',
      ],
      ['stake below the minimum', placeBody(marketId, 1, 'BACK', 1.97, 50), 400, 'STAKE_BELOW_MIN'],
      [
        'stake above the maximum',
        placeBody(marketId, 1, 'BACK', 1.97, 600000),
        400,
        'STAKE_ABOVE_MAX',
      ],
      ['three decimals', placeBody(marketId, 1, 'BACK', 1.97, 100.005), 400, null],
      ['zero stake', placeBody(marketId, 1, 'BACK', 1.97, 0), 400, null],
      [
        'more than is available',
        placeBody(marketId, 1, 'BACK', 1.97, 150000),
        409,
        'INSUFFICIENT_FUNDS',
      ],
      [
        'liability above the limit',
        placeBody(longShot.markets.match_odds as string, 2, 'LAY', 500, 5000),
        400,
        'LIABILITY_ABOVE_MAX',
      ],
      ['unknown market', placeBody('1.999999999', 1, 'BACK', 1.97, 100), 404, 'UNKNOWN_MARKET'],
      ['unknown runner', placeBody(marketId, 9, 'BACK', 1.97, 100), 404, 'UNKNOWN_RUNNER'],
      [
        'suspended market',
        placeBody(suspended.markets.match_odds as string, 1, 'BACK', 1.97, 100),
        409,
        'MARKET_SUSPENDED',
      ],
      [
        'closed market',
        placeBody(closed.markets.match_odds as string, 1, 'BACK', 1.97, 100),
        409,
        'MARKET_CLOSED',
      ],
      [
        'no idempotency key',
        { ...placeBody(marketId, 1, 'BACK', 1.97, 100), idempotencyKey: '' },
        400,
        null,
      ],
      ['unknown side', { ...placeBody(marketId, 1, 'BACK', 1.97, 100), side: 'UP' }, 400, null],
    ];
    const before = await exchangeState(x.db);
    for (const [what, body, status, reason] of cases) {
      const res = await call('POST', 'Bet/PlaceBetV2', { ...as(player.token), body });
      expect({ what, status: res.status, success: res.body.success }).toEqual({
        what,
        status,
        success: false,
      });
      expect(res.body.error.message.length, what).toBeGreaterThan(5);
      if (reason) expect(res.body.error.details, what).toBe(reason);
    }
    expect(await exchangeState(x.db)).toBe(before);
    const guest = await call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      body: placeBody(marketId, 1, 'BACK', 1.97, 100),
    });
    expect(guest.status).toBe(401);
    expect(await exchangeState(x.db)).toBe(before);
  });

  it('answers a replayed idempotency key with the same bet, and refuses it for another', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    const body = placeBody(marketId, 1, 'BACK', 1.97, 500);
    const first = await call('POST', 'Bet/PlaceBetV2', { ...as(player.token), body });
    const state = await exchangeState(x.db);
    const replay = await call('POST', 'Bet/PlaceBetV2', { ...as(player.token), body });
    expect(replay.body.result.bet.id).toBe(first.body.result.bet.id);
    expect(replay.body.result.exposure).toBe(500);
    expect(await exchangeState(x.db)).toBe(state);
    const conflict = await call('POST', 'Bet/PlaceBetV2', {
      ...as(player.token),
      body: { ...body, stake: 600 },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.details).toBe('IDEMPOTENCY_CONFLICT');
    expect(await exchangeState(x.db)).toBe(state);
  });

  it('waits out the in-play delay and refuses the bet when the market was suspended meanwhile', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    await x.feed.applyAll([{ kind: 'status', externalId: event.externalId, status: 'IN_PLAY' }]);
    const limits = await call('GET', 'Odds/GetUserLimits', {
      ...as(player.token),
      query: { marketId },
    });
    expect(limits.body.result).toMatchObject({
      betDelaySeconds: 5,
      minStake: 100,
      commissionPercent: 2,
    });

    x.setDuringDelay(() =>
      x.feed.applyAll([
        {
          kind: 'suspend',
          externalId: event.externalId,
          marketKey: 'match_odds',
          reason: 'wicket',
        },
        { kind: 'resume', externalId: event.externalId, marketKey: 'match_odds' },
      ]),
    );
    const before = await exchangeState(x.db);
    const refused = await call('POST', 'Bet/PlaceBetV2', {
      ...as(player.token),
      body: placeBody(marketId, 1, 'BACK', 1.97, 100),
    });
    expect(refused.body.error.details).toBe('SUSPENDED_DURING_DELAY');
    expect(x.sleeps.at(-1)).toBe(5000);
    // Only the suspension moved.
    expect((await exchangeState(x.db)).split('\n')[0]).toBe(before.split('\n')[0]);

    const placed = await call('POST', 'Bet/PlaceBetV2', {
      ...as(player.token),
      body: placeBody(marketId, 1, 'BACK', 1.97, 100),
    });
    expect(placed.body.result.bet.status).toBe('MATCHED');
    expect(x.sleeps.length).toBe(2);
  });

  it('settles a market: every player gets what their position implies, less commission', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const backer = await demoPlayer(x);
    const layer = await demoPlayer(x);
    const idle = await demoPlayer(x);
    await call('POST', 'Bet/PlaceBetV2', {
      ...as(backer.token),
      body: placeBody(marketId, 1, 'BACK', 1.97, 1000),
    });
    await call('POST', 'Bet/PlaceBetV2', {
      ...as(layer.token),
      body: placeBody(marketId, 1, 'LAY', 2.04, 2000),
    });
    // An unmatched bet lapses at settlement and its liability comes back whole.
    await call('POST', 'Bet/PlaceBetV2', {
      ...as(idle.token),
      body: placeBody(marketId, 2, 'BACK', 50, 300),
    });

    await x.feed.applyAll([
      { kind: 'status', externalId: event.externalId, status: 'FINISHED' },
      { kind: 'result', externalId: event.externalId, marketKey: 'match_odds', winner: 0 },
    ]);
    const wallet = async (token: string) =>
      (await call('GET', 'Bet/GetUserOpenBets', as(token))).body.result;
    // 1000 × 0.97 = 970 won, 2% commission = 19.40.
    expect(await wallet(backer.token)).toEqual({ openBets: [], balance: 100950.6, exposure: 0 });
    // Laid 2000 at 2.04 and lost 2080; no commission on a loss.
    expect(await wallet(layer.token)).toEqual({ openBets: [], balance: 97920, exposure: 0 });
    expect(await wallet(idle.token)).toEqual({ openBets: [], balance: 100000, exposure: 0 });

    const history = await call('POST', 'Bet/GetUserBetHistory', {
      ...as(backer.token),
      body: { status: 'SETTLED' },
    });
    expect(history.body.result.totalCount).toBe(1);
    expect(history.body.result.items[0]).toMatchObject({ status: 'SETTLED', profitLoss: 970 });
    const lapsed = await call('POST', 'Bet/GetUserBetHistory', { ...as(idle.token), body: {} });
    expect(lapsed.body.result.items[0]).toMatchObject({ status: 'LAPSED', profitLoss: null });

    const pnl = await call('POST', 'Bet/GetUserProfitLoss', { ...as(backer.token), body: {} });
    expect(pnl.body.result).toMatchObject({
      totalCount: 1,
      total: { profitLoss: 970, commission: 19.4, net: 950.6 },
    });
    expect(pnl.body.result.items[0]).toMatchObject({ eventId: event.eventId, result: 'India' });
    // The line lists the market's matched bet as it was placed, with its own result.
    expect(pnl.body.result.items[0].bets).toEqual([
      {
        id: history.body.result.items[0].id,
        runnerName: 'India',
        side: 'BACK',
        averagePrice: 1.97,
        matchedStake: 1000,
        profitLoss: 970,
      },
    ]);
    // Another player's report lists only their own bets; an unmatched one lists none.
    const layerPnl = await call('POST', 'Bet/GetUserProfitLoss', { ...as(layer.token), body: {} });
    expect(layerPnl.body.result.items[0].bets).toMatchObject([{ side: 'LAY', matchedStake: 2000 }]);

    // A second result for the settled market moves nothing.
    const state = await exchangeState(x.db);
    await x.feed.applyAll([
      { kind: 'result', externalId: event.externalId, marketKey: 'match_odds', winner: 1 },
    ]);
    expect(await exchangeState(x.db)).toBe(state);
    await expectSoundLedger(x.db);
  });

  it('names a settled fancy bet’s session run count where its settled values bracket it', async () => {
    // One session quoted at three run values, another at one: a family of binary markets each.
    const value = (session: string, name: string, runs: number): FeedMarketSpec => ({
      key: `fancy:${session}@${runs}`,
      type: 'FANCY',
      name,
      runners: ['Yes', 'No'],
      line: runs - 0.5,
    });
    const markets = [
      value('6-over-runs:IND', '6 Over Runs IND', 48),
      value('6-over-runs:IND', '6 Over Runs IND', 49),
      value('6-over-runs:IND', '6 Over Runs IND', 50),
      value('opener-1-runs', 'Opener Runs', 20),
    ];
    const event = await seedEvent(x.db, x.feed, { markets });
    const player = await demoPlayer(x);
    const no49 = event.markets['fancy:6-over-runs:IND@49'] as string;
    const no20 = event.markets['fancy:opener-1-runs@20'] as string;
    // At even chances the house takes Yes: the player's side is No (a lay of Yes).
    for (const marketId of [no49, no20]) {
      const [yes] = await quotedRunners(x, marketId);
      const placed = await call('POST', 'Bet/PlaceBetV2', {
        ...as(player.token),
        body: placeBody(marketId, 1, 'LAY', yes?.lay[0]?.price ?? 0, 100),
      });
      expect(placed.body.result.bet).toMatchObject({ status: 'MATCHED', resultRuns: null });
    }
    // The session ends on 48: Yes at 48, No at 49 and 50. The opener made 20 or more.
    await x.feed.applyAll(
      [
        ['6-over-runs:IND@48', 0],
        ['6-over-runs:IND@49', 1],
        ['6-over-runs:IND@50', 1],
        ['opener-1-runs@20', 0],
      ].map(([key, winner]) => ({
        kind: 'result' as const,
        externalId: event.externalId,
        marketKey: `fancy:${key}`,
        winner: winner as number,
      })),
    );

    const history = await call('POST', 'Bet/GetUserBetHistory', { ...as(player.token), body: {} });
    const byMarket = new Map(
      (history.body.result.items as { marketId: string }[]).map((bet) => [bet.marketId, bet]),
    );
    expect(byMarket.get(no49)).toMatchObject({
      status: 'SETTLED',
      marketType: 'FANCY',
      line: 48.5,
      side: 'LAY',
      resultRuns: 48,
    });
    // One value settled says only "20 or more": no count is made up.
    expect(byMarket.get(no20)).toMatchObject({ status: 'SETTLED', line: 19.5, resultRuns: null });

    const pnl = await call('POST', 'Bet/GetUserProfitLoss', { ...as(player.token), body: {} });
    const items = pnl.body.result.items as { marketId: string }[];
    expect(items.find((item) => item.marketId === no49)).toMatchObject({
      marketType: 'FANCY',
      line: 48.5,
      result: 'No',
      resultRuns: 48,
    });
    expect(items.find((item) => item.marketId === no20)).toMatchObject({
      result: 'Yes',
      resultRuns: null,
    });
    await expectSoundLedger(x.db);
  });

  it('voids a market: every stake comes back and no commission is taken', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    await call('POST', 'Bet/PlaceBetV2', {
      ...as(player.token),
      body: placeBody(marketId, 2, 'LAY', 2.1, 3000),
    });
    await x.feed.applyAll([
      { kind: 'status', externalId: event.externalId, status: 'CANCELLED' },
      { kind: 'result', externalId: event.externalId, marketKey: 'match_odds', winner: null },
    ]);
    const open = await call('GET', 'Bet/GetUserOpenBets', as(player.token));
    expect(open.body.result).toEqual({ openBets: [], balance: 100000, exposure: 0 });
    const history = await call('POST', 'Bet/GetUserBetHistory', { ...as(player.token), body: {} });
    expect(history.body.result.items[0]).toMatchObject({ status: 'VOID', profitLoss: 0 });
    await expectSoundLedger(x.db);
  });
});
