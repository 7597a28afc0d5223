import type { QueryClient } from '@tanstack/react-query';
import { BET_QUERY_KEYS } from '../../features/bets/api/bet-query-keys';
import { useShellStore } from '../../shared/shell/shell-store';
import type { GuardDecision } from './guard';

export interface NavigationEffectsDeps {
  queryClient: QueryClient;
  reloadSettings: () => void;
}

/**
 * Carries out a guard decision's side effects: the settings reload, and on entering or
 * leaving the lobby the shell switches; leaving also refreshes expected profit/loss and
 * open bets, whose queries the bets feature owns (their keys only: this module is in the
 * first chunk).
 */
export function applyNavigationEffects(decision: GuardDecision, deps: NavigationEffectsDeps): void {
  if (decision.reloadSettings) deps.reloadSettings();
  if (decision.lobby === 'enter') useShellStore.getState().setLobbyMode(true);
  if (decision.lobby === 'leave') {
    useShellStore.getState().setLobbyMode(false);
    void deps.queryClient.invalidateQueries({ queryKey: BET_QUERY_KEYS.expectedProfitLoss });
    void deps.queryClient.invalidateQueries({ queryKey: BET_QUERY_KEYS.openBets });
  }
}
