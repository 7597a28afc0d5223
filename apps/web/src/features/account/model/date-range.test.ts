import { describe, expect, it } from 'vitest';
import { isoRange, RANGE_BACKWARDS_MESSAGE } from './date-range';

describe('isoRange', () => {
  it('runs from the start of the first day to the end of the last, in local time', () => {
    const range = isoRange({ from: '2026-03-01', to: '2026-03-02' });
    expect(range).toEqual({
      ok: true,
      fromDate: new Date(2026, 2, 1, 0, 0, 0, 0).toISOString(),
      toDate: new Date(2026, 2, 2, 23, 59, 59, 999).toISOString(),
    });
  });

  it('leaves out an empty bound', () => {
    expect(isoRange({ from: '', to: '' })).toEqual({ ok: true });
  });

  it('refuses a range that runs backwards', () => {
    expect(isoRange({ from: '2026-03-05', to: '2026-03-01' })).toEqual({
      ok: false,
      message: RANGE_BACKWARDS_MESSAGE,
    });
  });
});
