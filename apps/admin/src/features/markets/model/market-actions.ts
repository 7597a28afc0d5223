import type { MARKET_STATUSES } from '@backlay/contract/admin';

export type MarketActionName = 'suspend' | 'resume' | 'settle' | 'void' | 'correct';

/**
 * What may be done to a market in each status: an open one suspended, a suspended one
 * resumed, any unsettled one settled or voided, and a settled one only corrected. The server
 * decides all the same; this only keeps pointless buttons away.
 */
const ACTIONS_BY_STATUS: Record<(typeof MARKET_STATUSES)[number], readonly MarketActionName[]> = {
  OPEN: ['suspend', 'settle', 'void'],
  SUSPENDED: ['resume', 'settle', 'void'],
  CLOSED: ['settle', 'void'],
  SETTLED: ['correct'],
};

/** The actions offered for a market in a status, in the order the page shows them. */
export function availableActions(
  status: (typeof MARKET_STATUSES)[number],
): readonly MarketActionName[] {
  return ACTIONS_BY_STATUS[status];
}

export const ACTION_LABELS: Record<MarketActionName, string> = {
  suspend: 'Suspend',
  resume: 'Resume',
  settle: 'Settle',
  void: 'Void',
  correct: 'Correct settlement',
};
