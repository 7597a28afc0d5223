import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { cashOutQuoteKeys, cashOutQuoteQueryOptions } from '../api/cash-out-quote';
import { QuoteSchedule } from '../model/quote-schedule';
import { usePageVisible } from './use-page-visible';

/**
 * A market's cash out quote for a share of the position, kept current while `active` and the
 * page is on screen: asked for again whenever the market's prices (`prices`, a new object at
 * each change) or the player's bets on it (`position`) change, at most once every
 * `QUOTE_MIN_INTERVAL_MS` for the market. Nothing is asked for while inactive; a change heard
 * meanwhile is asked about once it is active again.
 */
export function useCashOutQuote({
  marketId,
  fraction,
  active,
  prices,
  position,
}: {
  marketId: string;
  fraction: number;
  active: boolean;
  prices: unknown;
  position: string;
}) {
  const queryClient = useQueryClient();
  const [schedule] = useState(() => new QuoteSchedule());
  const visible = usePageVisible();
  const enabled = active && visible;
  const query = useQuery({
    ...cashOutQuoteQueryOptions(marketId, fraction, schedule),
    enabled,
  });

  const heard = useRef({ prices, position });
  useEffect(() => {
    const last = heard.current;
    heard.current = { prices, position };
    // Prices arriving for the first time are what the first quote was asked with.
    const pricesMoved = last.prices !== undefined && last.prices !== prices;
    if (!pricesMoved && last.position === position) return;
    schedule.changed();
    // Every share's quote is out of date; the one shown is asked for again in its turn,
    // joining a request that waits for its turn rather than starting over.
    void queryClient.invalidateQueries(
      { queryKey: cashOutQuoteKeys.market(marketId) },
      { cancelRefetch: false },
    );
  }, [prices, position, marketId, queryClient, schedule]);

  // A change heard while a request was already on its way: one more once it is back.
  const { isFetching, refetch } = query;
  useEffect(() => {
    if (enabled && !isFetching && schedule.outdated) void refetch({ cancelRefetch: false });
  }, [enabled, isFetching, refetch, schedule]);

  return query;
}
