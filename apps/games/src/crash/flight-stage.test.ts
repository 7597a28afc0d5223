import { describe, expect, it } from 'vitest';
import { CENTI, elapsedMsToReach, multiplierCentiAt } from '@backlay/contract/crash-fairness';
import { axisTicks, flightPicture, MIN_SPAN_MS } from './flight-geometry';
import { readStage } from './flight-stage';
import { betting, crashed, NOW, running } from './test/fixtures';

const SIZE = { width: 360, height: 240, padLeft: 34, padBottom: 22 };

describe('what the stage shows at a moment of the server’s clock', () => {
  it('counts the betting window down from its end on the server’s clock', () => {
    const round = betting(); // ends at NOW + 5 s
    expect(readStage(round, NOW + 1_000, 5_000).countdown).toEqual({ seconds: 4, share: 0.8 });
    expect(readStage(round, NOW + 4_950, 5_000).countdown).toEqual({
      seconds: 0.1,
      share: 0.01,
    });
    expect(readStage(round, NOW + 9_000, 5_000).countdown).toEqual({ seconds: 0, share: 0 });
  });

  it('reads the multiplier from the round’s start, as the server computes it', () => {
    for (const ms of [0, 150, 11_553, 38_376]) {
      expect(readStage(running(), NOW + ms, 5_000)).toMatchObject({
        elapsedMs: ms,
        centi: multiplierCentiAt(ms),
        crashed: false,
      });
    }
    // A phone whose clock reads before the start shows 1.00×, never less.
    expect(readStage(running(), NOW - 500, 5_000).centi).toBe(CENTI);
  });

  it('holds a crashed round at its crash point', () => {
    const reading = readStage(crashed('r', 235), NOW + 20_000, 5_000);
    expect(reading).toMatchObject({ centi: 235, crashed: true });
    expect(reading.elapsedMs).toBe(elapsedMsToReach(235));
    expect(reading.sinceCrashMs).toBe(20_000 - 14_240);
  });

  it('shows nothing moving while the table is paused or unknown', () => {
    const paused = { phase: 'PAUSED', reason: 'MAINTENANCE', message: '' } as const;
    for (const round of [paused, null]) {
      expect(readStage(round, NOW, 5_000)).toEqual({
        elapsedMs: 0,
        centi: CENTI,
        crashed: false,
        sinceCrashMs: 0,
        countdown: null,
      });
    }
  });
});

describe('the flight’s picture', () => {
  it('rises from the bottom left to the plane, inside the stage, never falling', () => {
    for (const ms of [500, 5_000, 20_000, 60_000]) {
      const centi = multiplierCentiAt(ms);
      const { points, plane, spanMs } = flightPicture(ms, centi, SIZE);
      expect(spanMs).toBeGreaterThanOrEqual(Math.max(MIN_SPAN_MS, ms));
      expect(points[0]).toEqual({ x: SIZE.padLeft, y: SIZE.height - SIZE.padBottom });
      expect(points.at(-1)).toEqual({ x: plane.x, y: plane.y });
      for (const [index, point] of points.entries()) {
        expect(point.x).toBeGreaterThanOrEqual(SIZE.padLeft);
        expect(point.x).toBeLessThanOrEqual(SIZE.width);
        expect(point.y).toBeGreaterThanOrEqual(0);
        expect(point.y).toBeLessThanOrEqual(SIZE.height - SIZE.padBottom);
        const before = points[index - 1];
        if (before) expect(point.y).toBeLessThanOrEqual(before.y + 1e-9);
      }
      // Climbing: the nose points up.
      expect(plane.angle).toBeLessThanOrEqual(0);
    }
  });

  it('puts round numbers on its scale', () => {
    expect(axisTicks(100, 200, 4)).toEqual([100, 150, 200]);
    expect(axisTicks(0, 8_000, 5)).toEqual([0, 2_000, 4_000, 6_000, 8_000]);
  });
});
