import { describe, expect, it } from 'vitest';
import { breakFormErrors, breakStartedMessage } from './break-periods';

describe('breakFormErrors', () => {
  it('wants a length and the password, with the contract’s messages', () => {
    expect(breakFormErrors('SELF_EXCLUSION', { period: null, password: '' })).toEqual({
      period: 'Choose how long the exclusion lasts',
      password: 'Enter your password to confirm',
    });
    expect(breakFormErrors('TIME_OUT', { period: null, password: 'x' })).toEqual({
      period: 'Choose how long the break lasts',
    });
    expect(breakFormErrors('TIME_OUT', { period: 'WEEK', password: ' secret ' })).toEqual({});
  });

  it('refuses a length of the other kind of break', () => {
    expect(breakFormErrors('TIME_OUT', { period: 'FIVE_YEARS', password: 'x' })).toHaveProperty(
      'period',
    );
  });
});

describe('breakStartedMessage', () => {
  it('says until when, in India time with the year', () => {
    expect(breakStartedMessage({ kind: 'TIME_OUT', until: '2026-12-03T09:00:00.000Z' })).toBe(
      'Your time-out has started and ends on 3 Dec 2026, 14:30 IST. You have been logged out.',
    );
    expect(breakStartedMessage({ kind: 'SELF_EXCLUSION', until: '2027-11-26T09:00:00.000Z' })).toBe(
      'You have excluded yourself until 26 Nov 2027, 14:30 IST. You have been logged out.',
    );
  });
});
