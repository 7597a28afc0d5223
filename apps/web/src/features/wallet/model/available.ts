import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';

const known = (amount: number | null | undefined): amount is number =>
  typeof amount === 'number' && Number.isFinite(amount);

/**
 * What the player may bet with: balance less exposure (the ledger's cash, since a bet's
 * liability moves from cash to exposure when it is placed), worked out in paise so no
 * rounding creeps in; unknown while either amount is.
 */
export function availableToBet(
  balance: number | null | undefined,
  exposure: number | null | undefined,
): number | undefined {
  if (!known(balance) || !known(exposure)) return undefined;
  return fromMinorUnits(toMinorUnits(balance) - toMinorUnits(exposure));
}
