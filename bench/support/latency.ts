// Latency figures of a benchmark that runs one step after another: the step timed `count`
// times, its p50 and p99, and one printed line that says whether the p99 is within budget.

export interface Latencies {
  p50: number;
  p99: number;
  count: number;
}

/** The value at fraction `p` (0.99 for p99) of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

/** Runs `step` `count` times in turn; its latencies in milliseconds. */
export async function timed(
  count: number,
  step: (i: number) => Promise<unknown>,
): Promise<Latencies> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await step(i);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), count };
}

/** Prints `label`'s figures against a p99 budget; whether they are within it. */
export function reportLatency(
  label: string,
  figures: Latencies,
  { budgetP99Ms, unit, width }: { budgetP99Ms: number; unit: string; width: number },
): boolean {
  const within = figures.p99 < budgetP99Ms;
  console.log(
    `${label.padEnd(width)} p50 ${figures.p50.toFixed(2)} ms  p99 ${figures.p99.toFixed(2)} ms  ` +
      `(${figures.count} ${unit}; budget p99 < ${budgetP99Ms} ms: ${within ? 'PASS' : 'FAIL'})`,
  );
  return within;
}
