import type { BetSide } from '@backlay/contract/bets';
import type { Market, SportEvent } from '@backlay/contract/sports';
import type { BetSelection } from '../../bets/index';
import { isInPlay } from './in-play';

/** The name list pages give the match odds market they show. */
export const MATCH_ODDS_NAME = 'Match Odds';

/** What the bet slip needs about a price clicked on a market page. */
export function marketSelection(
  event: Pick<SportEvent, 'id' | 'title'>,
  market: Market,
  runner: { id: number; name: string },
  side: BetSide,
  price: number,
  inPlay: boolean,
): BetSelection {
  return {
    eventId: event.id,
    eventTitle: event.title,
    marketId: market.id,
    marketName: market.name,
    marketType: market.type,
    runnerId: runner.id,
    runnerName: runner.name,
    side,
    price,
    line: market.line,
    inPlay,
    betDelaySeconds: market.betDelaySeconds,
    fillOrKill: market.fillOrKill,
  };
}

/**
 * What the bet slip needs about a price clicked on a list page, where only the match odds
 * market is known; its bet delay comes with the market's limits.
 */
export function listSelection(
  event: SportEvent,
  marketId: string,
  runner: { id: number; name: string },
  side: BetSide,
  price: number,
): BetSelection {
  return {
    eventId: event.id,
    eventTitle: event.title,
    marketId,
    marketName: MATCH_ODDS_NAME,
    marketType: 'MATCH_ODDS',
    runnerId: runner.id,
    runnerName: runner.name,
    side,
    price,
    line: null,
    inPlay: isInPlay(event),
    betDelaySeconds: 0,
    fillOrKill: false,
  };
}
