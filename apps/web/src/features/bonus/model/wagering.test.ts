import { describe, expect, it } from 'vitest';
import { timeLeft, wageringLeft, wageringShare } from './wagering';

describe('wageringShare', () => {
  it('is the stakes counted over the requirement', () => {
    expect(wageringShare(250, 1000)).toBe(0.25);
    expect(wageringShare(0, 1000)).toBe(0);
  });

  it('stops at done, and a bonus with nothing to wager is done', () => {
    expect(wageringShare(1500, 1000)).toBe(1);
    expect(wageringShare(0, 0)).toBe(1);
  });
});

describe('wageringLeft', () => {
  it('counts to the paisa and never goes below zero', () => {
    expect(wageringLeft(100.1, 1000)).toBe(899.9);
    expect(wageringLeft(0.7, 0.9)).toBe(0.2);
    expect(wageringLeft(1200, 1000)).toBe(0);
  });
});

describe('timeLeft', () => {
  const now = Date.parse('2026-11-29T10:00:00Z');

  it('splits what is left into days, hours, minutes and seconds', () => {
    expect(timeLeft('2026-12-01T13:04:05Z', now)).toEqual({
      over: false,
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });

  it('is over once the moment has passed', () => {
    expect(timeLeft('2026-11-29T09:59:59Z', now)).toEqual({
      over: true,
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });
});
