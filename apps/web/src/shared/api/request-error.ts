/** A failed request, carrying the message to show and whether trying again could help. */
export class RequestError extends Error {
  override readonly name = 'RequestError';

  constructor(
    message: string,
    /** The HTTP status, or null when no response arrived. */
    readonly status: number | null,
    /** True for network failures and server-side trouble; false for definite answers. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
