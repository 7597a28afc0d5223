import { describe, expect, it } from 'vitest';
import { dayToUnixSeconds, formatDay } from './days';

describe('the UTC days', () => {
  it('start at midnight UTC', () => {
    expect(dayToUnixSeconds('2026-05-01')).toBe(Date.UTC(2026, 4, 1) / 1000);
  });

  it('are labelled as the UTC day, whatever the operator’s time zone', () => {
    expect(formatDay('2026-05-01')).toBe('01 May');
    expect(formatDay('not a day')).toBe('not a day');
  });
});
