import type { IconDefinition } from '../../shared/icons/icon-definition';
import { cricketIcon } from '../../shared/icons/set/cricket-icon';
import { footballIcon } from '../../shared/icons/set/football-icon';
import { horseIcon } from '../../shared/icons/set/horse-icon';
import { tennisIcon } from '../../shared/icons/set/tennis-icon';
import { trophyIcon } from '../../shared/icons/set/trophy-icon';

export type SportKey = 'football' | 'tennis' | 'cricket' | 'kabaddi' | 'horseRacing';

/** Per-sport switches, as both the domain setting and the user info carry them. */
export type SportFlags = Record<SportKey, boolean>;

export interface Sport {
  /** The sport id of spec §3; also its order. */
  id: number;
  key: SportKey;
  name: string;
  icon: IconDefinition;
}

/** The sports of spec §3, in their order (order equals id). */
export const SPORTS: readonly Sport[] = [
  { id: 1, key: 'football', name: 'Football', icon: footballIcon },
  { id: 2, key: 'tennis', name: 'Tennis', icon: tennisIcon },
  { id: 3, key: 'cricket', name: 'Cricket', icon: cricketIcon },
  { id: 25, key: 'kabaddi', name: 'Kabaddi', icon: trophyIcon },
  { id: 26, key: 'horseRacing', name: 'Horse Racing', icon: horseIcon },
];

/** The sport with an id, if it is one of ours. */
export function sportById(id: number | string): Sport | undefined {
  return SPORTS.find((sport) => String(sport.id) === String(id));
}

/**
 * The sports a visitor sees (spec §6): guests by the domain's switches alone; a logged-in
 * player needs both their own flag and the domain's. Horse racing never shows unless the
 * domain enables it. A logged-in player whose user info has not arrived has no flags yet.
 */
export function visibleSports(
  domain: SportFlags,
  loggedIn: boolean,
  userFlags: Partial<SportFlags> | null,
): Sport[] {
  return SPORTS.filter((sport) => {
    if (sport.key === 'horseRacing' && !domain.horseRacing) return false;
    if (!domain[sport.key]) return false;
    return loggedIn ? userFlags?.[sport.key] === true : true;
  });
}
