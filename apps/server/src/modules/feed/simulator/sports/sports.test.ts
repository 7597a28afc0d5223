import { describe, expect, it } from 'vitest';
import { SPORTS } from '../fixtures';
import { Random } from '../random';
import type { CreatedFixture, Scoreboard, SportDefinition } from '../sport-match';
import { CRICKET } from './cricket';
import { BALLS_PER_OVER, INNINGS_BALLS, ballModel, runsOutlook } from './cricket-outlook';
import { fastestChances } from './horse-racing';

const MATCHES_PER_SPORT = 25;
const MAX_PLAYS = 5_000;

interface PlayedMatch {
  created: CreatedFixture;
  /** Match odds after each play, and the final scoreboard. */
  matchOdds: number[][];
  final: Scoreboard;
  /** Match odds once the match is over. */
  finalOdds: number[];
  winner: number | null;
  problems: string[];
}

/** Plays a fixture to the end, checking every market's raw probabilities after each play. */
function playOut(sport: SportDefinition, seed: number): PlayedMatch {
  const rng = new Random(seed);
  const created = sport.createFixture({
    rng,
    startAt: new Date('2025-03-01T12:00:00Z'),
    busyNames: new Set(),
  });
  const { match, markets } = created;
  const problems: string[] = [];
  const matchOdds: number[][] = [];
  const decided = new Set<string>();
  for (let plays = 0; plays < MAX_PLAYS; plays++) {
    const outcome = match.play();
    for (const decision of outcome.decided) decided.add(decision.marketKey);
    if (outcome.nextPlayInSeconds === null) break;
    if (!(outcome.nextPlayInSeconds > 0)) problems.push(`gap ${outcome.nextPlayInSeconds}`);
    for (const market of markets) {
      if (decided.has(market.key)) continue;
      const probabilities = match.probabilities(market.key);
      const total = probabilities.reduce((sum, p) => sum + p, 0);
      if (
        probabilities.length !== market.runners.length ||
        probabilities.some((p) => !(p >= 0 && p <= 1)) ||
        Math.abs(total - 1) > 1e-6
      ) {
        problems.push(`${market.key}: ${probabilities.join(', ')}`);
      }
      if (market.key === 'match_odds') matchOdds.push(probabilities);
    }
    if (plays === MAX_PLAYS - 1) problems.push('never finished');
  }
  return {
    created,
    matchOdds,
    final: match.scoreboard(),
    finalOdds: match.probabilities('match_odds'),
    winner: match.winner('match_odds'),
    problems,
  };
}

/** The runner the final scoreboard says won, by sport. */
function winnerFromScoreboard(sportId: number, played: PlayedMatch): number | null {
  const scores = played.final.teams.map((team) => team.score);
  switch (sportId) {
    case 1:
    case 25: {
      const [home, away] = scores.map(Number);
      if (home === undefined || away === undefined) return null;
      return home > away ? 0 : away > home ? 1 : sportId === 1 ? 2 : null;
    }
    case 2: {
      const games = scores.map((score) => score.split(' ').map(Number));
      const setsWon = [0, 0];
      games[0]?.forEach((mine, set) => {
        const theirs = games[1]?.[set] ?? 0;
        setsWon[mine > theirs ? 0 : 1] = (setsWon[mine > theirs ? 0 : 1] ?? 0) + 1;
      });
      return (setsWon[0] ?? 0) > (setsWon[1] ?? 0) ? 0 : 1;
    }
    case 3: {
      const [first, second] = scores.map((score) => Number.parseInt(score, 10));
      if (first === undefined || second === undefined || first === second) return null;
      return first > second ? 0 : 1;
    }
    case 26:
      return played.created.participants.indexOf(played.final.teams[0]?.name ?? '');
    default:
      return null;
  }
}

