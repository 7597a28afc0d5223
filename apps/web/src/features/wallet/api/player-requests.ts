import type { PaymentRequestKind, PaymentRequestStatus } from '@backlay/contract/wallet';
import { playerRequestsRoute } from '@backlay/contract/wallet-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import type { PaymentRequestList } from './pending-withdrawals';
import { WALLET_QUERY_KEYS } from './wallet-query-keys';

/** Requests one page of the list shows. */
export const PLAYER_REQUESTS_PAGE_SIZE = 20;

export interface PlayerRequestsQuery {
  kind?: PaymentRequestKind;
  status?: PaymentRequestStatus;
  /** Calendar days (`YYYY-MM-DD`), inclusive. */
  from?: string;
  to?: string;
  /** 0-based page number. */
  page: number;
}

/** One page of the player's deposit and withdrawal requests (`POST DepositWithdrawal/PlayerRequests`). */
export function fetchPlayerRequests(
  { page, ...filters }: PlayerRequestsQuery,
  signal?: AbortSignal,
): Promise<PaymentRequestList> {
  return callParsed(playerRequestsRoute, {
    body: {
      ...filters,
      MaxResultCount: PLAYER_REQUESTS_PAGE_SIZE,
      SkipCount: page * PLAYER_REQUESTS_PAGE_SIZE,
    },
    signal,
  });
}

/** The requests query of one filter and page. */
export function playerRequestsQueryOptions(query: PlayerRequestsQuery) {
  return queryOptions({
    queryKey: [...WALLET_QUERY_KEYS.playerRequests, query] as const,
    queryFn: ({ signal }) => fetchPlayerRequests(query, signal),
  });
}

/** A page of requests; the previous page stays on screen while the next loads. */
export function usePlayerRequests(query: PlayerRequestsQuery, enabled: boolean) {
  return useQuery({
    ...playerRequestsQueryOptions(query),
    enabled,
    placeholderData: keepPreviousData,
  });
}
