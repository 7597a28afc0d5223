import type { CashOutQuoteAnswer } from '@backlay/contract/cash-out';
import { cashOutQuoteRoute } from '@backlay/contract/cash-out-calls';
import { queryOptions } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import type { QuoteSchedule } from '../model/quote-schedule';

/** What cashing out a share of the player's position on a market would do now (`GET Bet/CashOutQuote`). */
export function fetchCashOutQuote(
  marketId: string,
  fraction: number,
  signal?: AbortSignal,
): Promise<CashOutQuoteAnswer> {
  return callParsed(cashOutQuoteRoute, { query: { marketId, fraction }, signal });
}

/** The keys of cash out quotes: all of one market's shares start with the market's. */
export const cashOutQuoteKeys = {
  market: (marketId: string) => ['cash-out-quote', marketId] as const,
};

/**
 * A market's cash out quote for a share of the position. A quote is a price of the moment, so
 * it is never fresh for long; `schedule` decides when a request may go (one per market every
 * couple of seconds).
 */
export function cashOutQuoteQueryOptions(
  marketId: string,
  fraction: number,
  schedule?: QuoteSchedule,
) {
  return queryOptions({
    queryKey: [...cashOutQuoteKeys.market(marketId), fraction] as const,
    queryFn: async ({ signal }) => {
      await schedule?.take(signal);
      return fetchCashOutQuote(marketId, fraction, signal);
    },
    staleTime: 0,
  });
}
