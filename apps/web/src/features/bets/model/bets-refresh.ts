/** A player's balance and exposure in rupees, as a bet's answer or a balance push gives them. */
export interface WalletFigures {
  balance: number;
  exposure: number;
}

/** Requests this close together make one read of open bets and expected profit and loss. */
export const BETS_REFRESH_COALESCE_MS = 50;

/**
 * How long after a bet's answer the hub's push of the same wallet (or after the push, the
 * answer) counts as news of the same change. The server pushes once the change commits, so
 * the two arrive within moments of each other, in either order.
 */
export const BALANCE_ECHO_WINDOW_MS = 2_000;

type Source = 'answer' | 'push';

/**
 * Decides when the player's open bets and expected profit and loss are read again, so that a
 * bet costs one read of each:
 * - a placement's or cancellation's answer and the hub's `UserBalance` push that follows it
 *   tell of the same change; whichever comes second, carrying the same figures within
 *   `BALANCE_ECHO_WINDOW_MS`, asks for nothing more;
 * - requests within `BETS_REFRESH_COALESCE_MS` of the first make one read;
 * - requests while a read runs make one more read once it ends, rather than cancelling it:
 *   the last read always starts after the last change was heard of.
 *
 * Two pushes never pair up: a push with unchanged figures can still mean a bet matched.
 */
export class BetsRefresh {
  private last: { source: Source; figures: WalletFigures; at: number } | null = null;
  private scheduled: Promise<void> | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  /**
   * @param read reads open bets and expected profit and loss again; it resolves once both are
   *   in and never rejects (a failed read shows on its query).
   */
  constructor(
    private readonly read: () => Promise<unknown>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A placement or cancellation answered with the wallet after it. */
  answered(figures: WalletFigures): Promise<void> {
    return this.heard('answer', figures);
  }

  /** The hub pushed the player's wallet. */
  pushed(figures: WalletFigures): Promise<void> {
    return this.heard('push', figures);
  }

  /** Asks for a read; resolves once a read that began after this call has finished. */
  request(): Promise<void> {
    this.scheduled ??= new Promise<void>((resolve) =>
      setTimeout(resolve, BETS_REFRESH_COALESCE_MS),
    ).then(() => {
      this.scheduled = null;
      return this.run();
    });
    return this.scheduled;
  }

  private heard(source: Source, figures: WalletFigures): Promise<void> {
    const at = this.now();
    const last = this.last;
    if (
      last !== null &&
      last.source !== source &&
      last.figures.balance === figures.balance &&
      last.figures.exposure === figures.exposure &&
      at - last.at <= BALANCE_ECHO_WINDOW_MS
    ) {
      // The other half of a change already asked for: wait for its read, ask for none.
      this.last = null;
      return this.scheduled ?? this.running ?? Promise.resolve();
    }
    this.last = { source, figures, at };
    return this.request();
  }

  private run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const running = (async () => {
      try {
        do {
          this.again = false;
          await this.read();
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    this.running = running;
    return running;
  }
}
