import { DEFAULT_STAKES, type StakeButton } from '@backlay/contract/account';
import { useSyncExternalStore } from 'react';
import { i18n } from '../../../shared/i18n/i18n';
import { sessionStore } from '../../../shared/session/session-store';
import type { FeatureStorageKey } from '../../../shared/storage/storage-keys';
import { readText, removeKey, subscribeStorage, writeText } from '../../../shared/storage/storage';

/**
 * Where this device keeps the player's one-tap betting switch. Logging out clears it with
 * the rest of local storage (spec §4), so a player starts each session with the slip.
 */
export const ONE_TAP_BETTING_KEY = 'oneTapBetting' satisfies FeatureStorageKey;

const ON = 'true';

const messages = i18n('bets/one-tap-betting', {
  busy: 'Your last bet is still being placed.',
});

/** What the toast says to a tap that comes while a one-tap bet is still on its way. */
export function oneTapBusyMessage(): string {
  return messages.get().busy;
}

const isOn = () => readText(ONE_TAP_BETTING_KEY) === ON;
const isOffOnServer = () => false;

/**
 * Whether tapping a price places the bet at once (off until the player turns it on),
 * following the switch in this tab and others. Read from storage directly: `useStoredText`
 * would become a chunk of its own, one more file every route lists.
 */
export function useOneTapBetting(): boolean {
  return useSyncExternalStore(subscribeStorage, isOn, isOffOnServer);
}

/** Turns one-tap betting on or off on this device. */
export function setOneTapBetting(on: boolean): void {
  if (on) writeText(ONE_TAP_BETTING_KEY, ON);
  else removeKey(ONE_TAP_BETTING_KEY);
}

/**
 * The stake of a one-tap bet: the player's first stake button (the spec's defaults until
 * they set their own); null when there is none, and then the slip asks.
 */
export function oneTapStake(stakes: readonly StakeButton[] | null | undefined): number | null {
  return (stakes ?? DEFAULT_STAKES)[0]?.value ?? null;
}

/**
 * The stake a tapped price is placed for at once, as things stand: null when one-tap betting
 * is off, nobody is logged in, or there is no stake to place (then the slip opens).
 */
export function oneTapStakeNow(): number | null {
  const { accessToken, userInfo } = sessionStore.getState();
  if (accessToken === null || readText(ONE_TAP_BETTING_KEY) !== ON) return null;
  return oneTapStake(userInfo?.stakes);
}
