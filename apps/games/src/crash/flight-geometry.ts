/**
 * Where the flight is drawn: the rising curve of the multiplier against time, scaled so that the
 * whole flight fits the stage with room ahead of the plane. Pure numbers, apart from the canvas
 * that draws them (`flight-stage.tsx`).
 */
import { CENTI, CRASH_GROWTH_RATE_PER_MS } from '@backlay/contract/crash-fairness';

/** The stage shows at least this much time and this high a multiplier. */
export const MIN_SPAN_MS = 8_000;
export const MIN_TOP_CENTI = 200;
/** How many straight pieces the curve is drawn with. */
export const CURVE_STEPS = 48;

export interface StageSize {
  width: number;
  height: number;
  /** Room left for the axes' labels, at the left and bottom. */
  padLeft: number;
  padBottom: number;
}

export interface FlightPicture {
  /** The curve's points in canvas pixels, from the start to the plane. */
  points: { x: number; y: number }[];
  /** The plane's nose, and the curve's slope there (radians, up is negative). */
  plane: { x: number; y: number; angle: number };
  spanMs: number;
  topCenti: number;
}

/** The curve `elapsedMs` into a flight whose multiplier now reads `centi`. */
export function flightPicture(elapsedMs: number, centi: number, size: StageSize): FlightPicture {
  const spanMs = Math.max(MIN_SPAN_MS, elapsedMs * 1.2);
  const topCenti = Math.max(MIN_TOP_CENTI, CENTI + (centi - CENTI) * 1.3);
  const plotWidth = size.width - size.padLeft - 12;
  const plotHeight = size.height - size.padBottom - 16;
  const toX = (ms: number) => size.padLeft + (ms / spanMs) * plotWidth;
  const toY = (c: number) =>
    size.height - size.padBottom - ((c - CENTI) / (topCenti - CENTI)) * plotHeight;
  const points: { x: number; y: number }[] = [];
  for (let step = 0; step <= CURVE_STEPS; step++) {
    const ms = (elapsedMs * step) / CURVE_STEPS;
    // The curve is the growth itself, unrounded (the number shown is rounded down to the
    // hundredth, which drawn would be a staircase); its last point is the reading itself.
    const c =
      step === CURVE_STEPS
        ? centi
        : Math.min(centi, CENTI * Math.exp(CRASH_GROWTH_RATE_PER_MS * ms));
    points.push({ x: toX(ms), y: toY(c) });
  }
  const tip = points[points.length - 1] ?? { x: toX(0), y: toY(CENTI) };
  const before = points[points.length - 2] ?? { x: tip.x - 1, y: tip.y };
  const angle = Math.atan2(tip.y - before.y, Math.max(0.001, tip.x - before.x));
  return { points, plane: { x: tip.x, y: tip.y, angle }, spanMs, topCenti };
}

/** Round numbers for an axis: about `count` ticks between `low` and `high`. */
export function axisTicks(low: number, high: number, count: number): number[] {
  const raw = (high - low) / Math.max(1, count);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let value = Math.ceil(low / step) * step; value <= high; value += step) ticks.push(value);
  return ticks;
}
