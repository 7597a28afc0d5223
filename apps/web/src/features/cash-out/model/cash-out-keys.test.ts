import { describe, expect, it } from 'vitest';
import { buildQuote } from '../../../shared/test/cash-out-fixtures';
import { CashOutKeys } from './cash-out-keys';
import { cashOutSubmission } from './cash-out-offer';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('the keys of cash out confirmations', () => {
  const submission = cashOutSubmission('1.101', buildQuote());

  it('gives every confirmation a new key after a definite answer', () => {
    const keys = new CashOutKeys(counter());
    const first = keys.keyFor(submission);
    keys.settle(submission, first, false);
    expect(keys.keyFor(submission)).not.toBe(first);
  });

  it('keeps the key for a retry of the same orders after an answer that may not have come', () => {
    const keys = new CashOutKeys(counter());
    const first = keys.keyFor(submission);
    keys.settle(submission, first, true);
    expect(keys.keyFor(submission)).toBe(first);
    expect(keys.keyFor({ ...submission })).toBe(first);
  });

  it('starts a new key when the orders or the share differ from the one to retry', () => {
    const keys = new CashOutKeys(counter());
    const first = keys.keyFor(submission);
    keys.settle(submission, first, true);
    const requoted = cashOutSubmission('1.101', buildQuote({ orders: [] }));
    expect(keys.keyFor(requoted)).not.toBe(first);
    expect(keys.keyFor({ ...submission, fraction: 0.5 })).not.toBe(first);
  });

  it('makes keys the server accepts by default', () => {
    expect(new CashOutKeys().keyFor(submission)).toMatch(/^[A-Za-z0-9_-]{8,80}$/);
  });
});
