import { describe, expect, it } from 'vitest';
import { nextWaiting } from './next-waiting';

const item = (id: string, waiting = true) => ({ id, waiting });
const waits = (i: { waiting: boolean }) => i.waiting;

describe('the request a queue moves on to', () => {
  it('is the next one waiting after the decided one', () => {
    const items = [item('a'), item('b', false), item('c'), item('d')];
    expect(nextWaiting(items, 'a', waits)?.id).toBe('c');
    expect(nextWaiting(items, 'c', waits)?.id).toBe('d');
  });

  it('goes back to one skipped earlier when none waits after it', () => {
    const items = [item('a'), item('b'), item('c')];
    expect(nextWaiting(items, 'c', waits)?.id).toBe('a');
  });

  it('is none when nothing else waits, and never the decided one', () => {
    expect(nextWaiting([item('a'), item('b', false)], 'a', waits)).toBeNull();
    expect(nextWaiting([item('a')], 'a', waits)).toBeNull();
    // A list read again without the decided one: the first waiting.
    expect(nextWaiting([item('b', false), item('c')], 'a', waits)?.id).toBe('c');
  });
});
