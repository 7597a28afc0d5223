/**
 * Which sports are simulated and when their fixtures start. Start times are drawn here, apart
 * from the sports, so every sport gets the same liveliness rules: a third already under way at
 * `start`, one about to begin, the rest over the next three days, with replacements leaning
 * towards the next hour or two so something is usually in play.
 */
import type { SportId } from '@backlay/contract/sports';
import type { Random } from './random';
import type { SportDefinition } from './sport-match';
import { CRICKET } from './sports/cricket';
import { FOOTBALL } from './sports/football';
import { HORSE_RACING } from './sports/horse-racing';
import { KABADDI } from './sports/kabaddi';
import { TENNIS } from './sports/tennis';

export const SPORTS: readonly SportDefinition[] = [
  FOOTBALL,
  TENNIS,
  CRICKET,
  KABADDI,
  HORSE_RACING,
];

const MINUTE_MS = 60_000;
/** Later fixtures start on a five-minute grid, as real schedules do. */
const START_GRID_MS = 5 * MINUTE_MS;
const SOON_MIN_MINUTES = 2;
/** The soon fixture starts on a whole minute, so this keeps it within 10 minutes of now. */
const SOON_MAX_MINUTES = 9;
/** How far before `start` a fixture already in play began, as a share of its shortest match. */
const HEAD_START_SHARES = { min: 0.1, max: 0.35 } as const;

interface StartWindow {
  weight: number;
  fromMinutes: number;
  toMinutes: number;
}

const LATER_START_WINDOWS: readonly StartWindow[] = [
  { weight: 0.4, fromMinutes: 10, toMinutes: 90 },
  { weight: 0.35, fromMinutes: 90, toMinutes: 18 * 60 },
  { weight: 0.25, fromMinutes: 18 * 60, toMinutes: 72 * 60 },
];

/** A start between ten minutes and three days after `nowMs`, on the five-minute grid. */
export function laterStartMs(rng: Random, nowMs: number): number {
  const window = LATER_START_WINDOWS[rng.weighted(LATER_START_WINDOWS.map((w) => w.weight))];
  if (window === undefined) throw new RangeError('No start window');
  const atMs = nowMs + rng.between(window.fromMinutes, window.toMinutes) * MINUTE_MS;
  return Math.ceil(atMs / START_GRID_MS) * START_GRID_MS;
}

/** A start within ten minutes of `nowMs`, on a whole minute. */
export function soonStartMs(rng: Random, nowMs: number): number {
  const atMs = nowMs + rng.between(SOON_MIN_MINUTES, SOON_MAX_MINUTES) * MINUTE_MS;
  return Math.ceil(atMs / MINUTE_MS) * MINUTE_MS;
}

/** Start times of a sport's first fixtures: about a third under way, one soon, the rest later. */
export function initialStartTimes(
  rng: Random,
  sport: SportDefinition,
  count: number,
  startMs: number,
  pace: number,
): number[] {
  const inPlay = Math.max(1, Math.round(count / 3));
  const shortestMs = (sport.shortestMatchSeconds * 1000) / pace;
  return Array.from({ length: count }, (_, index) => {
    if (index < inPlay) {
      const headStart = rng.between(HEAD_START_SHARES.min, HEAD_START_SHARES.max) * shortestMs;
      return startMs - Math.max(1, Math.round(headStart));
    }
    return index === inPlay ? soonStartMs(rng, startMs) : laterStartMs(rng, startMs);
  });
}

/** 'sim-3-000017': the sport, then the fixture's serial within its sport. */
export function externalIdOf(sportId: SportId, serial: number): string {
  return `sim-${sportId}-${String(serial).padStart(6, '0')}`;
}
