/** A failed request, carrying the message to show and whether trying again could help. */
export class RequestError extends Error {
  override readonly name = 'RequestError';

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
  ) {
    super(message);
  }
}

/**
 * The message to show for anything a call threw: a RequestError's own message; anything
 * else is a fault of the client whose text means nothing to a player.
 */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  return error instanceof RequestError && error.message.trim() !== '' ? error.message : fallback;
}
