import { describe, expect, it } from 'vitest';
import { dayRange, RANGE_BACKWARDS_MESSAGE } from './day-range';

describe('dayRange', () => {
  it('passes calendar days through, leaving out empty or unreadable bounds', () => {
    expect(dayRange({ from: '2026-03-01', to: '2026-03-07' })).toEqual({
      ok: true,
      from: '2026-03-01',
      to: '2026-03-07',
    });
    expect(dayRange({ from: '', to: '03/07/2026' })).toEqual({ ok: true });
  });

  it('takes a one-day range and refuses one that runs backwards', () => {
    expect(dayRange({ from: '2026-03-05', to: '2026-03-05' }).ok).toBe(true);
    expect(dayRange({ from: '2026-03-05', to: '2026-03-01' })).toEqual({
      ok: false,
      message: RANGE_BACKWARDS_MESSAGE,
    });
  });
});
