import type { paymentRequestListSchema } from '@backlay/contract/wallet';
import { withdrawalHistoryRoute } from '@backlay/contract/wallet-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';
import { WALLET_QUERY_KEYS } from './wallet-query-keys';

export type PaymentRequestList = z.output<typeof paymentRequestListSchema>;

/** The most pending withdrawals the withdraw tab lists; the requests page has them all. */
export const PENDING_WITHDRAWALS_SHOWN = 20;

/**
 * The player's withdrawals still waiting for finance, newest first
 * (`GET DepositWithdrawal/GetUserWithdrawalHistory` with status PENDING).
 */
export function fetchPendingWithdrawals(signal?: AbortSignal): Promise<PaymentRequestList> {
  return callParsed(withdrawalHistoryRoute, {
    query: { status: 'PENDING', MaxResultCount: PENDING_WITHDRAWALS_SHOWN, SkipCount: 0 },
    signal,
  });
}

/** The pending-withdrawals query. */
export function pendingWithdrawalsQueryOptions() {
  return queryOptions({
    queryKey: WALLET_QUERY_KEYS.pendingWithdrawals,
    queryFn: ({ signal }) => fetchPendingWithdrawals(signal),
  });
}

/** The player's pending withdrawals. */
export function usePendingWithdrawals() {
  return useQuery(pendingWithdrawalsQueryOptions());
}
