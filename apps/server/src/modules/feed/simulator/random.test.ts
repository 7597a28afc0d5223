import { describe, expect, it } from 'vitest';
import { Random } from './random';

const draws = (random: Random, count: number) => Array.from({ length: count }, () => random.next());

describe('Random', () => {
  it('repeats its stream for a seed and changes it for another', () => {
    expect(draws(new Random(42), 50)).toEqual(draws(new Random(42), 50));
    expect(draws(new Random(42), 50)).not.toEqual(draws(new Random(43), 50));
  });

  it('draws uniforms in [0, 1) and whole numbers within their bounds', () => {
    const random = new Random(7);
    const uniforms = draws(random, 5_000);
    expect(Math.min(...uniforms)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...uniforms)).toBeLessThan(1);
    expect(uniforms.reduce((sum, u) => sum + u, 0) / uniforms.length).toBeCloseTo(0.5, 1);
    const ints = Array.from({ length: 2_000 }, () => random.int(6, 10));
    expect(new Set(ints)).toEqual(new Set([6, 7, 8, 9, 10]));
  });

  it('samples distinct items and weights its choices', () => {
    const random = new Random(3);
    const sample = random.sample(['a', 'b', 'c', 'd', 'e'], 3);
    expect(new Set(sample).size).toBe(3);
    const counts = [0, 0, 0];
    for (let i = 0; i < 3_000; i++) {
      const index = random.weighted([1, 0, 3]);
      counts[index] = (counts[index] ?? 0) + 1;
    }
    expect(counts[1]).toBe(0);
    expect((counts[2] ?? 0) / 3_000).toBeCloseTo(0.75, 1);
  });

  it('forks an independent stream without repeating the parent', () => {
    const parent = new Random(9);
    const child = parent.fork();
    expect(draws(child, 20)).not.toEqual(draws(parent, 20));
    expect(draws(new Random(9).fork(), 20)).toEqual(draws(new Random(9).fork(), 20));
  });
});
