import type { Market, MarketOdds, MarketStatus } from '@backlay/contract/sports';

/*
 * What a market's ladder says about whether it takes bets. The contract knows four states
 * (OPEN, SUSPENDED, CLOSED, SETTLED) and the hub pushes three (open, suspended, closed): there
 * is no ball-running state on the wire, so none is shown here.
 */

/** The state a market's prices are shown in, with the winner once a settled market names one. */
export type LadderState =
  | { kind: 'OPEN' }
  | { kind: 'SUSPENDED' }
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
  market: Pick<Market, 'status' | 'runners'>,
  odds: Pick<MarketOdds, 'status'> | undefined,
): LadderState {
  const status = combinedStatus(market.status, odds?.status);
  return status === 'SETTLED'
    ? { kind: 'SETTLED', outcome: settledOutcome(market.runners) }
    : { kind: status };
}

/** A list row's state: the list's payload carries no results, so a settled row names none. */
export function listLadderState(status: MarketStatus): LadderState {
  return status === 'SETTLED'
    ? { kind: 'SETTLED', outcome: { kind: 'unknown' } }
    : { kind: status };
}

/** The words over a ladder that takes no bets ("Settled — India won"); null for an open one. */
export function ladderStateLabel(state: LadderState): string | null {
  switch (state.kind) {
    case 'OPEN':
      return null;
    case 'SUSPENDED':
      return 'Suspended';
    case 'CLOSED':
      return 'Closed';
    case 'SETTLED':
      switch (state.outcome.kind) {
        case 'won':
          return `Settled — ${state.outcome.winners.join(', ')} won`;
        case 'void':
          return 'Settled — void';
        case 'unknown':
          return 'Settled';
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
