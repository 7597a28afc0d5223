/**
 * The words of the wallet callbacks' answers: refusals with the contract's codes, the OK answer
 * with the player's cash, and the HTTP status each travels with.
 */
import { createHash } from 'node:crypto';
import {
  CASINO_WALLET_ERRORS,
  type CasinoWalletAnswer,
  type CasinoWalletErrorCode,
} from '@backlay/contract/casino-wallet';
import type { TransferResult } from '../wallet';
import type { RoundState } from './rounds';

/** A refusal's answer. */
export function refusal(
  code: CasinoWalletErrorCode,
  message: string,
  extra: { balanceMinor?: number; transactionId?: string } = {},
): CasinoWalletAnswer {
  return { status: 'ERROR', code, message, ...extra };
}

/** The HTTP status an answer travels with. */
export function statusOf(answer: CasinoWalletAnswer): number {
  return answer.status === 'OK' ? 200 : CASINO_WALLET_ERRORS[answer.code];
}

/** The answer of a callback that did what it asked: the player's cash after it. */
export function okAnswer(
  playerId: string,
  currency: string,
  balanceMinor: number,
  transactionId?: string,
): CasinoWalletAnswer {
  return {
    status: 'OK',
    playerId,
    currency,
    balanceMinor,
    ...(transactionId ? { transactionId } : {}),
  };
}

/** The refusal of a move the round's state does not allow. */
export function roundRefusal(state: RoundState, transactionId: string): CasinoWalletAnswer {
  return state === 'VOIDED'
    ? refusal('TRANSACTION_ROLLED_BACK', 'This round was rolled back.', { transactionId })
    : refusal('ROUND_CLOSED', 'This round has ended.', { transactionId });
}

/** What a request asks for, to tell a repeat of it from another request under its id. */
export function digestOf(parts: readonly (string | number | boolean | null)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** The player's cash after a transfer, as the ledger answered it under the player's locks. */
export function cashAfter(result: TransferResult, playerId: string): number | null {
  if (result.status !== 'ok') return null;
  const figures = result.figures?.find((f) => f.ownerId.toLowerCase() === playerId.toLowerCase());
  return figures ? figures.balanceMinor - figures.exposureMinor : null;
}

/** A transfer that did not post where it always should have: a broken invariant. */
export function unexpected(result: TransferResult, what: string): never {
  throw new Error(`casino ${what} did not post: ${result.status}`);
}
