import { describe, expect, it } from 'vitest';
import type { SportId } from '@backlay/contract/sports';
import {
  createSimulator,
  type FeedFixture,
  type FeedMarketSpec,
  type FeedUpdate,
  type Simulator,
} from './index';

const START = new Date('2025-03-01T12:00:00Z');
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const SPORT_IDS: readonly SportId[] = [1, 2, 3, 25, 26];

interface TimedUpdate {
  atMs: number;
  update: FeedUpdate;
}

/** Advances from START in steps of `stepMs` until `durationMs`, stamping each update. */
function run(simulator: Simulator, durationMs: number, stepMs: number): TimedUpdate[] {
  const updates: TimedUpdate[] = [];
  for (let elapsed = 0; elapsed < durationMs;) {
    elapsed = Math.min(durationMs, elapsed + stepMs);
    const atMs = START.getTime() + elapsed;
    for (const update of simulator.advance(new Date(atMs))) updates.push({ atMs, update });
  }
  return updates;
}

function fixturesIn(updates: readonly TimedUpdate[]): Map<string, FeedFixture> {
  const fixtures = new Map<string, FeedFixture>();
  for (const { update } of updates) {
    if (update.kind === 'fixture') fixtures.set(update.fixture.externalId, update.fixture);
  }
  return fixtures;
}

/** Every market published, by `<fixture>/<key>`: the fixtures' and those added later. */
function marketsIn(updates: readonly TimedUpdate[]): Map<string, FeedMarketSpec> {
  const markets = new Map<string, FeedMarketSpec>();
  for (const { update } of updates) {
    if (update.kind === 'fixture') {
      for (const market of update.fixture.markets) {
        markets.set(`${update.fixture.externalId}/${market.key}`, market);
      }
    }
    if (update.kind === 'market')
      markets.set(`${update.externalId}/${update.market.key}`, update.market);
  }
  return markets;
}

function marketId(update: { externalId: string; marketKey: string }): string {
  return `${update.externalId}/${update.marketKey}`;
}

// One long run shared by the property tests below: two simulated days at the default settings.
const TWO_DAYS = run(createSimulator({ seed: 2025, start: START }), 48 * HOUR_MS, 30_000);
const TWO_DAYS_FIXTURES = fixturesIn(TWO_DAYS);
const TWO_DAYS_MARKETS = marketsIn(TWO_DAYS);

