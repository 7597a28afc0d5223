import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';

/**
 * How far a bonus's wagering has come, from 0 to 1. A bonus that needs no wagering (a
 * multiplier of 0) is done; stakes counted past the requirement do not take it beyond 1.
 */
export function wageringShare(wagered: number, required: number): number {
  if (!(required > 0)) return 1;
  return Math.min(1, Math.max(0, wagered / required));
}

/** The stakes still to wager, in rupees to the paisa; never below zero. */
export function wageringLeft(wagered: number, required: number): number {
  return fromMinorUnits(Math.max(0, toMinorUnits(required) - toMinorUnits(wagered)));
}

/** The time left until a moment, in whole days, hours, minutes and seconds. */
export interface TimeLeft {
  /** The moment has passed (or is now). */
  over: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What is left of the time until `untilIso`, seen at `nowMs`; over when it is past. */
export function timeLeft(untilIso: string, nowMs: number): TimeLeft {
  const untilMs = Date.parse(untilIso);
  const leftMs = Number.isNaN(untilMs) ? 0 : Math.max(0, untilMs - nowMs);
  const totalSeconds = Math.floor(leftMs / 1000);
  return {
    over: leftMs === 0,
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}
