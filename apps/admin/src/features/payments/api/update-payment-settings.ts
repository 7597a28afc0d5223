import type { PaymentSettings } from '@backlay/contract/admin-payments';
import { updatePaymentSettingsRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { paymentSettingsQueryOptions } from './payment-settings';

export type UpdatePaymentSettingsInput = AdminRequest<typeof updatePaymentSettingsRoute>;

/**
 * Saves a brand's payment settings as a new version (`POST payments/settings`); CONFLICT when
 * `version` is no longer the latest.
 */
export function updatePaymentSettings(input: UpdatePaymentSettingsInput): Promise<PaymentSettings> {
  return callAdmin(updatePaymentSettingsRoute, input);
}

export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentSettings,
    onSuccess: (saved) =>
      queryClient.setQueryData(paymentSettingsQueryOptions(saved.brand).queryKey, saved),
  });
}
