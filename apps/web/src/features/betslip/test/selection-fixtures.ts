import type { BetSelection } from '../../bets/index';
import { buildBet } from '../../../shared/test/sports-fixtures';

/** The bet slip's selection of the bet `buildBet` describes: back India at 1.85, match odds. */
export function buildSelection(overrides: Partial<BetSelection> = {}): BetSelection {
  const bet = buildBet();
  return {
    eventId: bet.eventId,
    eventTitle: bet.eventName,
    marketId: bet.marketId,
    marketName: bet.marketName,
    marketType: 'MATCH_ODDS',
    runnerId: bet.runnerId,
    runnerName: bet.runnerName,
    side: bet.side,
    price: bet.price,
    line: null,
    inPlay: false,
    betDelaySeconds: 0,
    fillOrKill: false,
    ...overrides,
  };
}

/** `Odds/GetUserLimits` for the selection's market: stakes ₹100–₹50,000, no in-play delay. */
export const SELECTION_LIMITS = {
  marketId: '1.101',
  sportId: 3,
  minStake: 100,
  maxStake: 50_000,
  maxLiability: 100_000,
  betDelaySeconds: 0,
  commissionPercent: 2,
};
