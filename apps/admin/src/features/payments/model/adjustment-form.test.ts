import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_MESSAGES, adjustmentRequest, EMPTY_ADJUSTMENT } from './adjustment-form';

const PLAYER_ID = '6f1c2a3b-4d5e-4f60-8a7b-000000000001';

describe('adjustmentRequest', () => {
  it('signs the amount by the direction chosen', () => {
    const fields = {
      playerId: PLAYER_ID,
      amount: '1,500.50',
      reason: ' Refund of a lost deposit ',
    };
    expect(adjustmentRequest({ ...fields, direction: 'credit' })).toEqual({
      input: { playerId: PLAYER_ID, amount: 1500.5, reason: 'Refund of a lost deposit' },
      errors: null,
    });
    expect(adjustmentRequest({ ...fields, direction: 'debit' }).input.amount).toBe(-1500.5);
  });

  it('asks for a player, an amount above zero and a reason', () => {
    expect(adjustmentRequest(EMPTY_ADJUSTMENT).errors).toEqual({
      playerId: ADJUSTMENT_MESSAGES.choosePlayer,
      amount: 'Enter an amount',
      reason: 'Write a reason of at least 5 characters',
    });
    const signed = adjustmentRequest({
      ...EMPTY_ADJUSTMENT,
      playerId: PLAYER_ID,
      amount: '-200',
      reason: 'Goodwill credit',
    });
    expect(signed.errors).toEqual({ amount: ADJUSTMENT_MESSAGES.unsigned });
  });

  it('keeps the contract’s bounds, such as two decimals', () => {
    const { errors } = adjustmentRequest({
      playerId: PLAYER_ID,
      direction: 'credit',
      amount: '10.005',
      reason: 'Rounding fix',
    });
    expect(errors).toEqual({ amount: 'Amounts have at most two decimals' });
  });
});