describe.each(SPORTS.map((sport) => [sport.sportId, sport] as const))(
  'sport %i',
  (sportId, sport) => {
    const played = Array.from({ length: MATCHES_PER_SPORT }, (_, seed) => playOut(sport, seed + 1));

    it('plays every match to the end with well-formed probabilities', () => {
      expect(played.flatMap((match) => match.problems)).toEqual([]);
      for (const match of played) expect(match.matchOdds.length).toBeGreaterThan(5);
    });

    it('declares the winner the final score shows', () => {
      let compared = 0;
      for (const match of played) {
        const fromScore = winnerFromScoreboard(sportId, match);
        if (fromScore === null) continue; // a cricket tie, settled by a super over
        expect(match.winner, match.final.summary).toBe(fromScore);
        compared += 1;
      }
      expect(compared).toBeGreaterThan(MATCHES_PER_SPORT * 0.8);
    });

    it('drifts before the start by the log-odds it is asked to, back to the opening prices', () => {
      const logit = (p: number) => Math.log(p / (1 - p));
      const stepSd = 0.05;
      let squares = 0;
      let moves = 0;
      for (let seed = 1; seed <= 30; seed++) {
        const { match } = sport.createFixture({
          rng: new Random(seed),
          startAt: new Date('2025-03-01T12:00:00Z'),
          busyNames: new Set(),
        });
        const opening = match.probabilities('match_odds');
        for (let step = 0; step < 10; step++) {
          const before = match.probabilities('match_odds');
          match.drift({ keep: 1, logOddsSd: stepSd });
          const after = match.probabilities('match_odds');
          after.forEach((p, runner) => {
            squares += (logit(p) - logit(before[runner] ?? 0.5)) ** 2;
            moves += 1;
          });
        }
        expect(match.probabilities('match_odds')).not.toEqual(opening);
        // A step that keeps nothing of the drift and adds no noise is back where it opened.
        match.drift({ keep: 0, logOddsSd: 0 });
        const back = match.probabilities('match_odds');
        back.forEach((p, runner) => expect(p).toBeCloseTo(opening[runner] ?? Number.NaN, 9));
      }
      const moved = Math.sqrt(squares / moves);
      expect(moved).toBeGreaterThan(0.75 * stepSd);
      expect(moved).toBeLessThan(1.33 * stepSd);
    });

    it('moves prices towards the eventual winner as the match goes on', () => {
      const winnerChance = (match: PlayedMatch, from: number, to: number) => {
        const slice = match.matchOdds.slice(
          Math.floor(match.matchOdds.length * from),
          Math.ceil(match.matchOdds.length * to),
        );
        return slice.reduce((sum, odds) => sum + (odds[match.winner ?? 0] ?? 0), 0) / slice.length;
      };
      const average = (from: number, to: number) =>
        played.reduce((sum, match) => sum + winnerChance(match, from, to), 0) / played.length;
      const early = average(0, 0.1);
      const late = average(0.9, 1);
      expect(late).toBeGreaterThan(early);
      expect(late).toBeGreaterThan(0.8);
      // Once over, the price is certain of the winner.
      for (const match of played) {
        expect(match.finalOdds[match.winner ?? 0], match.final.summary).toBeGreaterThan(0.99);
      }
    });
  },
);

describe('venues', () => {
  const created = SPORTS.flatMap((sport) =>
    Array.from({ length: 60 }, (_, i) =>
      sport.createFixture({
        rng: new Random(i + 1),
        startAt: new Date('2025-03-01T12:00:00Z'),
        busyNames: new Set(),
      }),
    ),
  );

  it('names a time zone a browser knows for every fixture', () => {
    for (const fixture of created) {
      expect(
        () => new Intl.DateTimeFormat('en-IN', { timeZone: fixture.venueTimeZone }),
        fixture.title,
      ).not.toThrow();
    }
  });

  it("plays a match on its home ground: the league's clock, or the home side's own", () => {
    const byCompetition = (name: string) => created.filter((f) => f.competition === name);
    const premierLeague = byCompetition('English Premier League');
    const ipl = byCompetition('Indian Premier League');
    const internationals = byCompetition('T20 International');
    expect(premierLeague.length).toBeGreaterThan(0);
    expect(ipl.length).toBeGreaterThan(0);
    for (const f of premierLeague) expect(f.venueTimeZone, f.title).toBe('Europe/London');
    for (const f of ipl) expect(f.venueTimeZone, f.title).toBe('Asia/Kolkata');
    const homeZones = new Map([
      ['India', 'Asia/Kolkata'],
      ['England', 'Europe/London'],
      ['Australia', 'Australia/Sydney'],
    ]);
    const checked = internationals.filter((f) => homeZones.has(f.participants[0] ?? ''));
    expect(checked.length).toBeGreaterThan(0);
    for (const f of checked) {
      expect(f.venueTimeZone, f.title).toBe(homeZones.get(f.participants[0] ?? ''));
    }
  });
});

describe('horse racing', () => {
  it('runs six to ten horses, each once', () => {
    const horseRacing = SPORTS.find((sport) => sport.sportId === 26);
    for (let seed = 1; seed <= 40; seed++) {
      const race = horseRacing?.createFixture({
        rng: new Random(seed),
        startAt: new Date('2025-03-01T09:00:00Z'),
        busyNames: new Set(),
      });
      const runners = race?.markets[0]?.runners ?? [];
      expect(runners.length).toBeGreaterThanOrEqual(6);
      expect(runners.length).toBeLessThanOrEqual(10);
      expect(new Set(runners).size).toBe(runners.length);
      // 09:00 UTC on each course's own clock.
      const country = /\((\w+)\)$/.exec(race?.competition ?? '')?.[1] ?? '';
      const localTime = { IND: '14:30', UAE: '13:00', HK: '17:00' }[country];
      expect(localTime, race?.competition).toBeDefined();
      expect(race?.title).toMatch(new RegExp(`^${localTime} .+ \\([A-Z]+\\) \\d+m$`));
      const zone = { IND: 'Asia/Kolkata', UAE: 'Asia/Dubai', HK: 'Asia/Hong_Kong' }[country];
      expect(race?.venueTimeZone, race?.competition).toBe(zone);
    }
  });

  it('gives equal horses equal chances and the quickest the best', () => {
    const equal = fastestChances([70, 70, 70, 70], [1, 1, 1, 1]);
    for (const chance of equal) expect(chance).toBeCloseTo(0.25, 3);
    const uneven = fastestChances([69, 70, 71], [1, 1, 1]);
    expect(uneven.reduce((sum, chance) => sum + chance, 0)).toBeCloseTo(1, 12);
    expect(uneven[0]).toBeGreaterThan(uneven[1] ?? 1);
    expect(uneven[1]).toBeGreaterThan(uneven[2] ?? 1);
  });
});

