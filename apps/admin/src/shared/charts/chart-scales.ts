/** A value axis's range, lowest value first. */
export type AxisRange = [min: number, max: number];

/** Headroom above the highest value (and below the lowest), so no point sits on the frame. */
const HEADROOM = 0.05;

/**
 * The range of a value axis: from the lowest value to the highest, always holding zero (a
 * small day must not look like none, nor a loss like a gain), with a little headroom; [0, 1]
 * when every value is zero.
 */
export function rangeWithZero(values: readonly number[]): AxisRange {
  let min = 0;
  let max = 0;
  for (const value of values) {
    if (!Number.isFinite(value)) continue;
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  if (min === 0 && max === 0) return [0, 1];
  return [min * (1 + HEADROOM), max * (1 + HEADROOM)];
}

/** How far up its axis zero sits: 0 at the bottom, 1 at the top. */
const zeroAt = ([min, max]: AxisRange) => -min / (max - min);

/**
 * Widens ranges (each holding zero, as `rangeWithZero` gives them) so that zero sits at the
 * same height on every axis: beside one another, two axes whose zeros differ draw a loss on one
 * as if it were a gain on the other. An axis only ever grows, so every value stays in view.
 */
export function alignZeros(ranges: readonly AxisRange[]): AxisRange[] {
  const heights = ranges.map(zeroAt);
  let target = Math.max(...heights);
  if (target === 1) {
    // An axis with nothing above zero: the others, with values above it, need room both ways.
    const others = heights.filter((height) => height < 1);
    if (others.length === 0) return ranges.map(([min, max]) => [min, max]);
    target = Math.max(0.5, ...others);
  }
  if (target === 0) return ranges.map(([min, max]) => [min, max]);
  return ranges.map(([min, max], i): AxisRange => {
    const height = heights[i] ?? target;
    if (height < target) return [(-target * max) / (1 - target), max];
    if (height > target) return [min, (-min * (1 - target)) / target];
    return [min, max];
  });
}
