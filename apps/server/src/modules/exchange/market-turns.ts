/**
 * Turns per market within this process: work on one market runs one piece at a time, in
 * arrival order. The database's market row lock already serialises it across instances; taking
 * turns here first means a bet waiting for its market holds no pooled database connection, so
 * bets on other markets are not held up behind it.
 */
export function createMarketTurns() {
  const tails = new Map<string, Promise<unknown>>();
  async function inTurn<T>(marketId: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(marketId) ?? Promise.resolve();
    const run = previous.then(work, work);
    // The next in line waits for this one, whether it succeeds or fails.
    const tail = run.catch(() => undefined);
    tails.set(marketId, tail);
    try {
      return await run;
    } finally {
      if (tails.get(marketId) === tail) tails.delete(marketId);
    }
  }
  /** Whether work on the market is running or waiting now. */
  const busy = (marketId: string): boolean => tails.has(marketId);
  return Object.assign(inTurn, { busy });
}

export type MarketTurns = ReturnType<typeof createMarketTurns>;
