import type { PlaceBetRequest } from '@backlay/contract/bets';
import { newIdempotencyKey } from '../../../shared/ids/idempotency-key';

/** A bet as submitted, without its key. */
export type BetSubmission = Omit<PlaceBetRequest, 'idempotencyKey'>;

function sameSubmission(a: BetSubmission, b: BetSubmission): boolean {
  return (
    a.marketId === b.marketId &&
    a.runnerId === b.runnerId &&
    a.side === b.side &&
    a.price === b.price &&
    a.stake === b.stake &&
    (a.keepInPlay ?? false) === (b.keepInPlay ?? false)
  );
}

/**
 * Keys the bet slip's submissions: one key per submission, and the same key again when the
 * player retries the very same bet after an answer that may not have arrived (a network
 * error or a server fault), so the exchange places it at most once. A definite answer, or
 * any change to the bet, starts a new key.
 */
export class SubmissionKeys {
  private retry: { submission: BetSubmission; key: string } | null = null;

  constructor(private readonly generate: () => string = newIdempotencyKey) {}

  /** The key for a submission. */
  keyFor(submission: BetSubmission): string {
    if (this.retry && sameSubmission(this.retry.submission, submission)) return this.retry.key;
    return this.generate();
  }

  /** Records how a submission ended: `retryable` keeps its key for a retry. */
  settle(submission: BetSubmission, key: string, retryable: boolean): void {
    this.retry = retryable ? { submission, key } : null;
  }

  /** Whether a retry of this submission would reuse a key. */
  isRetry(submission: BetSubmission): boolean {
    return this.retry !== null && sameSubmission(this.retry.submission, submission);
  }
}
