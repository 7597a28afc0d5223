import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FeedMarketSpec } from '../feed/simulator/types';
import { TEST_BACKENDS, testAppConfig } from '../../test-helper';
import { demoPlayer, exchangeApp, seedEvent, TEST_HOST } from '../exchange/exchange-test-kit';

/** A brand with cricket but without live TV: a copy of the brands where 99exch.com switches it off. */
const NO_TV_HOST = '99exch.com';
function domainsWithoutTv(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-no-tv-'));
  fs.cpSync(testAppConfig().domainsDir, dir, {
    recursive: true,
    filter: (file) => !file.includes('node_modules'),
  });
  const file = path.join(dir, 'settings', `${NO_TV_HOST}.json`);
  const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
  fs.writeFileSync(file, JSON.stringify({ ...settings, tv: { enabled: false } }));
  return dir;
}

/** A run value of a session as the feed names it: 'fancy:6-over-runs:IND@49', line 48.5. */
function runValue(session: string, name: string, value: number): FeedMarketSpec {
  return {
    key: `fancy:${session}@${value}`,
    type: 'FANCY',
    name,
    runners: ['Yes', 'No'],
    line: value - 0.5,
  };
}

const MATCH_ODDS: FeedMarketSpec = {
  key: 'match_odds',
  type: 'MATCH_ODDS',
  name: 'Match Odds',
  runners: ['India', 'Australia'],
  line: null,
};

describe.each(TEST_BACKENDS)("an event's score session and video link on %s", async (backend) => {
  const x = await exchangeApp(backend, { domainsDir: domainsWithoutTv() });
  const { call } = x;
  // Two sessions: 6 overs (three values, the lowest no longer quoted) and the first wicket.
  const cricket = await seedEvent(x.db, x.feed, {
    markets: [
      MATCH_ODDS,
      runValue('6-over-runs:IND', '6 Over Runs IND', 47),
      runValue('6-over-runs:IND', '6 Over Runs IND', 48),
      runValue('6-over-runs:IND', '6 Over Runs IND', 49),
      runValue('fall-of-1st-wkt:IND', 'Fall of 1st Wkt IND', 30),
    ],
  });
  const football = await seedEvent(x.db, x.feed, { sportId: 1 });
  const race = await seedEvent(x.db, x.feed, { sportId: 26 });
  const player = await demoPlayer(x);

  const scoreSession = (eventId: number | string, host = TEST_HOST) =>
    call('GET', 'services/app/Sport/GetScoreSession', {
      host,
      query: { eventId: String(eventId) },
    });
  const videoLink = (eventId: number | string, host = TEST_HOST) =>
    call('GET', 'services/app/Sport/GetVideoLink', { host, query: { eventId: String(eventId) } });

  it("lists each session by the value the house takes No at, with no runs before the feed's word", async () => {
    await x.feed.applyAll([
      { kind: 'withdraw', externalId: cricket.externalId, marketKey: 'fancy:6-over-runs:IND@47' },
    ]);
    const before = await scoreSession(cricket.eventId);
    expect(before.status).toBe(200);
    expect(before.body.result).toEqual({
      eventId: cricket.eventId,
      sessions: [
        {
          marketId: cricket.markets['fancy:6-over-runs:IND@48'],
          name: '6 Over Runs IND',
          line: 47.5,
          runs: null,
        },
        {
          marketId: cricket.markets['fancy:fall-of-1st-wkt:IND@30'],
          name: 'Fall of 1st Wkt IND',
          line: 29.5,
          runs: null,
        },
      ],
      updatedAt: expect.any(String),
    });
  });

  it('gives the runs each session stands at as the feed scores the match', async () => {
    await x.feed.applyAll([
      { kind: 'status', externalId: cricket.externalId, status: 'IN_PLAY' },
      {
        kind: 'score',
        externalId: cricket.externalId,
        score: {
          summary: 'IND 42/0 (5.2)',
          teams: [
            { name: 'India', score: '42/0 (5.2)' },
            { name: 'Australia', score: 'Yet to bat' },
          ],
          commentary: ['FOUR! Driven through the covers'],
          sessions: [
            { key: 'fancy:6-over-runs:IND', value: 42 },
            { key: 'fancy:fall-of-1st-wkt:IND', value: 42 },
            { key: 'fancy:6-over-runs:AUS', value: null },
          ],
        },
      },
    ]);
    // A guest reads it too: it is the score, as the score card is.
    const res = await scoreSession(cricket.eventId);
    expect(
      res.body.result.sessions.map((s: { name: string; runs: number | null }) => [s.name, s.runs]),
    ).toEqual([
      ['6 Over Runs IND', 42],
      ['Fall of 1st Wkt IND', 42],
    ]);
    expect(Date.parse(res.body.result.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers an event without sessions with none, and unknown or hidden events as unknown', async () => {
    const none = await scoreSession(football.eventId);
    expect(none.body.result).toMatchObject({ eventId: football.eventId, sessions: [] });

    const unknown = await scoreSession(999_999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    // 99exch.in has no horse racing: its race looks like no event at all there.
    const hidden = await scoreSession(race.eventId, '99exch.in');
    expect(hidden.status).toBe(404);
    expect((await videoLink(race.eventId, '99exch.in')).status).toBe(404);
  });

  it("links an event in play to the feed's stand-in, saying it is one, and others to nothing", async () => {
    const live = await videoLink(cricket.eventId);
    expect(live.body.result).toEqual({
      eventId: cricket.eventId,
      url: '/cdn/assets/_feed/tv-placeholder-cricket.svg',
      placeholder: true,
      message: expect.stringMatching(/no live video/),
    });
    // The TV stream and the video link say the same of one event.
    const tv = await call('POST', 'Tv/GetStream', {
      host: TEST_HOST,
      body: { eventId: cricket.eventId },
    });
    expect(tv.body.result).toMatchObject({ url: live.body.result.url, placeholder: true });

    const upcoming = await videoLink(football.eventId);
    expect(upcoming.body.result).toEqual({
      eventId: football.eventId,
      url: null,
      placeholder: false,
      message: 'The stream opens when the event goes in play.',
    });
    // A brand without live TV has no link, even in play; a signed-in player's answer is the same.
    const noTv = await call('GET', 'services/app/Sport/GetVideoLink', {
      host: NO_TV_HOST,
      query: { eventId: String(cricket.eventId) },
    });
    expect(noTv.body.result).toMatchObject({ url: null, message: /not offered/ });
    const asPlayer = await call('GET', 'services/app/Sport/GetVideoLink', {
      host: TEST_HOST,
      token: player.token,
      query: { eventId: String(cricket.eventId) },
    });
    expect(asPlayer.body.result).toEqual(live.body.result);
  });

  it('refuses bad input to both calls with a validation envelope, and a bad bearer with a 401', async () => {
    for (const path of ['services/app/Sport/GetScoreSession', 'services/app/Sport/GetVideoLink']) {
      const queries: Record<string, string>[] = [
        {},
        { eventId: 'abc' },
        { eventId: '-3' },
        { eventId: '1.5' },
      ];
      for (const query of queries) {
        const res = await call('GET', path, { host: TEST_HOST, query });
        expect({ path, query, status: res.status, code: res.body.error?.code }).toEqual({
          path,
          query,
          status: 400,
          code: 'VALIDATION_FAILED',
        });
      }
      const stale = await call('GET', path, {
        host: TEST_HOST,
        token: 'not-a-token',
        query: { eventId: String(cricket.eventId) },
      });
      expect(stale.status).toBe(401);
      expect(stale.body.unAuthorizedRequest).toBe(true);
    }
  });
});
