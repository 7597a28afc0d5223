import { newIdempotencyKey } from '../../../shared/ids/idempotency-key';
import type { CashOutSubmission } from './cash-out-offer';

function signature(submission: CashOutSubmission): string {
  const { marketId, fraction, quote } = submission;
  return JSON.stringify([marketId, fraction ?? 1, quote]);
}

/**
 * Keys the confirmations of cash outs as the bet slip keys bets: a new key for every
 * confirmation, and the same key again only when the player retries the very same orders
 * after an answer that may not have arrived (a network error or a server fault), so the hedge
 * is placed at most once. Any definite answer, or other orders, starts a new key.
 */
export class CashOutKeys {
  private retry: { signature: string; key: string } | null = null;

  constructor(private readonly generate: () => string = newIdempotencyKey) {}

  /** The key for a confirmation. */
  keyFor(submission: CashOutSubmission): string {
    if (this.retry && this.retry.signature === signature(submission)) return this.retry.key;
    return this.generate();
  }

  /** Records how a confirmation ended: `retryable` keeps its key for a retry. */
  settle(submission: CashOutSubmission, key: string, retryable: boolean): void {
    this.retry = retryable ? { signature: signature(submission), key } : null;
  }
}
