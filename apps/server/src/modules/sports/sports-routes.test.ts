import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SPORT_IDS } from '@backlay/contract/sports';
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../test-helper';
import {
  CRICKET_MARKETS,
  demoPlayer,
  exchangeApp,
  seedEvent,
  TEST_HOST,
} from '../exchange/exchange-test-kit';
import { tvPlaceholderUrl } from './sports-routes';

describe('the live video stand-in', () => {
  it('is a picture of each sport’s own ground, and each is there to serve', () => {
    const assets = new URL('../../../../../config/domains/assets/', import.meta.url);
    const urls = Object.values(SPORT_IDS).map((id) => tvPlaceholderUrl(id));
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) {
      const file = fileURLToPath(new URL(url.replace('/cdn/assets/', ''), assets));
      expect(fs.readFileSync(file, 'utf8'), url).toMatch(/^<svg /);
    }
  });
});

describe.each(TEST_BACKENDS)('the sport and market calls on %s', async (backend) => {
  const x = await exchangeApp(backend);
  const { call } = x;
  const cricket = await seedEvent(x.db, x.feed, {
    sportId: 3,
    markets: CRICKET_MARKETS,
    probabilities: {
      match_odds: [0.6, 0.4],
      bookmaker: [0.6, 0.4],
      'fancy:6-over-runs:IND': [0.45, 0.55],
    },
  });
  const race = await seedEvent(x.db, x.feed, {
    sportId: 26,
    startsInMinutes: 5,
    venueTimeZone: 'Asia/Dubai',
  });
  const player = await demoPlayer(x);

  it('lists the sports a visitor may see, each with its events and best prices', async () => {
    const tree = await call('GET', 'Event/TreeSportWithEvent', { host: TEST_HOST });
    expect(tree.body.result.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 25, 26]);
    const cricketSport = tree.body.result.find((s: { id: number }) => s.id === 3);
    const event = cricketSport.events.find((e: { id: number }) => e.id === cricket.eventId);
    expect(event).toMatchObject({
      status: 'UPCOMING',
      sportName: 'Cricket',
      venueTimeZone: 'Asia/Kolkata',
      externalId: expect.stringContaining(cricket.externalId),
      matchOdds: {
        marketId: cricket.markets.match_odds,
        runners: [
          { id: 1, name: 'India', back: { price: 1.64 }, lay: { price: 1.7 } },
          { id: 2, name: 'Australia', back: { price: 2.46 }, lay: { price: 2.54 } },
        ],
      },
    });
    expect(event.matchDate).toBe(event.openDate);

    // A domain without horse racing hides it from guests, and from its players' bets.
    const noRacing = await call('GET', 'Event/TreeSportWithEvent', { host: '99exch.in' });
    expect(noRacing.body.result.map((s: { id: number }) => s.id)).not.toContain(26);
    const hidden = await call('GET', 'event/GetBySportName', {
      host: '99exch.in',
      query: { sportName: 'Horse Racing' },
    });
    expect(hidden.status).toBe(403);
  });

  it('marks in-play events, finds events by sport name and by search, soonest first', async () => {
    await x.feed.applyAll([{ kind: 'status', externalId: race.externalId, status: 'IN_PLAY' }]);
    const racing = await call('GET', 'event/GetBySportName', {
      host: TEST_HOST,
      query: { sportName: 'horse racing' },
    });
    const live = racing.body.result.find((e: { id: number }) => e.id === race.eventId);
    expect(live).toMatchObject({
      status: 'IN_PLAY',
      matchDate: 'In-Play',
      venueTimeZone: 'Asia/Dubai',
    });

    const closest = await call('GET', 'Event/Closest', { host: TEST_HOST, query: { count: 50 } });
    expect(closest.body.result[0].status).toBe('IN_PLAY');
    const found = await call('GET', 'Event/Closest', {
      host: TEST_HOST,
      query: { search: 'india v aus' },
    });
    expect(found.body.result.map((e: { id: number }) => e.id)).toContain(cricket.eventId);
    const none = await call('GET', 'Event/Closest', { host: TEST_HOST, query: { search: 'zzz%' } });
    expect(none.body.result).toEqual([]);
    const unknown = await call('GET', 'event/GetBySportName', {
      host: TEST_HOST,
      query: { sportName: 'Curling' },
    });
    expect(unknown.status).toBe(404);
  });

  it("gives an event's markets with runners, lines and fill-or-kill, and their odds", async () => {
    const res = await call('GET', 'Market/GetByEventId', {
      host: TEST_HOST,
      token: player.token,
      query: { eventId: cricket.eventId },
    });
    expect(res.body.result.markets.map((m: { type: string }) => m.type)).toEqual([
      'MATCH_ODDS',
      'BOOKMAKER',
      'FANCY',
    ]);
    expect(res.body.result.markets[2]).toMatchObject({
      line: 48.5,
      fillOrKill: true,
      runners: [
        { id: 1, name: 'Yes', result: null },
        { id: 2, name: 'No', result: null },
      ],
    });
    const odds = await call('GET', 'Odds/GetUserOddsV2', {
      host: TEST_HOST,
      token: player.token,
      query: { eventId: cricket.eventId },
    });
    expect(odds.body.result).toHaveLength(3);
    const fancy = odds.body.result[2];
    expect(fancy.runners[0].back).toHaveLength(1);
    expect(fancy.runners[1]).toEqual({ runnerId: 2, back: [], lay: [] });

    const needsLogin = await call('GET', 'Market/GetByEventId', {
      host: TEST_HOST,
      query: { eventId: cricket.eventId },
    });
    expect(needsLogin.status).toBe(401);
    const bad = await call('GET', 'Odds/GetUserOddsV2', { host: TEST_HOST, query: {} });
    expect(bad.status).toBe(400);
    const missing = await call('GET', 'Market/GetByEventId', {
      host: TEST_HOST,
      token: player.token,
      query: { eventId: 99999999 },
    });
    expect(missing.status).toBe(404);
  });

  it('matches a fill-or-kill bet at once or refuses it, leaving nothing unmatched', async () => {
    const marketId = cricket.markets.bookmaker as string;
    const kill = await call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      token: player.token,
      body: {
        marketId,
        runnerId: 1,
        side: 'BACK',
        price: 3,
        stake: 100,
        idempotencyKey: 'fill-or-kill-1',
      },
    });
    expect(kill.body.error.details).toBe('NOT_MATCHED');
    const fill = await call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      token: player.token,
      body: {
        marketId,
        runnerId: 1,
        side: 'BACK',
        price: 1.6,
        stake: 100,
        idempotencyKey: 'fill-or-kill-2',
      },
    });
    expect(fill.body.result.bet).toMatchObject({ status: 'MATCHED', averagePrice: 1.64 });
  });

  it('gives limits, the score card and the TV stream, saying plainly the stream is simulated', async () => {
    const limits = await call('GET', 'Odds/GetUserLimits', {
      host: TEST_HOST,
      token: player.token,
      query: { marketId: cricket.markets['fancy:6-over-runs:IND'] as string },
    });
    expect(limits.body.result).toMatchObject({
      minStake: 100,
      maxStake: 100000,
      maxLiability: 500000,
    });

    await x.feed.applyAll([
      { kind: 'status', externalId: cricket.externalId, status: 'IN_PLAY' },
      {
        kind: 'score',
        externalId: cricket.externalId,
        score: {
          summary: 'IND 42/1 (5.2)',
          teams: [
            { name: 'India', score: '42/1 (5.2)' },
            { name: 'Australia', score: 'Yet to bat' },
          ],
          commentary: ['FOUR! Driven through the covers'],
        },
      },
    ]);
    // In play, each market says the delay a bet on it waits out: the sport's on match odds,
    // the brand's ball-running one on bookmaker and fancy (which close for every ball).
    const markets = await call('GET', 'Market/GetByEventId', {
      host: TEST_HOST,
      token: player.token,
      query: { eventId: cricket.eventId },
    });
    const delays = new Map<string, number>(
      markets.body.result.markets.map((m: { type: string; betDelaySeconds: number }) => [
        m.type,
        m.betDelaySeconds,
      ]),
    );
    expect(Object.fromEntries(delays)).toEqual({ MATCH_ODDS: 5, BOOKMAKER: 0, FANCY: 0 });
    const fancyLimits = await call('GET', 'Odds/GetUserLimits', {
      host: TEST_HOST,
      token: player.token,
      query: { marketId: cricket.markets['fancy:6-over-runs:IND'] as string },
    });
    expect(fancyLimits.body.result.betDelaySeconds).toBe(delays.get('FANCY'));

    const card = await call('GET', 'services/app/Sport/GetScoreCard', {
      host: TEST_HOST,
      query: { eventId: cricket.eventId },
    });
    expect(card.body.result).toMatchObject({
      status: 'IN_PLAY',
      summary: 'IND 42/1 (5.2)',
      commentary: ['FOUR! Driven through the covers'],
    });
    const tv = await call('POST', 'Tv/GetStream', {
      host: TEST_HOST,
      body: { eventId: cricket.eventId },
    });
    // The stand-in is the sport's own ground: a cricket oval, not a football pitch.
    expect(tv.body.result).toMatchObject({
      status: 1,
      placeholder: true,
      url: '/cdn/assets/_feed/tv-placeholder-cricket.svg',
    });
    expect(tv.body.result.message).toMatch(/no live video/);
    const notYet = await call('POST', 'Tv/GetStream', {
      host: TEST_HOST,
      body: { eventId: (await seedEvent(x.db, x.feed)).eventId },
    });
    expect(notYet.body.result).toMatchObject({ status: 0, url: null });
  });

  it('answers bad input to every sport and bet call with a validation envelope', async () => {
    const as = { host: TEST_HOST, token: player.token };
    const cases: [
      string,
      'GET' | 'POST',
      string,
      { query?: Record<string, string>; body?: unknown },
    ][] = [
      ['no sport named', 'GET', 'event/GetBySportName', { query: {} }],
      ['a sport id that is not one', 'GET', 'event/GetBySportName', { query: { sportId: '7' } }],
      ['count out of range', 'GET', 'Event/Closest', { query: { count: '500' } }],
      ['event id not a number', 'GET', 'Market/GetByEventId', { query: { eventId: 'abc' } }],
      [
        'market id of another shape',
        'GET',
        'Odds/GetUserOddsV2',
        { query: { marketIds: 'x;drop' } },
      ],
      [
        'too many markets',
        'GET',
        'Odds/GetUserOddsV2',
        { query: { marketIds: Array.from({ length: 21 }, (_, i) => `1.${i + 1}`).join(',') } },
      ],
      ['limits without a market', 'GET', 'Odds/GetUserLimits', { query: {} }],
      [
        'score card of no event',
        'GET',
        'services/app/Sport/GetScoreCard',
        { query: { eventId: '-1' } },
      ],
      ['stream of no event', 'POST', 'Tv/GetStream', { body: {} }],
      ['cancel without a bet id', 'POST', 'Bet/CancelBet', { body: { betId: 'one' } }],
      [
        'open bets of a bad market id',
        'GET',
        'Bet/GetUserOpenBets',
        { query: { marketId: 'nope' } },
      ],
      [
        'P&L of a bad event id',
        'GET',
        'Bet/GetUserExpectedProfitLoss',
        { query: { eventId: 'x' } },
      ],
      [
        'history from a date that is not one',
        'POST',
        'Bet/GetUserBetHistory',
        { body: { fromDate: 'yesterday' } },
      ],
      [
        'history of an unknown status',
        'POST',
        'Bet/GetUserBetHistory',
        { body: { status: 'WON' } },
      ],
      [
        'history page too large',
        'POST',
        'Bet/GetUserBetHistory',
        { body: { MaxResultCount: 1000 } },
      ],
      [
        'profit and loss skipping a negative count',
        'POST',
        'Bet/GetUserProfitLoss',
        { body: { SkipCount: -1 } },
      ],
    ];
    for (const [what, method, path, input] of cases) {
      const res = await call(method, path, { ...as, ...input });
      expect({
        what,
        status: res.status,
        success: res.body.success,
        code: res.body.error?.code,
      }).toEqual({
        what,
        status: 400,
        success: false,
        code: 'VALIDATION_FAILED',
      });
    }
  });
});
