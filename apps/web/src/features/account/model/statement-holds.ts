import { useSyncExternalStore } from 'react';
import type { FeatureStorageKey } from '../../../shared/storage/storage-keys';
import { readText, removeKey, subscribeStorage, writeText } from '../../../shared/storage/storage';

/**
 * Where this device keeps whether the statement lists bets' holds and releases. They never move
 * the balance (cash to exposure and back), so the statement folds them away unless the player
 * asks to see them; logging out clears the choice with the rest of local storage (spec §4).
 */
export const STATEMENT_HOLDS_KEY = 'statementHolds' satisfies FeatureStorageKey;

const SHOWN = 'SHOW';
const isShown = () => readText(STATEMENT_HOLDS_KEY) === SHOWN;
const isFoldedOnServer = () => false;

/** Whether the statement shows bets' holds and releases on this device (folded by default). */
export function useStatementHoldsShown(): boolean {
  return useSyncExternalStore(subscribeStorage, isShown, isFoldedOnServer);
}

/** Shows or folds bets' holds and releases in the statement on this device. */
export function setStatementHoldsShown(shown: boolean): void {
  if (shown) writeText(STATEMENT_HOLDS_KEY, SHOWN);
  else removeKey(STATEMENT_HOLDS_KEY);
}
