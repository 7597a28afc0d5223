/**
 * What the sports played between two sides share: football, tennis, cricket and kabaddi number
 * their sides 0 and 1 (home, or the first-named player, is 0), toss coins, call a fixture
 * 'A v B', and football and kabaddi keep their score as one tally a side. Keeping these here means
 * every head-to-head sport reads and prices its sides the same way.
 */
import type { Competition, Team } from '../names';
import type { Random } from '../random';
import type { CreatedFixture, Scoreboard, SportMatch } from '../sport-match';
import type { FeedMarketSpec } from '../types';

/** A side's index, which is also its runner index in match odds. */
export type Side = 0 | 1;

export const SIDES: readonly Side[] = [0, 1];

/** The opponent of `side`. */
export function otherSide(side: Side): Side {
  return side === 0 ? 1 : 0;
}

/** Either side, evenly: who wins the toss, raids first or serves first. */
export function coinToss(rng: Random): Side {
  return rng.chance(0.5) ? 0 : 1;
}

/** 'Mumbai Indians v Chennai Super Kings': a fixture's title, and its scoreboard before the start. */
export function versus(first: string, second: string): string {
  return `${first} v ${second}`;
}

/** The two teams' names, home first. */
export function teamNames(teams: readonly [Team, Team]): [string, string] {
  return [teams[0].name, teams[1].name];
}

/** Two different teams of a competition, preferring teams not playing in another fixture. */
export function pickTwoTeams(
  rng: Random,
  competition: Competition,
  busyNames: ReadonlySet<string>,
): [Team, Team] {
  const free = competition.teams.filter((team) => !busyNames.has(team.name));
  const [first, second] = rng.sample(free.length >= 2 ? free : competition.teams, 2);
  if (first === undefined || second === undefined) {
    throw new RangeError(`${competition.name} needs at least two teams`);
  }
  return [first, second];
}

/** The zone of the ground a match is played at: the home team's own, else its competition's. */
export function homeGroundTimeZone(competition: Competition, home: Team): string {
  return home.timeZone ?? competition.timeZone;
}

/** A fixture between two sides, titled and listed by their names in order. */
export function headToHeadFixture(
  competition: string,
  venueTimeZone: string,
  names: readonly [string, string],
  markets: FeedMarketSpec[],
  match: SportMatch,
): CreatedFixture {
  return {
    competition,
    venueTimeZone,
    title: versus(names[0], names[1]),
    participants: [...names],
    markets,
    match,
  };
}

/** 'Bengaluru FC 2-1 FC Goa': the score of a sport that keeps one tally a side. */
export function tallyLine(
  teams: readonly [Team, Team],
  tallies: readonly [number, number],
): string {
  return `${teams[0].name} ${tallies[0]}-${tallies[1]} ${teams[1].name}`;
}

/** The scoreboard of a sport that keeps one tally a side; `clock` is null before the start. */
export function tallyScoreboard(
  teams: readonly [Team, Team],
  tallies: readonly [number, number],
  clock: string | null,
): Scoreboard {
  return {
    summary:
      clock === null
        ? versus(teams[0].name, teams[1].name)
        : `${tallyLine(teams, tallies)} (${clock})`,
    teams: SIDES.map((side) => ({ name: teams[side].name, score: String(tallies[side]) })),
  };
}
