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

/**
 * Clamps every probability into [MIN_PROBABILITY, MAX_PROBABILITY], then scales them to sum to 1.
 * A runner that can no longer win (exactly 0) stays at 0 and one that is certain at 1: a price
 * made up for an outcome that cannot happen would be a riskless bet against the market maker,
 * which quotes neither.
 */
export function toFairProbabilities(raw: readonly number[]): number[] {
  const certain = raw.findIndex((p) => p === 1);
  if (certain >= 0) return raw.map((_, index) => (index === certain ? 1 : 0));
  const clamped = raw.map((p) =>
    p === 0
      ? 0
      : Number.isFinite(p)
        ? Math.min(MAX_PROBABILITY, Math.max(MIN_PROBABILITY, p))
        : MIN_PROBABILITY,
  );
  const total = clamped.reduce((sum, p) => sum + p, 0);
  return clamped.map((p) => p / total);
}

/** Below this a raw probability counts as this, so a runner priced at zero still moves. */
const SMALLEST_WEIGHT = 1e-12;
const BOUND_SEARCH_STEPS = 100;

/**
 * Probabilities summing to 1 with each within [min, max] (widened to 1/n when n runners cannot
 * fit), as close in shape to `raw` as that allows: every runner scaled by one factor and held at
 * a bound it would cross. The factor is found by bisection, since the clamped total grows with it.
 */
export function boundedProbabilities(raw: readonly number[], min: number, max: number): number[] {
  const count = raw.length;
  if (count === 0) return [];
  const low = Math.min(min, 1 / count);
  const high = Math.max(max, 1 / count);
  const weights = raw.map((p) =>
    Number.isFinite(p) ? Math.max(SMALLEST_WEIGHT, p) : SMALLEST_WEIGHT,
  );
  const weightTotal = weights.reduce((sum, w) => sum + w, 0);
  const normalised = weights.map((w) => w / weightTotal);
  // Usually every runner is within the bounds already.
  if (normalised.every((p) => p >= low && p <= high)) return normalised;
  const clampedTotal = (scale: number) => {
    let sum = 0;
    for (const weight of normalised) sum += Math.min(high, Math.max(low, weight * scale));
    return sum;
  };
  let below = 0;
  let above = high / Math.min(...normalised);
  for (let step = 0; step < BOUND_SEARCH_STEPS; step++) {
    const middle = (below + above) / 2;
    if (clampedTotal(middle) < 1) below = middle;
    else above = middle;
  }
  const scale = (below + above) / 2;
  const bounded = normalised.map((weight) => Math.min(high, Math.max(low, weight * scale)));
  // What the search left over goes to the runners inside the bounds, so the total is exactly 1.
  const residual = 1 - bounded.reduce((sum, p) => sum + p, 0);
  const insideTotal = bounded.reduce((sum, p) => (p > low && p < high ? sum + p : sum), 0);
  return bounded.map((p) =>
    insideTotal > 0 && p > low && p < high ? p + (residual * p) / insideTotal : p / (1 - residual),
  );
}
