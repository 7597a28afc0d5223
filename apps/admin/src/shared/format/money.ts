/** Shown where a figure is unknown; the console never guesses one. */
export const UNKNOWN = '—';

const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Rupees with two decimals and Indian digit grouping: `₹1,23,456.00`, `-₹300.00`. */
export function formatRupees(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN;
  // -0.001 rounds to zero; it should not read as a loss.
  const rounded = Math.round(value * 100) / 100;
  return RUPEES.format(rounded === 0 ? 0 : rounded);
}

const COMPACT_RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Rupees in a few characters, for a chart's axis: `₹950`, `₹1.5K`, `₹12.3L`, `₹9.9Cr`. */
export function formatRupeesCompact(value: number): string {
  if (!Number.isFinite(value)) return UNKNOWN;
  return COMPACT_RUPEES.format(value === 0 ? 0 : value);
}

const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** A count with Indian digit grouping: `1,23,456`; unknown as a dash. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN;
  return COUNT.format(value);
}

/** Whether a figure reads as a gain, a loss or neither, for colouring it. */
export function tone(value: number): 'gain' | 'loss' | 'even' {
  const rounded = Math.round(value * 100);
  return rounded > 0 ? 'gain' : rounded < 0 ? 'loss' : 'even';
}

/** Decimal odds as exchanges print them: up to two decimals, no trailing zeros. */
export function formatPrice(value: number): string {
  return String(Math.round(value * 100) / 100);
}
