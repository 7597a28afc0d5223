import { describe, expect, it } from 'vitest';
import { buildGamblingSettings } from '../test/gambling-fixtures';
import { limitsSavedMessage, pendingText, usedText } from './limit-text';

// 14:30 in India is 09:00 UTC.
const TOMORROW = '2026-11-26T09:00:00.000Z';

describe('usedText', () => {
  it('says what each window has taken, in rupees without empty paise', () => {
    expect(usedText('deposit', 'day', 2_500)).toBe('Deposited ₹2,500 in the last 24 hours');
    expect(usedText('loss', 'month', 1_234.5)).toBe('Lost ₹1,234.50 net in the last 30 days');
  });
});

describe('pendingText', () => {
  it('says when a raise or a removal applies, in India time', () => {
    expect(pendingText({ amount: 5_000, from: TOMORROW })).toBe(
      'Rises to ₹5,000 on 26 Nov, 14:30 IST',
    );
    expect(pendingText({ amount: null, from: '2026-11-26T18:35:00Z' })).toBe(
      'Removed on 27 Nov, 00:05 IST',
    );
  });
});

describe('limitsSavedMessage', () => {
  it('tells apart what applied at once from what waits 24 hours', () => {
    const before = buildGamblingSettings({
      deposit: { day: { amount: 2_000 }, week: { amount: 10_000 } },
    });
    const after = buildGamblingSettings({
      deposit: {
        day: { amount: 1_000 },
        week: { amount: 10_000, pending: { amount: 15_000, from: TOMORROW } },
      },
      loss: { day: { amount: 500 }, month: { amount: 5_000 } },
    });
    expect(limitsSavedMessage(before, after)).toEqual({
      changed: true,
      message:
        'Applied now: 24-hour deposit limit ₹1,000; 24-hour loss limit ₹500; 30-day loss limit ₹5,000. ' +
        'From 26 Nov, 14:30 IST, after the 24-hour wait: 7-day deposit limit ₹15,000.',
    });
  });

  it('says a removal waits, and a waiting change the save withdrew', () => {
    const before = buildGamblingSettings({
      deposit: { day: { amount: 1_000, pending: { amount: 5_000, from: TOMORROW } } },
      loss: { week: { amount: 3_000 } },
    });
    const after = buildGamblingSettings({
      deposit: { day: { amount: 1_000 } },
      loss: { week: { amount: 3_000, pending: { amount: null, from: TOMORROW } } },
    });
    expect(limitsSavedMessage(before, after).message).toBe(
      'From 26 Nov, 14:30 IST, after the 24-hour wait: 7-day loss limit removed. ' +
        'Withdrawn: the waiting change to the 24-hour deposit limit.',
    );
  });

  it('does not repeat a raise that was already waiting', () => {
    const settings = buildGamblingSettings({
      deposit: { day: { amount: 1_000, pending: { amount: 5_000, from: TOMORROW } } },
    });
    expect(limitsSavedMessage(settings, structuredClone(settings))).toEqual({
      changed: false,
      message: 'Nothing changed: your limits are as they were.',
    });
  });
});