/** A chase as the scoreboard shows it: '13/0 (2), target 153'. */
interface ChaseLine {
  runs: number;
  wickets: number;
  balls: number;
  target: number;
}

function chaseLine(score: string): ChaseLine | null {
  const match = /^(\d+)\/(\d+) \((\d+)(?:\.(\d))?\), target (\d+)$/.exec(score);
  if (match === null) return null;
  const [, runs, wickets, overs, balls, target] = match.map(Number);
  return {
    runs: runs ?? 0,
    wickets: wickets ?? 0,
    balls: (overs ?? 0) * BALLS_PER_OVER + (Number.isNaN(balls) ? 0 : (balls ?? 0)),
    target: target ?? 0,
  };
}

describe('cricket in play', () => {
  it('never prices a chase outside the sanity bounds, over many seeded matches', () => {
    const par = runsOutlook(ballModel(0), INNINGS_BALLS).mean(0, 0);
    const reached = { easy: 0, hopeless: 0, parStart: 0, nearComplaint: 0, complaint: 0 };
    const problems: string[] = [];
    for (let seed = 1; seed <= 400; seed++) {
      const { match } = CRICKET.createFixture({
        rng: new Random(seed),
        startAt: new Date('2025-03-01T12:00:00Z'),
        busyNames: new Set(),
      });
      const [opening = 0.5] = match.probabilities('match_odds');
      const evenlyMatched = Math.abs(opening - 0.5) < 0.05;
      for (let plays = 0; plays < MAX_PLAYS; plays++) {
        if (match.play().nextPlayInSeconds === null) break;
        const teams = match.scoreboard().teams;
        const chaser = teams.findIndex((team) => team.score.includes('target'));
        const chase = chaseLine(teams[chaser]?.score ?? '');
        if (chase === null) continue;
        const chance = match.probabilities('match_odds')[chaser] ?? Number.NaN;
        const required = chase.target - chase.runs;
        const ballsLeft = INNINGS_BALLS - chase.balls;
        const wicketsLeft = 10 - chase.wickets;
        const where = `seed ${seed} ${teams[chaser]?.score}: ${chance}`;
        // At least as good as 10 off 60 balls with 8 wickets left.
        if (required <= 10 && ballsLeft >= 60 && wicketsLeft >= 8) {
          reached.easy += 1;
          if (!(chance > 0.95)) problems.push(`easy ${where}`);
        }
        // At least as bad as 60 off 12 balls with 2 wickets left.
        if (required >= 60 && ballsLeft <= 12 && wicketsLeft <= 2) {
          reached.hopeless += 1;
          if (!(chance < 0.05)) problems.push(`hopeless ${where}`);
        }
        if (chase.wickets > 0) continue;
        // About 13/0 after two overs chasing about 153, once priced 1.04: whatever the sides, no
        // certainty; between even sides, close to evens.
        const nearComplaint =
          chase.balls === 2 * BALLS_PER_OVER &&
          Math.abs(chase.target - 153) <= 8 &&
          Math.abs(required - 140) <= 8;
        if (nearComplaint) {
          reached.nearComplaint += 1;
          if (!(chance > 0.2 && chance < 0.9)) problems.push(`about 153 at 13/0 ${where}`);
        }
        if (!evenlyMatched) continue;
        if (nearComplaint && Math.abs(chase.target - 153) <= 3 && Math.abs(required - 140) <= 3) {
          reached.complaint += 1;
          if (!(chance > 0.3 && chance < 0.7)) problems.push(`153 at 13/0 ${where}`);
        }
        // Even sides, 0/0, chasing par.
        if (chase.balls === 0 && chase.runs === 0 && Math.abs(chase.target - 1 - par) <= 5) {
          reached.parStart += 1;
          if (!(chance > 0.35 && chance < 0.65)) problems.push(`par start ${where}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(reached.easy).toBeGreaterThanOrEqual(5);
    expect(reached.hopeless).toBeGreaterThanOrEqual(20);
    expect(reached.parStart).toBeGreaterThanOrEqual(5);
    expect(reached.nearComplaint).toBeGreaterThanOrEqual(20);
    expect(reached.complaint).toBeGreaterThanOrEqual(1);
  });
});
