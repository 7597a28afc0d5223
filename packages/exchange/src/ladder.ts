/**
 * The exchange price ladder. Prices are held as integer tick indices (0 = 1.01, 349 = 1000) and
 * converted through integer hundredths, so no floating-point price ever takes part in matching or
 * money arithmetic.
 */

interface Band {
  /** Exclusive lower bound of the band, in hundredths. */
  readonly fromHundredths: number;
  /** Inclusive upper bound of the band, in hundredths. */
  readonly toHundredths: number;
  readonly stepHundredths: number;
}

/** Each band starts one step above the previous band's top, so band tops are on the ladder. */
const BANDS: readonly Band[] = [
  { fromHundredths: 100, toHundredths: 200, stepHundredths: 1 },
  { fromHundredths: 200, toHundredths: 300, stepHundredths: 2 },
  { fromHundredths: 300, toHundredths: 400, stepHundredths: 5 },
  { fromHundredths: 400, toHundredths: 600, stepHundredths: 10 },
  { fromHundredths: 600, toHundredths: 1_000, stepHundredths: 20 },
  { fromHundredths: 1_000, toHundredths: 2_000, stepHundredths: 50 },
  { fromHundredths: 2_000, toHundredths: 3_000, stepHundredths: 100 },
  { fromHundredths: 3_000, toHundredths: 5_000, stepHundredths: 200 },
  { fromHundredths: 5_000, toHundredths: 10_000, stepHundredths: 500 },
  { fromHundredths: 10_000, toHundredths: 100_000, stepHundredths: 1_000 },
];

function buildLadder(): Int32Array {
  const prices: number[] = [];
  for (const band of BANDS) {
    for (
      let hundredths = band.fromHundredths + band.stepHundredths;
      hundredths <= band.toHundredths;
      hundredths += band.stepHundredths
    ) {
      prices.push(hundredths);
    }
  }
  return Int32Array.from(prices);
}

const LADDER_HUNDREDTHS = buildLadder();

/** Number of prices on the ladder. */
export const PRICE_COUNT = 350;

/** Lowest tick index (price 1.01). */
export const MIN_TICK = 0;

/** Highest tick index (price 1000). */
export const MAX_TICK = PRICE_COUNT - 1;

/** Lowest ladder price in hundredths (1.01). */
export const MIN_PRICE_HUNDREDTHS = 101;

/** Highest ladder price in hundredths (1000). */
export const MAX_PRICE_HUNDREDTHS = 100_000;

if (LADDER_HUNDREDTHS.length !== PRICE_COUNT) {
  throw new Error(`price ladder has ${LADDER_HUNDREDTHS.length} prices, expected ${PRICE_COUNT}`);
}

/**
 * Relative tolerance when turning a decimal price into hundredths: 1.1 * 100 is
 * 110.00000000000001 in binary floating point, but 1.005 * 100 must stay off the ladder.
 */
const HUNDREDTHS_TOLERANCE = 1e-9;

/** Why a price was refused. */
export type PriceRejectCode = 'price_not_a_number' | 'price_out_of_range' | 'price_off_ladder';

/** Outcome of validating a decimal price. */
export type PriceValidation =
  | { readonly ok: true; readonly tick: number }
  | { readonly ok: false; readonly code: PriceRejectCode };

/** True when `tick` is an integer index on the ladder. */
export function isValidTick(tick: number): boolean {
  return Number.isInteger(tick) && tick >= MIN_TICK && tick <= MAX_TICK;
}

/** Price in hundredths for a valid tick; throws RangeError for an invalid tick (a caller bug). */
export function tickToPriceHundredths(tick: number): number {
  const hundredths = LADDER_HUNDREDTHS[tick];
  if (hundredths === undefined || !Number.isInteger(tick)) {
    throw new RangeError(`invalid price tick: ${tick}`);
  }
  return hundredths;
}

/** Decimal price for a valid tick (e.g. 0 → 1.01); throws RangeError for an invalid tick. */
export function tickToPrice(tick: number): number {
  return tickToPriceHundredths(tick) / 100;
}

