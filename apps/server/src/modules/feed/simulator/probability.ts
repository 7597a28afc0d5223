/**
 * Shared probability maths for the sport models. Fair prices come from closed forms and normal
 * approximations rather than Monte Carlo, so a price never consumes randomness and the feed's
 * random stream depends on play alone.
 */

/** The lowest fair probability a runner is quoted at (before renormalising). */
export const MIN_PROBABILITY = 0.005;
/** The highest fair probability a runner is quoted at (before renormalising). */
export const MAX_PROBABILITY = 0.995;

/** Standard normal cumulative distribution (Abramowitz–Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const polynomial =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - polynomial * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Standard normal density. */
export function normalPdf(x: number): number {
  return Math.exp(-(x * x) / 2) / Math.sqrt(2 * Math.PI);
}

/** P(N(mean, sd²) > threshold); a zero spread makes it a certainty either way. */
export function probabilityAbove(threshold: number, mean: number, sd: number): number {
  if (sd <= 1e-9) return mean > threshold ? 1 : 0;
  return 1 - normalCdf((threshold - mean) / sd);
}

/** Poisson probabilities of 0..maxCount events; the last entry takes the whole tail. */
export function poissonDistribution(mean: number, maxCount: number): number[] {
  const probabilities: number[] = [];
  let term = Math.exp(-mean);
  let total = 0;
  for (let count = 0; count < maxCount; count++) {
    probabilities.push(term);
    total += term;
    term *= mean / (count + 1);
  }
  probabilities.push(Math.max(0, 1 - total));
  return probabilities;
}

/** Clamps every probability into [MIN_PROBABILITY, MAX_PROBABILITY], then scales them to sum to 1. */
export function toFairProbabilities(raw: readonly number[]): number[] {
  const clamped = raw.map((p) =>
    Number.isFinite(p) ? Math.min(MAX_PROBABILITY, Math.max(MIN_PROBABILITY, p)) : MIN_PROBABILITY,
  );
  const total = clamped.reduce((sum, p) => sum + p, 0);
  return clamped.map((p) => p / total);
}
