import { BET_REFUSALS, type BetRefusal } from '@backlay/contract/bets';
import type { ErrorCode } from '@backlay/contract/errors';
import { ApiError } from '../../http/api-error';

const CODE_OF: Record<BetRefusal, ErrorCode> = {
  PRICE_OFF_LADDER: 'VALIDATION_FAILED',
  STAKE_BELOW_MIN: 'VALIDATION_FAILED',
  STAKE_ABOVE_MAX: 'VALIDATION_FAILED',
  LIABILITY_ABOVE_MAX: 'VALIDATION_FAILED',
  INSUFFICIENT_FUNDS: 'CONFLICT',
  UNKNOWN_MARKET: 'NOT_FOUND',
  UNKNOWN_RUNNER: 'NOT_FOUND',
  UNKNOWN_BET: 'NOT_FOUND',
  MARKET_SUSPENDED: 'CONFLICT',
  MARKET_CLOSED: 'CONFLICT',
  SUSPENDED_DURING_DELAY: 'CONFLICT',
  NOT_MATCHED: 'CONFLICT',
  IDEMPOTENCY_CONFLICT: 'CONFLICT',
  NOTHING_TO_CANCEL: 'CONFLICT',
  SPORT_NOT_ALLOWED: 'FORBIDDEN',
  BETTING_LOCKED: 'FORBIDDEN',
  LOSS_LIMIT: 'FORBIDDEN',
};

/** A bet or cancel refused for a business reason: the envelope's details carry the reason. */
export function betRefused(reason: BetRefusal, message: string = BET_REFUSALS[reason]): ApiError {
  return new ApiError(CODE_OF[reason], message, reason);
}

/** A bet refused because an operator locked the player's betting. */
export function bettingLocked(): ApiError {
  return betRefused('BETTING_LOCKED');
}
