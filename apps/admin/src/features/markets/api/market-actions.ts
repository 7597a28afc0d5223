import {
  correctSettlementRoute,
  resumeMarketRoute,
  settleMarketRoute,
  suspendMarketRoute,
  voidMarketRoute,
} from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { requestErrors, type FieldErrors } from '../../../shared/forms/request-errors';
import type { MarketActionName } from '../model/market-actions';
import { MARKETS_QUERY_KEY } from './market-keys';

/** What each action on a market sends; settling names a winner, a correction may void. */
export type MarketActionInput =
  | { action: Exclude<MarketActionName, 'settle' | 'correct'>; marketId: string; reason: string }
  | { action: 'settle'; marketId: string; winnerRunnerId: number; reason: string }
  | { action: 'correct'; marketId: string; winnerRunnerId: number | null; reason: string };

/** Suspends, resumes, settles, voids or corrects a market (`POST markets/…`). */
export function runMarketAction(input: MarketActionInput) {
  const { marketId, reason } = input;
  switch (input.action) {
    case 'suspend':
      return callAdmin(suspendMarketRoute, { marketId, reason });
    case 'resume':
      return callAdmin(resumeMarketRoute, { marketId, reason });
    case 'void':
      return callAdmin(voidMarketRoute, { marketId, reason });
    case 'settle':
      return callAdmin(settleMarketRoute, {
        marketId,
        winnerRunnerId: input.winnerRunnerId,
        reason,
      });
    case 'correct':
      return callAdmin(correctSettlementRoute, {
        marketId,
        winnerRunnerId: input.winnerRunnerId,
        reason,
      });
  }
}

/**
 * What the action's own request schema would refuse, by field. The winner may still be
 * missing (undefined) here: the form checks before it has one.
 */
export function marketActionErrors(
  action: MarketActionName,
  fields: { marketId: string; winnerRunnerId: number | null | undefined; reason: string },
): FieldErrors | null {
  const { marketId, winnerRunnerId, reason } = fields;
  switch (action) {
    case 'suspend':
      return requestErrors(suspendMarketRoute, { marketId, reason });
    case 'resume':
      return requestErrors(resumeMarketRoute, { marketId, reason });
    case 'void':
      return requestErrors(voidMarketRoute, { marketId, reason });
    case 'settle':
      return requestErrors(settleMarketRoute, { marketId, winnerRunnerId, reason });
    case 'correct':
      return requestErrors(correctSettlementRoute, { marketId, winnerRunnerId, reason });
  }
}

/**
 * Runs an action on a market. Lists and books are read again whether it worked or not: a
 * CONFLICT means someone else changed the market first, and the page should show what they did.
 */
export function useMarketAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runMarketAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: MARKETS_QUERY_KEY }),
  });
}
