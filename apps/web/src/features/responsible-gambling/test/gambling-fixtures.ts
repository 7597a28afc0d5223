import type { GamblingLimit, GamblingSettings } from '@backlay/contract/responsible-gambling';

/*
 * Builders of the limits as `ResponsibleGambling/GetSettings` answers them; tests override
 * only the limits they are about.
 */

/** One limit: none set and nothing used, unless overridden. */
export function buildLimit(overrides: Partial<GamblingLimit> = {}): GamblingLimit {
  return { amount: null, pending: null, used: 0, ...overrides };
}

type WindowOverrides = Partial<Record<'day' | 'week' | 'month', Partial<GamblingLimit>>>;

/** A player's limits: none set, nothing used, no open bets, unless overridden. */
export function buildGamblingSettings(
  overrides: { deposit?: WindowOverrides; loss?: WindowOverrides; openLiability?: number } = {},
): GamblingSettings {
  const windows = (given: WindowOverrides = {}) => ({
    day: buildLimit(given.day),
    week: buildLimit(given.week),
    month: buildLimit(given.month),
  });
  return {
    deposit: windows(overrides.deposit),
    loss: windows(overrides.loss),
    openLiability: overrides.openLiability ?? 0,
  };
}
