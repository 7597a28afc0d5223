/**
 * A small seeded random source (mulberry32). Every random choice of the simulator goes through
 * one of these, never Math.random, so a seed replays the same feed. Each fixture forks its own
 * stream, so what one match draws never shifts what another match does.
 */

export class Random {
  private state: number;

  constructor(seed: number) {
    // Any finite number is a seed; fractions and negatives fold into 32 bits.
    this.state = Math.trunc(Number.isFinite(seed) ? seed : 0) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `probability`. */
  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** A standard normal draw (Box–Muller; two uniforms per draw keeps the stream simple). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** One item, uniformly. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('Cannot pick from an empty list');
    return item;
  }

  /** An index chosen with probability proportional to its weight. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let remaining = this.next() * total;
    for (let index = 0; index < weights.length; index++) {
      remaining -= weights[index] ?? 0;
      if (remaining < 0) return index;
    }
    return weights.length - 1;
  }

  /** `count` distinct items in random order (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) {
      const [item] = pool.splice(Math.floor(this.next() * pool.length), 1);
      if (item !== undefined) chosen.push(item);
    }
    return chosen;
  }

  /** The stream's whole state: `new Random(state)` continues it exactly from here. */
  saveState(): number {
    return this.state;
  }

  /** An independent stream, seeded from this one. */
  fork(): Random {
    return new Random(Math.floor(this.next() * 4_294_967_296));
  }
}
