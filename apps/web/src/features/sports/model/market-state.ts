import {
  BALL_RUNNING_REASON,
  type Market,
  type MarketOdds,
  type MarketStatus,
} from '@backlay/contract/sports';
import { i18n, params } from '../../../shared/i18n/i18n';

/*
 * What a market's ladder says about whether it takes bets. The contract knows four states
 * (OPEN, SUSPENDED, CLOSED, SETTLED) and the hub pushes three (open, suspended, closed); a
 * suspension carries the feed's reason, and one reads differently: a cricket ball in play.
 */

/** The words over a ladder that takes no bets (see `ladderStateLabel`). */
export const ladderStateMessages = i18n('sports/market-state', {
  suspended: 'Suspended',
  ballRunning: 'Ball running',
  closed: 'Closed',
  settledWon: params('Settled — {winners} won'),
  settledVoid: 'Settled — void',
  settled: 'Settled',
});

/** The state a market's prices are shown in, with the winner once a settled market names one. */
export type LadderState =
  | { kind: 'OPEN' }
  | { kind: 'SUSPENDED'; ballRunning: boolean }
  | { kind: 'CLOSED' }
  | { kind: 'SETTLED'; outcome: SettledOutcome };

/** How a settled market ended: its winners by name, void, or not said by the data held. */
export type SettledOutcome =
  { kind: 'won'; winners: readonly string[] } | { kind: 'void' } | { kind: 'unknown' };

/**
 * A market's status from its two sources (its own data and its prices, each updated by pushes).
 * A market never reopens once closed or settled, so those win over the other source's older
 * word; otherwise the prices, which are read more often, say it.
 */
export function combinedStatus(market: MarketStatus, odds: MarketStatus | undefined): MarketStatus {
  if (market === 'SETTLED' || odds === 'SETTLED') return 'SETTLED';
  if (market === 'CLOSED' || odds === 'CLOSED') return 'CLOSED';
  return odds ?? market;
}

/** How a settled market ended, from its runners' results (null while they are not known). */
export function settledOutcome(runners: Market['runners']): SettledOutcome {
  const winners = runners.filter((r) => r.result === 'WINNER').map((r) => r.name);
  if (winners.length > 0) return { kind: 'won', winners };
  if (runners.length > 0 && runners.every((r) => r.result === 'VOID')) return { kind: 'void' };
  return { kind: 'unknown' };
}

/** The state a market's ladder shows, from the market and its prices. */
export function ladderState(
  market: Pick<Market, 'status' | 'runners' | 'suspendedReason'>,
  odds: Pick<MarketOdds, 'status' | 'suspendedReason'> | undefined,
): LadderState {
  const status = combinedStatus(market.status, odds?.status);
  switch (status) {
    case 'SETTLED':
      return { kind: 'SETTLED', outcome: settledOutcome(market.runners) };
    case 'SUSPENDED': {
      // The prices are read more often, so their reason is the newer one when they have it.
      const reason = odds ? odds.suspendedReason : market.suspendedReason;
      return { kind: 'SUSPENDED', ballRunning: reason === BALL_RUNNING_REASON };
    }
    default:
      return { kind: status };
  }
}

/** A list row's state: the list's payload carries no results, so a settled row names none. */
export function listLadderState(status: MarketStatus): LadderState {
  switch (status) {
    case 'SETTLED':
      return { kind: 'SETTLED', outcome: { kind: 'unknown' } };
    case 'SUSPENDED':
      return { kind: 'SUSPENDED', ballRunning: false };
    default:
      return { kind: status };
  }
}

/**
 * The words over a ladder that takes no bets ("Settled — India won"); null for an open one.
 * In the language shown now, or in the messages a component holds (`useMessages`).
 */
export function ladderStateLabel(state: LadderState, t = ladderStateMessages.get()): string | null {
  switch (state.kind) {
    case 'OPEN':
      return null;
    case 'SUSPENDED':
      return state.ballRunning ? t.ballRunning : t.suspended;
    case 'CLOSED':
      return t.closed;
    case 'SETTLED':
      switch (state.outcome.kind) {
        case 'won':
          return t.settledWon({ winners: state.outcome.winners.join(', ') });
        case 'void':
          return t.settledVoid;
        case 'unknown':
          return t.settled;
      }
  }
}

/** Whether a FANCY line is over: it leaves the page once closed or settled. */
export function isFancyLineOver(
  market: Pick<Market, 'type' | 'status'>,
  odds: Pick<MarketOdds, 'status'> | undefined,
): boolean {
  if (market.type !== 'FANCY') return false;
  const status = combinedStatus(market.status, odds?.status);
  return status === 'CLOSED' || status === 'SETTLED';
}
