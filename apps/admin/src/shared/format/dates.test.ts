import { describe, expect, it } from 'vitest';
import { formatShortDateTime } from './dates';

describe('a time in a narrow column', () => {
  // Times built in the test's own zone, as the console shows them in the operator's.
  const at = (y: number, m: number, d: number, h: number, min: number, s = 0) =>
    new Date(y, m - 1, d, h, min, s).toISOString();
  const now = new Date(2026, 10, 29, 12, 0).getTime();

  it('reads to the minute, without this year', () => {
    expect(formatShortDateTime(at(2026, 11, 29, 1, 2, 44), now)).toBe('29 Nov, 01:02');
  });

  it('names another year', () => {
    expect(formatShortDateTime(at(2025, 12, 31, 23, 59), now)).toBe('31 Dec 2025, 23:59');
  });

  it('shows nothing known as a dash, and what is not a time as it came', () => {
    expect(formatShortDateTime(null, now)).toBe('—');
    expect(formatShortDateTime('soon', now)).toBe('soon');
  });
});
