import type { CasinoProvider } from '@backlay/contract/admin-casino';
import { updateCasinoProviderRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { casinoProvidersQueryOptions } from './casino-providers';

export type UpdateCasinoProviderInput = AdminRequest<typeof updateCasinoProviderRoute>;

/**
 * Saves a provider's settings as its next version (`POST casino/providers/update`); CONFLICT
 * when `version` is no longer the latest.
 */
export function updateCasinoProvider(input: UpdateCasinoProviderInput): Promise<CasinoProvider> {
  return callAdmin(updateCasinoProviderRoute, input);
}

/** Saves a provider; the saved one takes its place in the list at once. */
export function useUpdateCasinoProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCasinoProvider,
    onSuccess: (saved) =>
      queryClient.setQueryData(casinoProvidersQueryOptions().queryKey, (old) =>
        old?.map((provider) => (provider.code === saved.code ? saved : provider)),
      ),
  });
}