/** Tick for a price in integer hundredths, or undefined when it is not on the ladder. */
export function priceHundredthsToTick(hundredths: number): number | undefined {
  if (
    !Number.isInteger(hundredths) ||
    hundredths < MIN_PRICE_HUNDREDTHS ||
    hundredths > MAX_PRICE_HUNDREDTHS
  ) {
    return undefined;
  }
  let low = 0;
  let high = MAX_TICK;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = LADDER_HUNDREDTHS[mid] as number;
    if (value === hundredths) return mid;
    if (value < hundredths) low = mid + 1;
    else high = mid - 1;
  }
  return undefined;
}

/**
 * The highest tick priced at or below `priceHundredths`, which may be any number of hundredths
 * (a fair price worked out from a probability, a typed price between two steps). Anything above
 * the top of the ladder gives MAX_TICK; below the bottom, or NaN, gives undefined.
 */
export function tickAtOrBelow(priceHundredths: number): number | undefined {
  if (Number.isNaN(priceHundredths) || priceHundredths < MIN_PRICE_HUNDREDTHS) return undefined;
  let low = MIN_TICK;
  let high = MAX_TICK;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if ((LADDER_HUNDREDTHS[mid] as number) <= priceHundredths) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * The lowest tick priced at or above `priceHundredths` (any number, as for `tickAtOrBelow`).
 * Anything below the bottom of the ladder gives MIN_TICK; above the top, or NaN, gives undefined.
 */
export function tickAtOrAbove(priceHundredths: number): number | undefined {
  if (Number.isNaN(priceHundredths) || priceHundredths > MAX_PRICE_HUNDREDTHS) return undefined;
  const below = tickAtOrBelow(priceHundredths);
  if (below === undefined) return MIN_TICK;
  return LADDER_HUNDREDTHS[below] === priceHundredths ? below : below + 1;
}

/** Classifies a decimal price: its tick when on the ladder, otherwise why it was refused. */
export function validatePrice(price: unknown): PriceValidation {
  if (typeof price !== 'number' || !Number.isFinite(price)) {
    return { ok: false, code: 'price_not_a_number' };
  }
  const scaled = price * 100;
  const hundredths = Math.round(scaled);
  if (Math.abs(scaled - hundredths) > HUNDREDTHS_TOLERANCE * Math.max(1, Math.abs(scaled))) {
    return hundredths >= MIN_PRICE_HUNDREDTHS && hundredths <= MAX_PRICE_HUNDREDTHS
      ? { ok: false, code: 'price_off_ladder' }
      : { ok: false, code: 'price_out_of_range' };
  }
  if (hundredths < MIN_PRICE_HUNDREDTHS || hundredths > MAX_PRICE_HUNDREDTHS) {
    return { ok: false, code: 'price_out_of_range' };
  }
  const tick = priceHundredthsToTick(hundredths);
  return tick === undefined ? { ok: false, code: 'price_off_ladder' } : { ok: true, tick };
}

/** Tick for a decimal price (e.g. 2.02 → 100), or undefined for anything off the ladder. */
export function priceToTick(price: unknown): number | undefined {
  const result = validatePrice(price);
  return result.ok ? result.tick : undefined;
}

/** The next higher tick, or undefined at the top of the ladder or for an invalid tick. */
export function nextTick(tick: number): number | undefined {
  return isValidTick(tick) && tick < MAX_TICK ? tick + 1 : undefined;
}

/** The next lower tick, or undefined at the bottom of the ladder or for an invalid tick. */
export function previousTick(tick: number): number | undefined {
  return isValidTick(tick) && tick > MIN_TICK ? tick - 1 : undefined;
}

/** Clamps any number onto the ladder (rounding toward the nearest tick index). */
export function clampTick(tick: number): number {
  if (Number.isNaN(tick)) return MIN_TICK;
  return Math.min(MAX_TICK, Math.max(MIN_TICK, Math.round(tick)));
}
