import {
  MAX_TICK,
  MIN_TICK,
  clampTick,
  priceToTick,
  tickAtOrAbove,
  tickAtOrBelow,
  tickToPrice,
} from '@backlay/exchange/ladder';

/**
 * The next ladder price above (`+1`) or below (`-1`) a price: one tick along the exchange's
 * ladder (1.01–2 by 0.01, 2–3 by 0.02, … 100–1000 by 10). A price between ladder steps moves
 * to the nearest step in that direction; the ends of the ladder hold.
 */
export function stepPrice(price: number, direction: 1 | -1): number {
  const tick = priceToTick(price);
  if (tick !== undefined) return tickToPrice(clampTick(tick + direction));
  if (!Number.isFinite(price)) return tickToPrice(MIN_TICK);
  const hundredths = price * 100;
  return tickToPrice(
    direction === 1
      ? (tickAtOrAbove(hundredths) ?? MAX_TICK)
      : (tickAtOrBelow(hundredths) ?? MIN_TICK),
  );
}

/** Whether a price is on the exchange's ladder. */
export function isLadderPrice(price: number): boolean {
  return priceToTick(price) !== undefined;
}
