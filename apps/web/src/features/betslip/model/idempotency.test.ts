import { IDEMPOTENCY_KEY_RULE } from '@backlay/contract/bets';
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from '../../../shared/ids/idempotency-key';
import { SubmissionKeys, type BetSubmission } from './idempotency';

const bet: BetSubmission = { marketId: '1.1', runnerId: 1, side: 'BACK', price: 2, stake: 100 };

function counter() {
  let n = 0;
  return () => `key-${++n}-abcdef`;
}

describe('idempotency keys', () => {
  it('are 32 hex digits the contract accepts, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(IDEMPOTENCY_KEY_RULE.test(a)).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('a retry of the same bet after a network error reuses its key', () => {
    const keys = new SubmissionKeys(counter());
    const first = keys.keyFor(bet);
    keys.settle(bet, first, true);
    expect(keys.isRetry(bet)).toBe(true);
    expect(keys.keyFor({ ...bet })).toBe(first);
  });

  it('a changed bet, or one after a definite answer, gets a new key', () => {
    const keys = new SubmissionKeys(counter());
    const first = keys.keyFor(bet);
    keys.settle(bet, first, true);
    expect(keys.keyFor({ ...bet, stake: 200 })).not.toBe(first);
    keys.settle(bet, first, false);
    expect(keys.keyFor(bet)).not.toBe(first);
  });
});
