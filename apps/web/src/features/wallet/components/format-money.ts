/** Shown where an amount is not known yet; the product never guesses one. */
export const UNKNOWN_AMOUNT = '—';

/** An amount in major units with two decimals, Indian digit grouping. */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN_AMOUNT;
  return value.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
