import type { SubmissionKeys } from './idempotency';

/** Why a submission failed, as the slip shows it. */
export interface SlipFailure {
  message: string;
  /** Whether the answer may not have arrived, so the same bet may be tried again. */
  retryable: boolean;
}

/**
 * A one-tap bet that failed, handed to the slip: its stake, the failure to show, and the keys
 * that placed it, so that trying the very same bet again reuses its idempotency key.
 */
export interface SlipHandOff {
  stake: number;
  failure: SlipFailure;
  keys: SubmissionKeys;
}
