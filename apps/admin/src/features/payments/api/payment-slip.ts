import { paymentSlipRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { PAYMENTS_QUERY_KEY } from './payment-keys';

/** A deposit's payment screenshot as a data URL (`GET payments/slip`). */
export function fetchSlip(slipId: string, signal?: AbortSignal): Promise<{ dataUrl: string }> {
  return callAdmin(paymentSlipRoute, { id: slipId }, { signal });
}

export function slipQueryOptions(slipId: string) {
  return queryOptions({
    queryKey: [...PAYMENTS_QUERY_KEY, 'slip', slipId] as const,
    queryFn: ({ signal }) => fetchSlip(slipId, signal),
    // A slip never changes once attached.
    staleTime: Infinity,
  });
}

export function useSlip(slipId: string) {
  return useQuery(slipQueryOptions(slipId));
}
