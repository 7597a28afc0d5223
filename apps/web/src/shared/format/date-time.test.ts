import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDateTime,
  formatEventStart,
  formatIndiaTime,
  withReadableTimes,
} from './date-time';

const KOLKATA = { timeZone: 'Asia/Kolkata' };
const LONDON = { timeZone: 'Europe/London' };
/** 23 Nov 2026, 10:00 in India (04:30 UTC). */
const NOW = new Date('2026-11-23T04:30:00Z');
/** 23 Nov 2026, 21:39 in India: 16:09 in London's winter. */
const RACE = '2026-11-23T16:09:00.000Z';

describe('formatEventStart', () => {
  it('shows a start on the player’s 24-hour clock, with Today, Tomorrow or the date', () => {
    expect(formatEventStart(RACE, { ...KOLKATA, now: NOW })).toBe('Today 21:39');
    expect(formatEventStart('2026-11-24T04:00:00Z', { ...KOLKATA, now: NOW })).toBe(
      'Tomorrow 09:30',
    );
    expect(formatEventStart('2026-11-25T16:09:00Z', { ...KOLKATA, now: NOW })).toBe(
      '25 Nov, 21:39',
    );
    expect(formatEventStart('2027-01-03T16:09:00Z', { ...KOLKATA, now: NOW })).toBe(
      '3 Jan 2027, 21:39',
    );
  });

  it('counts days on the player’s own calendar', () => {
    // 23:50 UTC on the 23rd is already the 24th in India, still the 23rd in London.
    const lateUtc = '2026-11-23T23:50:00Z';
    expect(formatEventStart(lateUtc, { ...KOLKATA, now: NOW })).toBe('Tomorrow 05:20');
    expect(formatEventStart(lateUtc, { ...LONDON, now: NOW })).toBe('Today 23:50');
  });

  it('prints midnight as 00, never 24, and no am or pm', () => {
    expect(formatEventStart('2026-11-23T18:30:00Z', { ...KOLKATA, now: NOW })).toBe(
      'Tomorrow 00:00',
    );
    expect(formatEventStart(RACE, { ...KOLKATA, now: NOW })).not.toMatch(/am|pm/i);
  });

  it('shows a race titled 21:39 at a Kolkata course as 21:39 to a player in India', () => {
    // The feed names a race by its start on the course's clock.
    const titleTime = '21:39 Kolkata (IND) 1200m'.split(' ')[0];
    expect(formatEventStart(RACE, { ...KOLKATA, now: NOW })).toBe(`Today ${titleTime}`);
    // The venue's zone, when it is the player's, adds nothing.
    expect(formatEventStart(RACE, { ...KOLKATA, venueTimeZone: 'Asia/Kolkata', now: NOW })).toBe(
      `Today ${titleTime}`,
    );
  });

  it('adds the player’s time where the venue’s clock differs, as DST moves it', () => {
    const inIndia = { venueTimeZone: 'Asia/Kolkata', now: NOW };
    // London keeps GMT in November and BST in June; India keeps no daylight saving.
    expect(formatEventStart(RACE, { ...LONDON, ...inIndia })).toBe(
      'Today 21:39 local, 16:09 your time',
    );
    expect(
      formatEventStart('2026-06-10T16:09:00Z', {
        ...LONDON,
        venueTimeZone: 'Asia/Kolkata',
        now: new Date('2026-06-10T04:30:00Z'),
      }),
    ).toBe('Today 21:39 local, 17:09 your time');
    // Across midnight each side names its own day.
    expect(formatEventStart('2026-11-23T19:30:00Z', { ...LONDON, ...inIndia })).toBe(
      'Tomorrow 01:00 local, Today 19:30 your time',
    );
  });

  it('passes on text that is no time', () => {
    expect(formatEventStart('In-Play')).toBe('In-Play');
  });
});

describe('the other formats', () => {
  it('gives dated times and clock times on a 24-hour clock', () => {
    expect(formatDateTime(RACE, KOLKATA)).toBe('23 Nov 2026, 21:39');
    expect(formatDateTime(RACE, LONDON)).toBe('23 Nov 2026, 16:09');
    expect(formatClockTime('2026-11-23T16:09:05Z', KOLKATA)).toBe('21:39:05');
    expect(formatIndiaTime(RACE)).toBe('23 Nov, 21:39 IST');
    expect(formatIndiaTime(RACE, { withYear: true })).toBe('23 Nov 2026, 21:39 IST');
  });

  it('reads the ISO instants inside server text', () => {
    expect(withReadableTimes('Starts 2026-11-23T18:35:00.000Z', { ...KOLKATA, now: NOW })).toBe(
      'Starts Tomorrow 00:05',
    );
    expect(withReadableTimes('Starts 2026-11-23T18:35+05:30', { ...KOLKATA, now: NOW })).toBe(
      'Starts Today 18:35',
    );
    expect(withReadableTimes('IND 152/4 (17.2) v AUS 180/7')).toBe('IND 152/4 (17.2) v AUS 180/7');
  });
});
