/**
 * Set Betting: the exact score in sets, read from the first-named player's side ('2-1' is a win
 * for them in three sets, '1-2' a loss). Priced by tennis-odds.ts' final set score chances, the
 * same numbers match odds is the sum of, so the two markets always agree. It is decided only at
 * the end; a score ruled out on the way (0-2 once the first player has a set) is priced at exactly
 * 0, and the simulator floors every published price (toFairProbabilities), so no quote sees a 0.
 */
import type { FeedMarketSpec } from '../types';
import { FINAL_SET_SCORES } from './tennis-odds';

export const SET_BETTING_KEY = 'set_betting';

/** The Set Betting market: one runner per final set score, in FINAL_SET_SCORES' order. */
export function setBettingMarket(): FeedMarketSpec {
  return {
    key: SET_BETTING_KEY,
    type: 'MATCH_ODDS',
    name: 'Set Betting',
    runners: FINAL_SET_SCORES.map(([mine, theirs]) => `${mine}-${theirs}`),
    line: null,
  };
}
