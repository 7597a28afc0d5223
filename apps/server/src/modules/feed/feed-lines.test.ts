import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { marketStatusMessage, parseHubMessage, type MarketStatusData } from '@backlay/contract/hub';
import { BALL_RUNNING_REASON } from '@backlay/contract/sports';
import { priceToTick } from '@backlay/exchange/ladder';
import { winningsMinor } from '@backlay/exchange/money';
import { TEST_BACKENDS, testAppConfig } from '../../test-helper';
import { createDomainRules } from '../brands';
import { setMarketOpen } from '../exchange';
import {
  demoPlayer,
  exchangeApp,
  placeBody,
  quotedRunners,
  TEST_HOST,
  type ExchangeApp,
} from '../exchange/exchange-test-kit';
import { auditLedger, SOUND_LEDGER } from '../wallet/ledger-audit';
import { createFeedRunner } from './feed-runner';
import type { FeedMarketSpec, FeedUpdate } from './simulator';

const rules = createDomainRules(testAppConfig().domainsDir);
const SESSION = 'fancy:6-over-runs:IND';
const SESSION_NAME = '6 Over Runs IND';

/** The run value V of the session: Yes when its runs reach V. */
const value = (runs: number): FeedMarketSpec => ({
  key: `${SESSION}@${runs}`,
  type: 'FANCY',
  name: SESSION_NAME,
  runners: ['Yes', 'No'],
  line: runs - 0.5,
});

/** A runner that records every status it pushes. */
function recordingRunner(x: ExchangeApp) {
  const statuses: MarketStatusData[] = [];
  const runner = createFeedRunner({
    db: x.db,
    rules,
    publisher: {
      publishMarketOdds: async () => undefined,
      publishMarketStatus: async (data) => {
        statuses.push(data);
      },
    },
    log: { error: (...args: unknown[]) => console.error(...args), info: () => undefined },
    idPrefix: `l${randomUUID().slice(0, 6)}-`,
  });
  return { runner, statuses };
}

/** A cricket fixture whose session is quoted on 'No 48' and 'Yes 49'. */
async function lineFixture(x: ExchangeApp) {
  const recorded = recordingRunner(x);
  const externalId = `line-${randomUUID().slice(0, 8)}`;
  const markets: FeedMarketSpec[] = [
    {
      key: 'match_odds',
      type: 'MATCH_ODDS',
      name: 'Match Odds',
      runners: ['India', 'Australia'],
      line: null,
    },
    value(48),
    value(49),
  ];
  await recorded.runner.applyAll([
    {
      kind: 'fixture',
      fixture: {
        externalId,
        sportId: 3,
        competition: 'Test Series',
        venueTimeZone: 'Asia/Kolkata',
        title: `India v Australia ${externalId}`,
        participants: ['India', 'Australia'],
        startAt: new Date(Date.now() + 60 * 60_000),
        markets,
      },
    },
    { kind: 'prices', externalId, marketKey: 'match_odds', probabilities: [0.5, 0.5] },
    // Reaching 48 is likelier than not, reaching 49 less likely: No 48, Yes 49.
    { kind: 'prices', externalId, marketKey: `${SESSION}@48`, probabilities: [0.6, 0.4] },
    { kind: 'prices', externalId, marketKey: `${SESSION}@49`, probabilities: [0.4, 0.6] },
  ]);
  const apply = (...updates: FeedUpdate[]) => recorded.runner.applyAll(updates);
  const marketRows = () =>
    x.db.query<{
      id: string;
      event_id: string;
      market_key: string;
      status: string;
      in_play: boolean;
      bet_delay_seconds: number;
      sort_order: number;
      fair_probabilities: number[] | null;
      suspended_reason: string | null;
    }>(
      `SELECT m.id, m.event_id, m.market_key, m.status, m.in_play, m.bet_delay_seconds,
         m.sort_order, m.fair_probabilities, m.suspended_reason
       FROM markets m JOIN sport_events e ON e.id = m.event_id
       WHERE e.external_id LIKE '%' || $1 ORDER BY m.sort_order, m.id`,
      [externalId],
    );
  const idOf = async (key: string) => {
    const row = (await marketRows()).find((market) => market.market_key === key);
    if (!row) throw new Error(`no market ${key}`);
    return row.id;
  };
  const eventId = Number((await marketRows())[0]?.event_id);
  return { externalId, eventId, apply, statuses: recorded.statuses, marketRows, idOf };
}

