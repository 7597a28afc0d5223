import type { PaymentInfo } from '@backlay/contract/wallet';
import { paymentInfoRoute } from '@backlay/contract/wallet-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { paymentApiBaseUrl } from '../../../shared/api/payment-base-url';
import { WALLET_QUERY_KEYS } from './wallet-query-keys';

/**
 * What the player's brand offers for deposits and withdrawals, the limits, the withdrawable
 * cash and the player's payout accounts (`GET Account/GetPaymentInfo`, on the payment host).
 */
export function fetchPaymentInfo(signal?: AbortSignal): Promise<PaymentInfo> {
  return callParsed(paymentInfoRoute, { signal, baseUrl: paymentApiBaseUrl() });
}

/** The payment-info query. */
export function paymentInfoQueryOptions() {
  return queryOptions({
    queryKey: WALLET_QUERY_KEYS.paymentInfo,
    queryFn: ({ signal }) => fetchPaymentInfo(signal),
    // What the player's deposit limits leave changes with time (their windows roll) and with
    // limits set on another page: each visit reads it afresh rather than trust a minute-old copy.
    staleTime: 0,
  });
}

/** The player's payment info. */
export function usePaymentInfo() {
  return useQuery(paymentInfoQueryOptions());
}
