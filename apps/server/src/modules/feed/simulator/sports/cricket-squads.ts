/**
 * Each cricket team's batting order: eleven invented names, the same in every fixture of the team.
 * They are drawn from a stream seeded by the team's name, not from the fixture's stream, so a team
 * keeps its openers from match to match and naming them costs the fixture's draws nothing.
 */
import {
  INDIAN_CRICKETER_NAMES,
  INTERNATIONAL_CRICKETER_NAMES,
  SOUTH_ASIAN_CRICKETER_NAMES,
  type Competition,
  type NamePool,
  type Team,
} from '../names';
import { Random } from '../random';

export const SQUAD_SIZE = 11;
/** In a franchise league each place in the order goes to an overseas player with this chance. */
const OVERSEAS_CHANCE = 0.3;
const FRANCHISE_LEAGUE = 'Indian Premier League';
const INDIAN_DOMESTIC = 'Syed Mushtaq Ali Trophy';
const INDIA_CODE = 'IND';
const SOUTH_ASIAN_CODES: ReadonlySet<string> = new Set(['PAK', 'BAN', 'SL', 'AFG']);
/** Draws allowed per name before the pools are taken to be too small (they are not). */
const DRAWS_PER_NAME = 50;

/** FNV-1a: a stable 32-bit number from a team's name, the seed of its names' stream. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The pool a place in the team's order is named from. */
function poolFor(team: Team, competition: Competition, rng: Random): NamePool {
  if (competition.name === FRANCHISE_LEAGUE) {
    return rng.chance(OVERSEAS_CHANCE) ? INTERNATIONAL_CRICKETER_NAMES : INDIAN_CRICKETER_NAMES;
  }
  if (competition.name === INDIAN_DOMESTIC || team.code === INDIA_CODE) {
    return INDIAN_CRICKETER_NAMES;
  }
  return SOUTH_ASIAN_CODES.has(team.code)
    ? SOUTH_ASIAN_CRICKETER_NAMES
    : INTERNATIONAL_CRICKETER_NAMES;
}

/**
 * The team's batting order, openers first: SQUAD_SIZE different names, none of them in `avoid`
 * (the other side's, so that every name in a fixture is its own).
 */
export function battingOrder(
  team: Team,
  competition: Competition,
  avoid: ReadonlySet<string> = new Set(),
): string[] {
  const rng = new Random(seedOf(`${competition.name}/${team.name}`));
  const names: string[] = [];
  for (let draw = 0; names.length < SQUAD_SIZE; draw++) {
    if (draw >= SQUAD_SIZE * DRAWS_PER_NAME) throw new RangeError(`No names left for ${team.name}`);
    const pool = poolFor(team, competition, rng);
    const name = `${rng.pick(pool.given)} ${rng.pick(pool.family)}`;
    if (!names.includes(name) && !avoid.has(name)) names.push(name);
  }
  return names;
}
