import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue';

describe('EventQueue', () => {
  it('pops by time, and events due together in the order they were pushed', () => {
    const queue = new EventQueue<string>();
    const pushes: [number, string][] = [
      [30, 'c1'],
      [10, 'a1'],
      [20, 'b1'],
      [10, 'a2'],
      [30, 'c2'],
      [10, 'a3'],
      [5, 'first'],
    ];
    for (const [atMs, item] of pushes) queue.push(atMs, item);
    expect(queue.peekTime()).toBe(5);
    const popped: string[] = [];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) popped.push(next.item);
    expect(popped).toEqual(['first', 'a1', 'a2', 'a3', 'b1', 'c1', 'c2']);
    expect(queue.size).toBe(0);
    expect(queue.peekTime()).toBeUndefined();
  });

  it('keeps its order across many interleaved pushes and pops', () => {
    const queue = new EventQueue<number>();
    const popped: number[] = [];
    for (let i = 0; i < 500; i++) {
      queue.push((i * 7919) % 101, i);
      if (i % 3 === 0) popped.push(queue.pop()?.atMs ?? -1);
    }
    const rest: number[] = [];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) rest.push(next.atMs);
    expect(rest).toEqual([...rest].sort((a, b) => a - b));
    expect(popped.length + rest.length).toBe(500);
  });
});
