import { decideDepositRoute, decideWithdrawalRoute } from '@backlay/contract/admin-calls';
import { describe, expect, it } from 'vitest';
import { requestErrors } from '../../../shared/forms/request-errors';
import {
  depositApproval,
  depositRejection,
  depositSecondApproval,
  withdrawalPaid,
  withdrawalRejection,
} from './decisions';

const REQUEST = { id: '3f6c1e2a-9b7d-4c5e-8f10-2a3b4c5d6e7f', amount: 5000 };

describe('a deposit’s approval', () => {
  it('leaves the amount out when it is what the player asked for', () => {
    expect(depositApproval(REQUEST, '5,000', '  ')).toEqual({
      id: REQUEST.id,
      decision: 'APPROVE',
    });
  });

  it('sends a corrected amount, which the contract refuses without a remark', () => {
    const input = depositApproval(REQUEST, '4500', '');
    expect(input).toEqual({ id: REQUEST.id, decision: 'APPROVE', amount: 4500 });
    expect(requestErrors(decideDepositRoute, input)).toEqual({
      remark: 'Say why the amount was corrected',
    });
    expect(
      requestErrors(decideDepositRoute, depositApproval(REQUEST, '4500', ' Slip shows 4500 ')),
    ).toBeNull();
  });

  it('refuses an amount that is not a number', () => {
    expect(requestErrors(decideDepositRoute, depositApproval(REQUEST, '45OO', 'typo'))).toEqual({
      amount: 'Enter an amount',
    });
  });
});

describe('a corrected deposit’s second approval', () => {
  it('names the amount proposed, needing no remark, and takes one when written', () => {
    const input = depositSecondApproval({ id: REQUEST.id, proposedAmount: 5200 }, ' ');
    expect(input).toEqual({ id: REQUEST.id, decision: 'APPROVE', proposedAmount: 5200 });
    expect(requestErrors(decideDepositRoute, input)).toBeNull();
    expect(
      depositSecondApproval({ id: REQUEST.id, proposedAmount: 5200 }, ' Bank shows 5,200 ').remark,
    ).toBe('Bank shows 5,200');
  });

  it('is refused by the contract together with another amount', () => {
    expect(
      requestErrors(decideDepositRoute, {
        ...depositSecondApproval({ id: REQUEST.id, proposedAmount: 5200 }, 'Slip shows 5,300'),
        amount: 5300,
      }),
    ).toEqual({ proposedAmount: 'A second approval credits the proposed amount as it is' });
  });
});

describe('the other decisions', () => {
  it('ask for a remark to reject, and a reference to mark paid', () => {
    expect(requestErrors(decideDepositRoute, depositRejection(REQUEST, ''))).toEqual({
      remark: 'Say why the deposit is rejected',
    });
    expect(requestErrors(decideWithdrawalRoute, withdrawalRejection(REQUEST, ' '))).toEqual({
      remark: 'Say why the withdrawal is rejected',
    });
    expect(requestErrors(decideWithdrawalRoute, withdrawalPaid(REQUEST, '', ''))).toEqual({
      payoutReference: 'Enter the payout reference',
    });
    expect(withdrawalPaid(REQUEST, ' UTR1234567 ', '')).toEqual({
      id: REQUEST.id,
      decision: 'PAID',
      payoutReference: 'UTR1234567',
    });
  });
});
