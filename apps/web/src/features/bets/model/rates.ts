/*
 * Bookmaker and fancy prices as Indian players read them: a rate, what a hundred rupees wins
 * (decimal odds 1.85 is a rate of 85, 2.00 of 100: even money). The exchange keeps decimal
 * odds underneath; only what the player reads changes.
 */

/** Whether a market's prices read as rates rather than decimal odds. */
export function readsAsRate(type: string): boolean {
  return type === 'BOOKMAKER' || type === 'FANCY';
}

/** Decimal odds as a rate: 1.85 → 85, 2 → 100, 3.05 → 205 (ladder prices give whole rates). */
export function rateOf(price: number): number {
  return Math.round((price - 1) * 100);
}

/** A fancy line's run value: the line 84.5 ("more than 84.5") is the run count 85. */
export function runValueOf(line: number): number {
  return Math.ceil(line);
}
