import type { PaymentSettings } from '@backlay/contract/admin-payments';
import { paymentSettingsRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { PAYMENTS_QUERY_KEY } from './payment-keys';

/** A brand's payment methods, channels and limits (`GET payments/settings`). */
export function fetchPaymentSettings(
  brand: string,
  signal?: AbortSignal,
): Promise<PaymentSettings> {
  return callAdmin(paymentSettingsRoute, { brand }, { signal });
}

export function paymentSettingsQueryOptions(brand: string) {
  return queryOptions({
    queryKey: [...PAYMENTS_QUERY_KEY, 'settings', brand] as const,
    queryFn: ({ signal }) => fetchPaymentSettings(brand, signal),
  });
}

export function usePaymentSettings(brand: string) {
  return useQuery({ ...paymentSettingsQueryOptions(brand), enabled: brand !== '' });
}
