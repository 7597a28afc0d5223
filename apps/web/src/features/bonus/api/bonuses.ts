import type { BonusList } from '@backlay/contract/bonuses';
import { bonusesRoute } from '@backlay/contract/bonus-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** The root of every bonuses query: a claim invalidates them all, with or without a coupon. */
export const BONUSES_QUERY_KEY = ['bonuses'] as const;

/**
 * The player's bonus wallet, offers with their terms, active bonuses and past ones
 * (`GET Bonus/GetBonuses`); with a coupon code, that coupon's offer among the offers.
 */
export function fetchBonuses(coupon: string | null, signal?: AbortSignal): Promise<BonusList> {
  return callParsed(bonusesRoute, { query: { coupon: coupon ?? undefined }, signal });
}

/** The bonuses query, with or without a coupon code typed. */
export function bonusesQueryOptions(coupon: string | null) {
  return queryOptions({
    queryKey: [...BONUSES_QUERY_KEY, { coupon }] as const,
    queryFn: ({ signal }) => fetchBonuses(coupon, signal),
  });
}

/** The player's bonuses; the last answer stays on screen while a coupon's is read. */
export function useBonuses(coupon: string | null) {
  return useQuery({ ...bonusesQueryOptions(coupon), placeholderData: keepPreviousData });
}