describe('createSimulator', () => {
  it('replays the same updates for the same seed and differs for another seed', () => {
    const targets = [1, 7, 30, 95, 240].map(
      (minutes) => new Date(START.getTime() + minutes * MINUTE_MS),
    );
    const replay = (seed: number) => {
      const simulator = createSimulator({ seed, start: START });
      return targets.map((target) => simulator.advance(target));
    };
    const first = replay(99);
    expect(replay(99)).toEqual(first);
    expect(replay(100)).not.toEqual(first);
  });

  it('reaches the same feed whether advanced in one step or many', () => {
    const durationMs = 6 * HOUR_MS;
    const oneStep = createSimulator({ seed: 5, start: START });
    const manySteps = createSimulator({ seed: 5, start: START });
    const bulk = run(oneStep, durationMs, durationMs).map(({ update }) => update);
    const stepped = run(manySteps, durationMs, 7_919).map(({ update }) => update);

    const finals = (updates: FeedUpdate[]) =>
      updates.filter(
        (update) =>
          update.kind === 'result' || (update.kind === 'status' && update.status !== 'IN_PLAY'),
      );
    expect(finals(stepped).length).toBeGreaterThan(20);
    expect(finals(stepped)).toEqual(finals(bulk));
    expect(stepped).toEqual(bulk);
    expect(manySteps.fixtures()).toEqual(oneStep.fixtures());
  });

  it('publishes every initial fixture with its prices on the first advance', () => {
    const simulator = createSimulator({ seed: 11, start: START, fixturesPerSport: 3 });
    const initial = simulator.fixtures();
    const first = simulator.advance(START);
    expect(initial).toHaveLength(15);
    const published = first.flatMap((update) =>
      update.kind === 'fixture' ? [update.fixture] : [],
    );
    expect(published).toEqual(initial);
    for (const fixture of initial) {
      for (const market of fixture.markets) {
        // A fancy run value the line has left since is withdrawn instead.
        const priced = first.some(
          (update) =>
            (update.kind === 'prices' || update.kind === 'result' || update.kind === 'withdraw') &&
            update.externalId === fixture.externalId &&
            update.marketKey === market.key,
        );
        expect(priced, `${fixture.externalId} ${market.key}`).toBe(true);
      }
    }
    expect(simulator.advance(START)).toEqual([]);
  });

  it('has every sport in play at the start and another about to begin', () => {
    const simulator = createSimulator({ seed: 3, start: START });
    const first = simulator.advance(START);
    const inPlay = new Set(
      first.flatMap((update) =>
        update.kind === 'status' && update.status === 'IN_PLAY' ? [update.externalId] : [],
      ),
    );
    for (const sportId of SPORT_IDS) {
      const fixtures = simulator.fixtures().filter((fixture) => fixture.sportId === sportId);
      expect(fixtures, `sport ${sportId}`).toHaveLength(6);
      expect(fixtures.some((fixture) => inPlay.has(fixture.externalId))).toBe(true);
      expect(
        fixtures.every((fixture) => fixture.startAt < START === inPlay.has(fixture.externalId)),
      ).toBe(true);
      const soon = fixtures.filter((fixture) => {
        const startsInMs = fixture.startAt.getTime() - START.getTime();
        return startsInMs > 0 && startsInMs <= 10 * MINUTE_MS;
      });
      expect(soon.length, `sport ${sportId}`).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps fixturesPerSport scheduled per sport through a day', () => {
    const simulator = createSimulator({ seed: 8, start: START, fixturesPerSport: 4 });
    const live = new Map<string, SportId>();
    let finished = 0;
    for (let hour = 0; hour <= 24; hour++) {
      for (const update of simulator.advance(new Date(START.getTime() + hour * HOUR_MS))) {
        if (update.kind === 'fixture') live.set(update.fixture.externalId, update.fixture.sportId);
        if (update.kind === 'status' && update.status !== 'IN_PLAY') {
          live.delete(update.externalId);
          finished += 1;
        }
      }
      for (const sportId of SPORT_IDS) {
        const known = simulator.fixtures().filter((fixture) => fixture.sportId === sportId);
        expect(known, `sport ${sportId} at hour ${hour}`).toHaveLength(4);
        expect([...live.values()].filter((id) => id === sportId)).toHaveLength(4);
      }
    }
    expect(finished).toBeGreaterThan(20);
  });

  it('gives each market of a finished fixture exactly one result, after a final status', () => {
    const results = new Map<string, number>();
    const finalStatus = new Map<string, string>();
    for (const { update } of TWO_DAYS) {
      if (update.kind === 'result') {
        results.set(marketId(update), (results.get(marketId(update)) ?? 0) + 1);
      }
      if (update.kind === 'status' && update.status !== 'IN_PLAY') {
        expect(finalStatus.has(update.externalId)).toBe(false);
        finalStatus.set(update.externalId, update.status);
      }
    }
    expect([...results.values()].every((count) => count === 1)).toBe(true);
    expect(finalStatus.size).toBeGreaterThan(100);
    for (const [externalId, status] of finalStatus) {
      expect(['FINISHED', 'CANCELLED']).toContain(status);
      const fixture = TWO_DAYS_FIXTURES.get(externalId);
      for (const market of fixture?.markets ?? []) {
        expect(results.get(`${externalId}/${market.key}`), `${externalId} ${market.key}`).toBe(1);
      }
    }
    // Unfinished fixtures have no match result yet (only completed cricket sessions may).
    for (const externalId of TWO_DAYS_FIXTURES.keys()) {
      if (!finalStatus.has(externalId)) expect(results.has(`${externalId}/match_odds`)).toBe(false);
    }
  });

  it('voids every undecided market of an abandoned fixture', () => {
    // Abandonments are rare (2% of cricket, less elsewhere): take the first seed that has one.
    for (let seed = 1; seed <= 20; seed++) {
      const updates = run(createSimulator({ seed, start: START }), 24 * HOUR_MS, HOUR_MS);
      const cancelled = updates.find(
        ({ update }) => update.kind === 'status' && update.status === 'CANCELLED',
      )?.update;
      if (cancelled === undefined || cancelled.kind !== 'status') continue;
      const markets = [...marketsIn(updates).keys()].filter((id) =>
        id.startsWith(`${cancelled.externalId}/`),
      );
      const results = updates.flatMap(({ update }) =>
        update.kind === 'result' && update.externalId === cancelled.externalId ? [update] : [],
      );
      expect(results.map(marketId).sort()).toEqual(markets.sort());
      // Cricket sessions completed before the rain keep their result; the rest are void.
      const voided = results.filter((result) => result.winner === null);
      expect(voided.map((result) => result.marketKey)).toContain('match_odds');
      const statusIndex = updates.findIndex(({ update }) => update === cancelled);
      for (const result of voided) {
        const resultIndex = updates.findIndex(({ update }) => update === result);
        expect(resultIndex).toBeGreaterThan(statusIndex);
      }
      return;
    }
    expect.fail('No seed from 1 to 20 abandoned a fixture within a day');
  });

  it('publishes fair probabilities: one per runner, in range, summing to 1', () => {
    const problems: string[] = [];
    let checked = 0;
    let impossible = 0;
    for (const { update } of TWO_DAYS) {
      if (update.kind !== 'prices') continue;
      const market = TWO_DAYS_MARKETS.get(marketId(update));
      const { probabilities } = update;
      const total = probabilities.reduce((sum, p) => sum + p, 0);
      // Exactly 0 (a runner that can no longer win, with exactly 1 for a certain one) is the only
      // price allowed outside (0,1): the market maker quotes neither.
      const certain = probabilities.filter((p) => p === 1).length;
      const zeros = probabilities.filter((p) => p === 0).length;
      if (zeros > 0) impossible += 1;
      if (
        probabilities.length !== market?.runners.length ||
        probabilities.some((p) => !(p >= 0 && p <= 1)) ||
        (certain > 0 && certain + zeros !== probabilities.length) ||
        Math.abs(total - 1) > 1e-9
      ) {
        problems.push(`${marketId(update)}: ${probabilities.join(', ')}`);
      }
      checked += 1;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
    expect(impossible, 'markets with a runner that can no longer win').toBeGreaterThan(0);
  });

  it('pairs every suspend with a resume unless a result comes first', () => {
    const suspended = new Map<string, number>();
    const settled = new Set<string>();
    let suspensions = 0;
    for (const { atMs, update } of TWO_DAYS) {
      if (update.kind !== 'suspend' && update.kind !== 'resume' && update.kind !== 'result')
        continue;
      const id = marketId(update);
      expect(settled.has(id), `${id} after its result`).toBe(false);
      if (update.kind === 'suspend') {
        expect(suspended.has(id), `${id} suspended twice`).toBe(false);
        suspended.set(id, atMs);
        suspensions += 1;
      } else if (update.kind === 'resume') {
        const since = suspended.get(id);
        expect(since, `${id} resumed without a suspend`).toBeDefined();
        // Big moments close a market briefly (30 s at most, checked to the 30 s step).
        expect(atMs - (since ?? 0)).toBeLessThanOrEqual(60_000);
        suspended.delete(id);
      } else {
        suspended.delete(id);
        settled.add(id);
      }
    }
    expect(suspensions).toBeGreaterThan(500);
    // Whatever is still suspended belongs to a fixture still being played.
    for (const id of suspended.keys()) {
      expect(settled.has(id)).toBe(false);
    }
  });

  it('keeps pre-match prices within sane bounds', () => {
    const started = new Set<string>();
    const problems: string[] = [];
    let checked = 0;
    for (const { update } of TWO_DAYS) {
      if (update.kind === 'status') started.add(update.externalId);
      if (update.kind !== 'prices' || started.has(update.externalId)) continue;
      const { probabilities } = update;
      const total = probabilities.reduce((sum, p) => sum + p, 0);
      if (
        Math.min(...probabilities) < 0.02 - 1e-12 ||
        Math.max(...probabilities) > 0.97 + 1e-12 ||
        Math.abs(total - 1) > 1e-12
      ) {
        problems.push(`${marketId(update)}: ${probabilities.join(', ')}`);
      }
      checked += 1;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(5_000);
  });

  it('moves match odds before the start, about every minute in the last hour', () => {
    const logit = (p: number) => Math.log(p / (1 - p));
    const started = new Set<string>();
    const last = new Map<string, { atMs: number; probabilities: number[] }>();
    const windows = ['last hour', 'one to six hours', 'further out'] as const;
    const gaps = new Map<string, number[]>(windows.map((window) => [window, []]));
    const moves = new Map<string, number[]>(windows.map((window) => [window, []]));
    for (const { atMs, update } of TWO_DAYS) {
      if (update.kind === 'status') started.add(update.externalId);
      if (update.kind !== 'prices' || update.marketKey !== 'match_odds') continue;
      if (started.has(update.externalId)) continue;
      const startMs = TWO_DAYS_FIXTURES.get(update.externalId)?.startAt.getTime() ?? 0;
      const previous = last.get(update.externalId);
      last.set(update.externalId, { atMs, probabilities: update.probabilities });
      if (previous === undefined) continue;
      const untilStartMs = startMs - atMs;
      const window =
        untilStartMs <= HOUR_MS
          ? windows[0]
          : untilStartMs <= 6 * HOUR_MS
            ? windows[1]
            : windows[2];
      const gapMs = atMs - previous.atMs;
      gaps.get(window)?.push(gapMs);
      // The largest move of a runner's log-odds, per square root of a minute.
      const move = Math.max(
        ...update.probabilities.map((p, runner) =>
          Math.abs(logit(p) - logit(previous.probabilities[runner] ?? 0.5)),
        ),
      );
      moves.get(window)?.push(move / Math.sqrt(gapMs / MINUTE_MS));
    }
    const median = (values: readonly number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const [near, middle, far] = windows.map((window) => gaps.get(window) ?? []);
    const [nearMoves, middleMoves, farMoves] = windows.map((window) => moves.get(window) ?? []);
    expect(near?.length).toBeGreaterThan(1_000);
    // Prices go out when they have moved (or are stale): in the last hour, every minute or so.
    expect(median(near ?? [])).toBeLessThanOrEqual(90_000);
    expect(median(middle ?? [])).toBeGreaterThan(median(near ?? []));
    expect(median(far ?? [])).toBeGreaterThan(median(middle ?? []));
    // And the moves are bigger the nearer the start.
    expect(median(nearMoves ?? [])).toBeGreaterThan(median(middleMoves ?? []));
    expect(median(middleMoves ?? [])).toBeGreaterThan(median(farMoves ?? []));
  });

  it('drifts around the opening prices, not away from them', () => {
    const logit = (p: number) => Math.log(p / (1 - p));
    const started = new Set<string>();
    const opening = new Map<string, { atMs: number; p: number }>();
    const closing = new Map<string, number>();
    for (const { atMs, update } of TWO_DAYS) {
      if (update.kind === 'status') started.add(update.externalId);
      if (update.kind !== 'prices' || update.marketKey !== 'match_odds') continue;
      if (started.has(update.externalId)) continue;
      const [first = 0.5] = update.probabilities;
      if (!opening.has(update.externalId)) opening.set(update.externalId, { atMs, p: first });
      closing.set(update.externalId, first);
    }
    const drifts: number[] = [];
    for (const [externalId, { atMs, p }] of opening) {
      const startMs = TWO_DAYS_FIXTURES.get(externalId)?.startAt.getTime() ?? 0;
      // Fixtures priced for three hours or more before a start within the run.
      if (startMs - atMs < 3 * HOUR_MS || !started.has(externalId)) continue;
      drifts.push(Math.abs(logit(closing.get(externalId) ?? p) - logit(p)));
    }
    expect(drifts.length).toBeGreaterThan(20);
    expect(drifts.filter((drift) => drift > 0.02).length).toBeGreaterThan(drifts.length / 2);
    expect(Math.max(...drifts)).toBeLessThan(1);
  });

  it('never publishes an in-play chase price outside the sanity bounds', () => {
    const chaseLines = new Map<string, { chaser: number; score: string }>();
    let checked = 0;
    for (const { update } of TWO_DAYS) {
      if (update.kind === 'score') {
        const chaser = update.score.teams.findIndex((team) => team.score.includes('target'));
        const score = update.score.teams[chaser]?.score;
        if (score === undefined) chaseLines.delete(update.externalId);
        else chaseLines.set(update.externalId, { chaser, score });
      }
      if (update.kind !== 'prices' || update.marketKey !== 'match_odds') continue;
      const line = chaseLines.get(update.externalId);
      const match = /^(\d+)\/(\d+) \((\d+)(?:\.(\d))?\), target (\d+)$/.exec(line?.score ?? '');
      if (line === undefined || match === null) continue;
      const [, runs = 0, wickets = 0, overs = 0, balls = 0, target = 0] = match.map((part) =>
        Number(part ?? 0),
      );
      const required = target - runs;
      const ballsLeft = 120 - (overs * 6 + balls);
      const chance = update.probabilities[line.chaser] ?? Number.NaN;
      if (required <= 10 && ballsLeft >= 60 && 10 - wickets >= 8) {
        expect(chance, line.score).toBeGreaterThan(0.95);
      }
      if (required >= 60 && ballsLeft <= 12 && 10 - wickets <= 2) {
        expect(chance, line.score).toBeLessThan(0.05);
      }
      checked += 1;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('refreshes in-play prices at least every 60 simulated seconds', () => {
    const simulator = createSimulator({ seed: 21, start: START, fixturesPerSport: 3 });
    const stepMs = 5_000;
    const lastPriced = new Map<string, number>();
    const suspended = new Set<string>();
    const inPlay = new Map<string, FeedFixture>();
    const known = new Map<string, FeedFixture>();
    let checks = 0;
    for (let atMs = START.getTime(); atMs <= START.getTime() + 3 * HOUR_MS; atMs += stepMs) {
      for (const update of simulator.advance(new Date(atMs))) {
        if (update.kind === 'fixture') known.set(update.fixture.externalId, update.fixture);
        if (update.kind === 'status') {
          const fixture = known.get(update.externalId);
          if (update.status === 'IN_PLAY' && fixture) inPlay.set(update.externalId, fixture);
          else inPlay.delete(update.externalId);
        }
        if (update.kind === 'prices') lastPriced.set(marketId(update), atMs);
        // A fancy run value the line has left is priced no more until it comes back.
        if (update.kind === 'withdraw') lastPriced.delete(marketId(update));
        if (update.kind === 'suspend') suspended.add(marketId(update));
        if (update.kind === 'resume' || update.kind === 'result') {
          suspended.delete(marketId(update));
          if (update.kind === 'result') lastPriced.delete(marketId(update));
        }
      }
      for (const fixture of inPlay.values()) {
        for (const market of fixture.markets) {
          const id = `${fixture.externalId}/${market.key}`;
          const priced = lastPriced.get(id);
          if (suspended.has(id) || priced === undefined) continue;
          expect(atMs - priced, id).toBeLessThanOrEqual(60_000);
          checks += 1;
        }
      }
    }
    expect(checks).toBeGreaterThan(1_000);
  });

  it('settles each runs session on the runs the scoreboard showed', () => {
    const lastSummary = new Map<string, string>();
    let settled = 0;
    for (const { update } of TWO_DAYS) {
      if (update.kind === 'score') lastSummary.set(update.externalId, update.score.summary);
      if (update.kind !== 'result' || !update.marketKey.startsWith('fancy:')) continue;
      const market = TWO_DAYS_MARKETS.get(marketId(update));
      expect(market?.type).toBe('FANCY');
      const runsSession = /^fancy:\d+-over-runs:([A-Z]+)@(\d+)$/.exec(update.marketKey);
      if (update.winner === null || runsSession === null) continue;
      const [, code = '', value = ''] = runsSession;
      const summary = lastSummary.get(update.externalId) ?? '';
      const runs = new RegExp(`(?:^| )${code} (\\d+)/\\d+`).exec(summary)?.[1];
      expect(runs, `${code} in "${summary}"`).toBeDefined();
      expect(update.winner, `${update.marketKey} on ${summary}`).toBe(
        Number(runs) >= Number(value) ? 0 : 1,
      );
      expect(market?.line).toBe(Number(value) - 0.5);
      settled += 1;
    }
    expect(settled).toBeGreaterThan(500);
  });

  it('settles every run value of a session as one number would, each once', () => {
    // Per session: the values settled Yes all lie below those settled No, and none is missed.
    const sessions = new Map<string, { yes: number[]; no: number[]; voided: number }>();
    for (const { update } of TWO_DAYS) {
      if (update.kind !== 'result' || !update.marketKey.startsWith('fancy:')) continue;
      const [session = '', value = ''] = update.marketKey.split('@');
      const id = `${update.externalId}/${session}`;
      const entry = sessions.get(id) ?? { yes: [], no: [], voided: 0 };
      if (update.winner === null) entry.voided += 1;
      else (update.winner === 0 ? entry.yes : entry.no).push(Number(value));
      sessions.set(id, entry);
    }
    const created = new Map<string, number>();
    for (const id of TWO_DAYS_MARKETS.keys()) {
      if (!id.includes('/fancy:')) continue;
      const session = id.split('@')[0] ?? '';
      created.set(session, (created.get(session) ?? 0) + 1);
    }
    let decided = 0;
    for (const [id, { yes, no, voided }] of sessions) {
      expect(yes.length + no.length + voided, id).toBe(created.get(id));
      if (voided > 0) {
        expect(yes.length + no.length, `${id} partly void`).toBe(0);
        continue;
      }
      expect(Math.max(...yes, -1), id).toBeLessThan(Math.min(...no, Infinity));
      decided += 1;
    }
    expect(decided).toBeGreaterThan(200);
  });

  it('gives each sport its markets', () => {
    const bySport = (sportId: SportId) =>
      [...TWO_DAYS_FIXTURES.values()].filter((fixture) => fixture.sportId === sportId);
    for (const fixture of bySport(1)) {
      expect(fixture.markets.map((market) => market.key)).toEqual([
        'match_odds',
        'over_under_1.5',
        'over_under_2.5',
        'over_under_3.5',
        'both_teams_to_score',
      ]);
      expect(fixture.markets[0]?.runners).toEqual([...fixture.participants, 'The Draw']);
    }
    for (const fixture of bySport(2)) {
      expect(fixture.markets.map((market) => market.key)).toEqual(['match_odds', 'set_betting']);
      expect(fixture.markets[0]?.runners).toEqual(fixture.participants);
    }
    for (const fixture of bySport(25)) {
      expect(fixture.markets.map((market) => market.runners)).toEqual([fixture.participants]);
    }
    for (const fixture of bySport(3)) {
      const [matchOdds, bookmaker, ...fancy] = fixture.markets;
      expect(matchOdds).toMatchObject({ key: 'match_odds', type: 'MATCH_ODDS', line: null });
      expect(bookmaker).toMatchObject({ key: 'bookmaker', type: 'BOOKMAKER', line: null });
      expect(bookmaker?.runners).toEqual(matchOdds?.runners);
      // Eight sessions a side, each opening on two run values: 'No V' and 'Yes V + 1'.
      expect(fancy).toHaveLength(2 * 8 * 2);
      const names = new Map<string, string>();
      for (const [index, market] of fancy.entries()) {
        expect(market.type).toBe('FANCY');
        const [, session = '', value = ''] =
          /^(fancy:[a-z0-9-]+:[A-Z]+)@(\d+)$/.exec(market.key) ?? [];
        expect(session, market.key).not.toBe('');
        expect(market.runners).toEqual(['Yes', 'No']);
        expect(market.line).toBe(Number(value) - 0.5);
        // A session's values share its name, and no other session has it.
        expect(names.get(market.name) ?? session).toBe(session);
        names.set(market.name, session);
        if (index % 2 === 1) {
          expect(market.name).toBe(fancy[index - 1]?.name);
          expect(market.line).toBe((fancy[index - 1]?.line ?? 0) + 1);
        }
      }
      expect(new Set(names.values()).size).toBe(16);
      expect([...names.keys()]).toContain(
        `6 Over Boundaries ${fixture.markets[2]?.name.split(' ').pop()}`,
      );
    }
    const races = bySport(26);
    expect(races.length).toBeGreaterThan(10);
    for (const race of races) {
      expect(race.participants.length).toBeGreaterThanOrEqual(6);
      expect(race.participants.length).toBeLessThanOrEqual(10);
      expect(new Set(race.participants).size).toBe(race.participants.length);
      expect(race.markets.map((market) => market.runners)).toEqual([race.participants]);
      expect(race.title).toMatch(/^\d\d:\d\d .+ \([A-Z]+\) \d+m$/);
    }
  });

  it('gives fixtures unique, stable external ids', () => {
    const ids = [...TWO_DAYS_FIXTURES.keys()];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^sim-(1|2|3|25|26)-\d{6}$/);
  });

  it('rejects options it cannot honour', () => {
    expect(() => createSimulator({ seed: 1, start: new Date(Number.NaN) })).toThrow(RangeError);
    expect(() => createSimulator({ seed: 1, start: START, fixturesPerSport: 0 })).toThrow(
      RangeError,
    );
    expect(() => createSimulator({ seed: 1, start: START, pace: 0 })).toThrow(RangeError);
  });
});
