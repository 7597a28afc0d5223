import type { CasinoCatalogue } from '@backlay/contract/admin-casino';
import { updateCasinoCatalogueRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { casinoCatalogueQueryOptions } from './casino-catalogue';

export type UpdateCasinoCatalogueInput = AdminRequest<typeof updateCasinoCatalogueRoute>;

/**
 * Saves a brand's casino switch and its games, in order, as its next version
 * (`POST casino/catalogue/update`); CONFLICT when `version` is no longer the latest.
 */
export function updateCasinoCatalogue(input: UpdateCasinoCatalogueInput): Promise<CasinoCatalogue> {
  return callAdmin(updateCasinoCatalogueRoute, input);
}

export function useUpdateCasinoCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCasinoCatalogue,
    onSuccess: (saved) =>
      queryClient.setQueryData(casinoCatalogueQueryOptions(saved.brand).queryKey, saved),
  });
}
