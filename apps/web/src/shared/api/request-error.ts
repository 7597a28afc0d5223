import { clientErrorMessage } from './error-messages';

/** What the envelope's error object adds to a failure: its code and the reason in `details`. */
export interface EnvelopeErrorFields {
  code: string | null;
  details: string | null;
}

/** A failed request, carrying the message to show and whether trying again could help. */
export class RequestError extends Error {
  override readonly name = 'RequestError';
  /** The envelope's `error.code` (e.g. `CONFLICT`), when the server sent one. */
  readonly code: string | null;
  /** The envelope's `error.details`: a bet refusal's reason code, for one (`BET_REFUSALS`). */
  readonly details: string | null;

  constructor(
    message: string,
    /** The HTTP status, or null when no response arrived. */
    readonly status: number | null,
    /** True for network failures and server-side trouble; false for definite answers. */
    readonly retryable: boolean,
    /**
     * The transport's own message (`Network Error`, `Request aborted`, …) where it differs
     * from the one shown, as the error catalogue names both (spec §8).
     */
    readonly clientMessage: string = message,
    envelopeError: EnvelopeErrorFields | null = null,
  ) {
    super(message);
    this.code = envelopeError?.code ?? null;
    this.details = envelopeError?.details ?? null;
  }
}

/**
 * The message to show for anything a call threw: a RequestError's own message; anything
 * else is a fault of the client whose text means nothing to a player.
 */
export function errorMessage(error: unknown, fallback = clientErrorMessage('unexpected')): string {
  return error instanceof RequestError && error.message.trim() !== '' ? error.message : fallback;
}
