import { describe, expect, it } from 'vitest';
import {
  ADJUSTMENT_MESSAGES,
  AdjustmentKeys,
  adjustmentRequest,
  EMPTY_ADJUSTMENT,
  newIdempotencyKey,
} from './adjustment-form';

const PLAYER_ID = '6f1c2a3b-4d5e-4f60-8a7b-000000000001';

/** Keys from a counter, so a test reads which key a request got. */
function countedKeys() {
  let n = 0;
  return new AdjustmentKeys(() => `adjustment-key-${++n}`);
}

describe('adjustmentRequest', () => {
  it('signs the amount by the direction chosen, with a key of its own', () => {
    const fields = {
      playerId: PLAYER_ID,
      amount: '1,500.50',
      reason: ' Refund of a lost deposit ',
    };
    expect(adjustmentRequest({ ...fields, direction: 'credit' }, countedKeys())).toEqual({
      input: {
        playerId: PLAYER_ID,
        amount: 1500.5,
        reason: 'Refund of a lost deposit',
        idempotencyKey: 'adjustment-key-1',
      },
      errors: null,
    });
    expect(adjustmentRequest({ ...fields, direction: 'debit' }, countedKeys()).input.amount).toBe(
      -1500.5,
    );
  });

  it('asks for a player, an amount above zero and a reason', () => {
    expect(adjustmentRequest(EMPTY_ADJUSTMENT, countedKeys()).errors).toEqual({
      playerId: ADJUSTMENT_MESSAGES.choosePlayer,
      amount: 'Enter an amount',
      reason: 'Write a reason of at least 5 characters',
    });
    const signed = adjustmentRequest(
      { ...EMPTY_ADJUSTMENT, playerId: PLAYER_ID, amount: '-200', reason: 'Goodwill credit' },
      countedKeys(),
    );
    expect(signed.errors).toEqual({ amount: ADJUSTMENT_MESSAGES.unsigned });
  });

  it('keeps the contract’s bounds, such as two decimals', () => {
    const { errors } = adjustmentRequest(
      { playerId: PLAYER_ID, direction: 'credit', amount: '10.005', reason: 'Rounding fix' },
      countedKeys(),
    );
    expect(errors).toEqual({ amount: 'Amounts have at most two decimals' });
  });
});

describe('the keys of adjustments', () => {
  const submission = { playerId: PLAYER_ID, amount: 250, reason: 'Goodwill after an outage' };

  it('keeps a key for the same adjustment sent again until it succeeds, then starts a new one', () => {
    const keys = countedKeys();
    const first = keys.keyFor(submission);
    // Asked for but never sent (the operator went back): nothing to keep.
    expect(keys.keyFor(submission)).not.toBe(first);
    keys.sent(submission, first);
    expect(keys.keyFor({ ...submission })).toBe(first);
    expect(keys.keyFor(submission)).toBe(first);
    keys.succeeded();
    expect(keys.keyFor(submission)).not.toBe(first);
  });

  it('gives another adjustment a new key, even while one is unfinished', () => {
    const keys = countedKeys();
    const first = keys.keyFor(submission);
    keys.sent(submission, first);
    for (const changed of [
      { ...submission, amount: -250 },
      { ...submission, reason: 'Another reason' },
      { ...submission, playerId: '6f1c2a3b-4d5e-4f60-8a7b-000000000002' },
    ]) {
      expect(keys.keyFor(changed)).not.toBe(first);
    }
    expect(keys.keyFor(submission)).toBe(first);
  });

  it('makes keys the contract takes, each different', () => {
    const made = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(made.size).toBe(50);
    for (const made1 of made) expect(made1).toMatch(/^[0-9a-f]{32}$/);
  });
});
