import { describe, expect, it } from 'vitest';
import {
  createSimulator,
  restoreSimulator,
  type FeedUpdate,
  type ResumableSimulator,
  type SimulatorSnapshot,
} from './index';

const START = new Date('2025-03-01T12:00:00Z');
/** Three eight-hour feeds, every ball of every cricket match suspending and reopening markets. */
const SLOW = { timeout: 120_000 };
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The updates of each step of `stepMs` from `fromMs` for `durationMs`, stamped with the step. */
function play(
  simulator: ResumableSimulator,
  fromMs: number,
  durationMs: number,
  stepMs: number,
): { atMs: number; update: FeedUpdate }[] {
  const updates: { atMs: number; update: FeedUpdate }[] = [];
  for (let atMs = fromMs + stepMs; atMs <= fromMs + durationMs; atMs += stepMs) {
    for (const update of simulator.advance(new Date(atMs))) updates.push({ atMs, update });
  }
  return updates;
}

/** A simulator advanced from START to `pauseMs` in steps, as a live feed would have. */
function runTo(seed: number, pauseMs: number): ResumableSimulator {
  const simulator = createSimulator({ seed, start: START });
  for (let atMs = START.getTime(); atMs < pauseMs; atMs += 45_000) {
    simulator.advance(new Date(atMs));
  }
  simulator.advance(new Date(pauseMs));
  return simulator;
}

/** Where two feeds part, or null: a short message instead of a diff of thousands of updates. */
function firstDifference<T>(actual: readonly T[], expected: readonly T[]) {
  for (let index = 0; index < Math.max(actual.length, expected.length); index++) {
    if (JSON.stringify(actual[index]) !== JSON.stringify(expected[index])) {
      return { index, actual: actual[index], expected: expected[index] };
    }
  }
  return null;
}

/** Through JSON and back, as the snapshot is stored. */
const stored = (snapshot: SimulatorSnapshot): SimulatorSnapshot =>
  JSON.parse(JSON.stringify(snapshot)) as SimulatorSnapshot;

describe('resuming the simulator', () => {
  it.each([
    [7, 'the start', 0],
    [7, '37 minutes', 37 * MINUTE_MS],
    [2025, '5 hours', 5 * HOUR_MS],
    [2025, '26 hours', 26 * HOUR_MS],
  ])(
    'seed %i stopped after %s: resumed, it publishes what the uninterrupted one does',
    SLOW,
    (seed, _pause, pauseAfterMs) => {
      const pauseMs = START.getTime() + pauseAfterMs;
      const uninterrupted = runTo(seed, pauseMs);
      const fromSnapshot = restoreSimulator(stored(uninterrupted.snapshot()));
      const replayed = createSimulator({ seed, start: START });
      replayed.skipTo(new Date(pauseMs));

      const expected = play(uninterrupted, pauseMs, 8 * HOUR_MS, 7_919);
      expect(expected.filter(({ update }) => update.kind === 'result').length).toBeGreaterThan(10);
      expect(firstDifference(play(fromSnapshot, pauseMs, 8 * HOUR_MS, 7_919), expected)).toBeNull();
      expect(firstDifference(play(replayed, pauseMs, 8 * HOUR_MS, 7_919), expected)).toBeNull();
      expect(fromSnapshot.fixtures()).toEqual(uninterrupted.fixtures());
    },
  );

  it('skips silently: skipping to a time then advancing equals advancing throughout', () => {
    const pauseMs = START.getTime() + 3 * HOUR_MS;
    const advanced = createSimulator({ seed: 11, start: START });
    advanced.advance(new Date(pauseMs));
    const skipped = createSimulator({ seed: 11, start: START });
    skipped.skipTo(new Date(pauseMs));
    // Nothing is published again, not even the first picture of every fixture.
    expect(skipped.advance(new Date(pauseMs))).toEqual([]);
    expect(skipped.snapshot()).toEqual(advanced.snapshot());
  });

  it('restores a simulator that has published nothing yet, first picture included', () => {
    const fresh = createSimulator({ seed: 3, start: START, fixturesPerSport: 2 });
    const restored = restoreSimulator(stored(fresh.snapshot()));
    const first = fresh.advance(START);
    expect(first.some((update) => update.kind === 'fixture')).toBe(true);
    expect(restored.advance(START)).toEqual(first);
  });

  it('saves the same snapshot again after a restore', () => {
    const simulator = runTo(5, START.getTime() + 9 * HOUR_MS);
    const snapshot = stored(simulator.snapshot());
    expect(restoreSimulator(snapshot).snapshot()).toEqual(snapshot);
    // Cricket lines in play have left run values behind, which the snapshot keeps to settle.
    const sessions = snapshot.fixtures.flatMap((fixture) => fixture.sessions);
    expect(sessions.some((session) => session.values.length > session.quoted.length)).toBe(true);
    // A snapshot is small: the live fixtures and their draws, not the run's history.
    expect(JSON.stringify(snapshot).length).toBeLessThan(100_000);
  });

  it('refuses a snapshot the code cannot build again', () => {
    const snapshot = stored(runTo(5, START.getTime() + HOUR_MS).snapshot());
    const [first] = snapshot.fixtures;
    if (first === undefined) throw new Error('no fixture');
    expect(() =>
      restoreSimulator({ ...snapshot, fixtures: [{ ...first, title: 'Someone v Else' }] }),
    ).toThrow(/cannot be built again/);
    expect(() =>
      restoreSimulator({ ...snapshot, version: 2 } as unknown as SimulatorSnapshot),
    ).toThrow(/version/);
  });
});
