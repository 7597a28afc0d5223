/**
 * Playing fixtures to the end for the market tests: straight through a sport (fast, so hundreds
 * of seeds), and through the whole simulator (which alone abandons matches and publishes results).
 */
import type { SportId } from '@backlay/contract/sports';
import { createSimulator } from '../index';
import { Random } from '../random';
import type { CreatedFixture, PlayOutcome, Scoreboard, SportDefinition } from '../sport-match';
import type { FeedFixture, FeedScore } from '../types';

const START = new Date('2025-03-01T12:00:00Z');
const HOUR_MS = 60 * 60_000;
const MAX_PLAYS = 5_000;

export interface PlayRecord {
  outcome: PlayOutcome;
  scoreboard: Scoreboard;
  /** The raw chances of every market still undecided after the play, by key. */
  chances: Map<string, number[]>;
}

export interface PlayedFixture {
  created: CreatedFixture;
  /** The chances of every market before the first play. */
  opening: Map<string, number[]>;
  plays: PlayRecord[];
  /** Each market's settlements in order: decided in play, then `winner` at the end for the rest. */
  settlements: Map<string, (number | null)[]>;
  final: Scoreboard;
}

function chancesOf(created: CreatedFixture, open: (key: string) => boolean): Map<string, number[]> {
  const chances = new Map<string, number[]>();
  for (const market of created.markets) {
    if (open(market.key)) chances.set(market.key, created.match.probabilities(market.key));
  }
  return chances;
}

/** A fixture of `sport` from `seed`, played to the end and settled as the simulator settles it. */
export function playOut(sport: SportDefinition, seed: number): PlayedFixture {
  const created = sport.createFixture({
    rng: new Random(seed),
    startAt: START,
    busyNames: new Set(),
  });
  const { match } = created;
  const settlements = new Map<string, (number | null)[]>(
    created.markets.map((market) => [market.key, []]),
  );
  const settle = (key: string, winner: number | null) => settlements.get(key)?.push(winner);
  const open = (key: string) => settlements.get(key)?.length === 0;
  const opening = chancesOf(created, open);
  const plays: PlayRecord[] = [];
  for (let count = 0; count < MAX_PLAYS; count++) {
    const outcome = match.play();
    for (const decision of outcome.decided) settle(decision.marketKey, decision.winner);
    plays.push({ outcome, scoreboard: match.scoreboard(), chances: chancesOf(created, open) });
    if (outcome.nextPlayInSeconds === null) break;
  }
  for (const market of created.markets) {
    if (open(market.key)) settle(market.key, match.winner(market.key));
  }
  return { created, opening, plays, settlements, final: match.scoreboard() };
}

export interface SimulatedEnding {
  fixture: FeedFixture;
  status: 'FINISHED' | 'CANCELLED';
  /** The last score published before the end. */
  final: FeedScore;
  /** Each market's published results, in order. */
  results: Map<string, (number | null)[]>;
}

/** The fixtures of `sportId` one seeded simulator ended within `hours`, at full size. */
function endingsOfSeed(sportId: SportId, seed: number, hours: number): SimulatedEnding[] {
  const simulator = createSimulator({ seed, start: START, fixturesPerSport: 100 });
  const fixtures = new Map<string, FeedFixture>();
  const scores = new Map<string, FeedScore>();
  const results = new Map<string, Map<string, (number | null)[]>>();
  const endings: SimulatedEnding[] = [];
  for (let hour = 0; hour <= hours; hour++) {
    for (const update of simulator.advance(new Date(START.getTime() + hour * HOUR_MS))) {
      if (update.kind === 'fixture' && update.fixture.sportId === sportId) {
        fixtures.set(update.fixture.externalId, update.fixture);
        results.set(update.fixture.externalId, new Map());
      }
      if (update.kind === 'score') scores.set(update.externalId, update.score);
      if (update.kind === 'result') {
        const byMarket = results.get(update.externalId);
        byMarket?.set(update.marketKey, [...(byMarket.get(update.marketKey) ?? []), update.winner]);
      }
      if (update.kind !== 'status' || update.status === 'IN_PLAY') continue;
      const fixture = fixtures.get(update.externalId);
      const final = scores.get(update.externalId);
      const fixtureResults = results.get(update.externalId);
      if (fixture === undefined || final === undefined || fixtureResults === undefined) continue;
      if (update.status !== 'FINISHED' && update.status !== 'CANCELLED') continue;
      // The map fills on as the end's results follow the status.
      endings.push({ fixture, status: update.status, final, results: fixtureResults });
    }
  }
  return endings;
}

/**
 * Fixtures of `sportId` simulators ended, from seeds 1, 2, … until at least one of them was
 * abandoned: abandonments are rare, so a single seed may have none.
 */
export function simulatedEndings(sportId: SportId, hours = 2, maxSeeds = 10): SimulatedEnding[] {
  const endings: SimulatedEnding[] = [];
  for (let seed = 1; seed <= maxSeeds; seed++) {
    endings.push(...endingsOfSeed(sportId, seed, hours));
    if (endings.some((ending) => ending.status === 'CANCELLED')) return endings;
  }
  return endings;
}

/**
 * The scoreboards of `sport`'s fixtures from seeds 1 to 20, played `maxPlays` moments at most,
 * pricing every market before each play or not: the two must be the same, as pricing may not
 * draw on the match's random stream.
 */
export function scoreboardsPricedAndNot(sport: SportDefinition, maxPlays: number) {
  const boards = (seed: number, priced: boolean) => {
    const { match, markets } = sport.createFixture({
      rng: new Random(seed),
      startAt: START,
      busyNames: new Set(),
    });
    const summaries: string[] = [];
    for (let plays = 0; plays < maxPlays; plays++) {
      if (priced) for (const market of markets) match.probabilities(market.key);
      const next = match.play().nextPlayInSeconds;
      summaries.push(match.scoreboard().summary);
      if (next === null) break;
    }
    return summaries;
  };
  return Array.from({ length: 20 }, (_, index) => ({
    priced: boards(index + 1, true),
    unpriced: boards(index + 1, false),
  }));
}
