import { describe, expect, it } from 'vitest';
import { breakEnd } from './responsible-gambling';

const START = new Date('2026-01-31T09:00:00.000Z');

describe('breakEnd', () => {
  it('counts a time-out in days', () => {
    expect(breakEnd('DAY', START).toISOString()).toBe('2026-02-01T09:00:00.000Z');
    expect(breakEnd('SIX_WEEKS', START).toISOString()).toBe('2026-03-14T09:00:00.000Z');
  });

  it('counts self-exclusion in calendar months, as the server does', () => {
    expect(breakEnd('SIX_MONTHS', START).toISOString()).toBe('2026-07-31T09:00:00.000Z');
    expect(breakEnd('FIVE_YEARS', START).toISOString()).toBe('2031-01-31T09:00:00.000Z');
  });
});
