/**
 * The states of every payment entity and the moves allowed between them, each written once
 * (`db/state-machine.ts` applies them under the row's lock, with the move's money). Nothing
 * else in the module updates these statuses.
 */
import {
  ADJUSTMENT_STATUSES,
  QUEUE_STATUSES,
  type QueueStatus,
} from '@backlay/contract/admin-payments';
import { PAYMENT_STATUSES } from '@backlay/contract/wallet';
import { defineStateMachine } from '../../db/state-machine';
import { PAYMENT_MESSAGES } from './payment-rules';

/**
 * A manual deposit: finance approves it (crediting it) or rejects it. An approval above what
 * the player asked by more than the tolerance only proposes the amount: AWAITING_APPROVAL, it
 * waits for a second operator, who approves it (crediting it then) or rejects it.
 */
export const DEPOSIT_REQUEST_STATES = defineStateMachine<QueueStatus>({
  entity: 'deposit request',
  table: 'payment_requests',
  where: { kind: 'DEPOSIT' },
  states: QUEUE_STATUSES,
  moves: {
    PENDING: ['APPROVED', 'REJECTED', 'AWAITING_APPROVAL'],
    AWAITING_APPROVAL: ['APPROVED', 'REJECTED'],
  },
  decidedAtColumn: 'decided_at',
  refusal: (from) => PAYMENT_MESSAGES.decided(from),
  missing: PAYMENT_MESSAGES.unknownRequest,
});

/**
 * A withdrawal, held when asked for: paid out (APPROVED) or rejected by finance, or cancelled
 * by the player, while it is pending.
 */
export const WITHDRAWAL_REQUEST_STATES = defineStateMachine<QueueStatus>({
  entity: 'withdrawal request',
  table: 'payment_requests',
  where: { kind: 'WITHDRAWAL' },
  states: QUEUE_STATUSES,
  moves: { PENDING: ['APPROVED', 'REJECTED', 'CANCELLED'] },
  decidedAtColumn: 'decided_at',
  refusal: (from) => PAYMENT_MESSAGES.decided(from),
  missing: PAYMENT_MESSAGES.unknownRequest,
});

/**
 * A payment through the gateway, ended by the first final status the gateway reports: PAID
 * credits it; FAILED, EXPIRED and CANCELLED move nothing. Paid with another amount than it
 * asked for, it goes UNDER_REVIEW to finance, who credit it (PAID) or reject it.
 */
export const GATEWAY_PAYMENT_STATES = defineStateMachine<(typeof PAYMENT_STATUSES)[number]>({
  entity: 'gateway payment',
  table: 'gateway_payments',
  states: PAYMENT_STATUSES,
  moves: {
    PENDING: ['PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'UNDER_REVIEW'],
    UNDER_REVIEW: ['PAID', 'REJECTED'],
  },
  decidedAtColumn: 'decided_at',
  refusal: () => 'This payment was already decided.',
  missing: 'There is no such payment.',
});

/**
 * An operator's adjustment, written AWAITING_APPROVAL: under the threshold it is applied in the
 * same transaction; above it a second operator applies or rejects it.
 */
export const ADJUSTMENT_STATES = defineStateMachine<(typeof ADJUSTMENT_STATUSES)[number]>({
  entity: 'adjustment',
  table: 'payment_adjustments',
  states: ADJUSTMENT_STATUSES,
  moves: { AWAITING_APPROVAL: ['APPLIED', 'REJECTED'] },
  decidedAtColumn: 'decided_at',
  refusal: () => 'This adjustment was already decided.',
  missing: 'There is no such adjustment.',
});