/** The house's resting orders on a market, in both books. */
async function houseResting(x: ExchangeApp, marketId: string): Promise<number> {
  const [row] = await x.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM bets WHERE market_id = $1 AND is_house
       AND matched_minor + cancelled_minor < stake_minor`,
    [marketId],
  );
  return Number(row?.n ?? 0);
}

describe.each(TEST_BACKENDS)(
  'fancy lines and ball running through the feed on %s',
  async (backend) => {
    const x = await exchangeApp(backend);
    const player = await demoPlayer(x);

    const listed = async (eventId: number) => {
      const res = await x.call('GET', 'Market/GetByEventId', {
        host: TEST_HOST,
        token: player.token,
        query: { eventId },
      });
      expect(res.body.success).toBe(true);
      return res.body.result.markets as {
        id: string;
        name: string;
        suspendedReason: string | null;
      }[];
    };
    const oddsByEvent = async (eventId: number) => {
      const res = await x.call('GET', 'Odds/GetUserOddsV2', {
        host: TEST_HOST,
        token: player.token,
        query: { eventId },
      });
      return res.body.result as { marketId: string; suspendedReason: string | null }[];
    };

    it('adds an announced run value once, after the others, in play when the event is', async () => {
      const fixture = await lineFixture(x);
      const { externalId } = fixture;
      await fixture.apply(
        { kind: 'market', externalId, market: value(50) },
        { kind: 'market', externalId, market: value(50) },
      );
      const added = (await fixture.marketRows()).filter((m) => m.market_key === `${SESSION}@50`);
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({ status: 'OPEN', in_play: false, sort_order: 3 });
      const runners = await x.db.query<{ runner_id: number; name: string }>(
        'SELECT runner_id, name FROM market_runners WHERE market_id = $1 ORDER BY sort_order',
        [added[0]?.id],
      );
      expect(runners).toEqual([
        { runner_id: 1, name: 'Yes' },
        { runner_id: 2, name: 'No' },
      ]);

      // In play, a new value goes in play with the others' bet delay; announced twice, it is
      // still one market.
      await fixture.apply({ kind: 'status', externalId, status: 'IN_PLAY' });
      await fixture.apply(
        { kind: 'market', externalId, market: value(51) },
        { kind: 'market', externalId, market: value(51) },
      );
      const rows = await fixture.marketRows();
      expect(rows.map((row) => row.market_key)).toEqual([
        'match_odds',
        `${SESSION}@48`,
        `${SESSION}@49`,
        `${SESSION}@50`,
        `${SESSION}@51`,
      ]);
      const delays = new Set(rows.map((row) => row.bet_delay_seconds));
      expect(rows.every((row) => row.in_play)).toBe(true);
      expect(delays.size).toBe(1);
      expect([...delays][0]).toBeGreaterThan(0);
    });

    it('withdraws a value: the house quotes it no more and the event lists it no more', async () => {
      const fixture = await lineFixture(x);
      const { externalId, eventId } = fixture;
      const no48 = await fixture.idOf(`${SESSION}@48`);
      const yes49 = await fixture.idOf(`${SESSION}@49`);
      expect(await houseResting(x, no48)).toBe(2);
      expect((await listed(eventId)).map((market) => market.id)).toContain(no48);

      await fixture.apply({ kind: 'withdraw', externalId, marketKey: `${SESSION}@48` });
      expect(await houseResting(x, no48)).toBe(0);
      expect(await houseResting(x, yes49)).toBe(2);
      const names = (await listed(eventId)).map((market) => market.id);
      expect(names).not.toContain(no48);
      expect(names).toContain(yes49);
      expect((await oddsByEvent(eventId)).map((odds) => odds.marketId)).not.toContain(no48);
      // Asked for by id, it still answers: with nothing to take.
      const [yes] = await quotedRunners(x, no48);
      expect(yes).toMatchObject({ back: [], lay: [] });

      // The line coming back quotes it again.
      await fixture.apply({
        kind: 'prices',
        externalId,
        marketKey: `${SESSION}@48`,
        probabilities: [0.55, 0.45],
      });
      expect(await houseResting(x, no48)).toBe(2);
      expect((await listed(eventId)).map((market) => market.id)).toContain(no48);
    });

    it('settles No at V_no and Yes at V_yes on the session’s number, the ledger exact', async () => {
      const fixture = await lineFixture(x);
      const { externalId } = fixture;
      const no48 = await fixture.idOf(`${SESSION}@48`);
      const yes49 = await fixture.idOf(`${SESSION}@49`);
      // The maker offers only No at 48 and only Yes at 49.
      const [at48] = await quotedRunners(x, no48);
      const [at49] = await quotedRunners(x, yes49);
      expect(at48?.back).toEqual([]);
      expect(at49?.lay).toEqual([]);
      const layPrice = at48?.lay[0]?.price ?? Number.NaN;
      const backPrice = at49?.back[0]?.price ?? Number.NaN;

      const takers = [await demoPlayer(x), await demoPlayer(x)];
      const bets = [
        { market: no48, side: 'LAY' as const, price: layPrice, player: takers[0] },
        { market: yes49, side: 'BACK' as const, price: backPrice, player: takers[1] },
      ];
      for (const bet of bets) {
        const placed = await x.call('POST', 'Bet/PlaceBetV2', {
          host: TEST_HOST,
          token: bet.player?.token,
          body: placeBody(bet.market, 1, bet.side, bet.price, 200),
        });
        expect(placed.body, JSON.stringify(placed.body.error)).toMatchObject({ success: true });
      }
      const open = await x.call('GET', 'Bet/GetUserOpenBets', {
        host: TEST_HOST,
        token: takers[0]?.token,
        query: {},
      });
      expect(open.body.result.openBets).toMatchObject([
        { marketId: no48, marketType: 'FANCY', line: 47.5, side: 'LAY', matchedStake: 200 },
      ]);

      // The session ends on 49 runs: both values reached, so No 48 loses and Yes 49 wins.
      await fixture.apply(
        { kind: 'result', externalId, marketKey: `${SESSION}@48`, winner: 0 },
        { kind: 'result', externalId, marketKey: `${SESSION}@49`, winner: 0 },
      );
      const profits = await x.db.query<{ market_id: string; profit_minor: string }>(
        `SELECT market_id, profit_minor FROM bets WHERE NOT is_house AND market_id = ANY($1::text[])
       ORDER BY market_id`,
        [[no48, yes49]],
      );
      const winnings = (price: number) => winningsMinor(20_000, priceToTick(price) ?? Number.NaN);
      expect(profits.map((row) => [row.market_id, Number(row.profit_minor)])).toEqual([
        [no48, -winnings(layPrice)],
        [yes49, winnings(backPrice)],
      ]);
      const history = await x.call('POST', 'Bet/GetUserBetHistory', {
        host: TEST_HOST,
        token: takers[1]?.token,
        body: { status: 'SETTLED', MaxResultCount: 10, SkipCount: 0 },
      });
      expect(history.body.result.items).toMatchObject([{ marketId: yes49, line: 48.5 }]);
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
    });

    it('pushes the ball-running reason while suspended and clears it when the feed reopens', async () => {
      const fixture = await lineFixture(x);
      const { externalId, eventId } = fixture;
      const key = `${SESSION}@49`;
      const marketId = await fixture.idOf(key);
      const lastPush = () => fixture.statuses.filter((s) => s.MarketId === marketId).at(-1);

      await fixture.apply({
        kind: 'suspend',
        externalId,
        marketKey: key,
        reason: BALL_RUNNING_REASON,
      });
      expect(lastPush()).toMatchObject({ Status: 'suspended', Reason: BALL_RUNNING_REASON });
      // What a client receives over the hub keeps it.
      const pushed = lastPush();
      if (!pushed) throw new Error('no status pushed');
      expect(parseHubMessage(marketStatusMessage(pushed))).toMatchObject({
        code: 'MarketStatus',
        data: { Reason: BALL_RUNNING_REASON },
      });
      const market = (await listed(eventId)).find((m) => m.id === marketId);
      expect(market?.suspendedReason).toBe(BALL_RUNNING_REASON);
      const odds = (await oddsByEvent(eventId)).find((o) => o.marketId === marketId);
      expect(odds?.suspendedReason).toBe(BALL_RUNNING_REASON);

      // New prices while the ball runs wait for the reopening, which quotes them.
      await fixture.apply({
        kind: 'prices',
        externalId,
        marketKey: key,
        probabilities: [0.3, 0.7],
      });
      await fixture.apply({ kind: 'resume', externalId, marketKey: key });
      expect(lastPush()).toMatchObject({ Status: 'open', Reason: null });
      expect((await listed(eventId)).find((m) => m.id === marketId)?.suspendedReason).toBeNull();
      const [yes] = await quotedRunners(x, marketId);
      // Yes at 0.3, less the margin: backed at a price under the fair 3.33.
      expect(yes?.back[0]?.price).toBeLessThan(1 / 0.3);
      expect(yes?.back[0]?.price).toBeGreaterThan(3);

      // An operator's hold gives no reason, and outlasts the feed's reopening.
      await fixture.apply({ kind: 'suspend', externalId, marketKey: key, reason: 'Wicket' });
      await setMarketOpen(x.db, marketId, false, 'operator');
      await fixture.apply({ kind: 'resume', externalId, marketKey: key });
      expect(lastPush()).toMatchObject({ Status: 'suspended', Reason: null });
      const [row] = (await fixture.marketRows()).filter((m) => m.id === marketId);
      expect(row).toMatchObject({ status: 'SUSPENDED', suspended_reason: null });
    });
  },
);
