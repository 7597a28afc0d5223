import { describe, expect, it } from 'vitest';
import { formatCountdown, msUntil, paymentOutcome, unpaidMessage } from './gateway-payment';

describe('a gateway payment', () => {
  it('is pending, paid, or ended unpaid with a reason', () => {
    expect(paymentOutcome('PENDING')).toBe('pending');
    expect(paymentOutcome('PAID')).toBe('paid');
    for (const status of ['FAILED', 'EXPIRED', 'CANCELLED'] as const) {
      expect(paymentOutcome(status)).toBe('failed');
      expect(unpaidMessage(status)).toMatch(/^The payment /);
    }
    expect(unpaidMessage('PAID')).toBeNull();
  });

  it('is under review, not failed, when paid with another amount, until finance decides', () => {
    expect(paymentOutcome('UNDER_REVIEW')).toBe('review');
    expect(unpaidMessage('UNDER_REVIEW')).toBeNull();
    expect(paymentOutcome('REJECTED')).toBe('failed');
    expect(unpaidMessage('REJECTED')).toBe(
      'Finance did not credit this payment. See your requests for why.',
    );
  });

  it('counts down to its expiry, never below zero', () => {
    const now = Date.parse('2026-03-01T10:00:00.000Z');
    expect(msUntil('2026-03-01T10:05:00.000Z', now)).toBe(300_000);
    expect(msUntil('2026-03-01T09:59:00.000Z', now)).toBe(0);
    expect(msUntil('not a time', now)).toBe(0);
    expect(formatCountdown(300_000)).toBe('5:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(3_725_000)).toBe('1:02:05');
  });
});
