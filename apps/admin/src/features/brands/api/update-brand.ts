import type { Brand } from '@backlay/contract/admin-brands';
import { updateBrandRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { storeBrandVersion } from './brand';

export type UpdateBrandInput = AdminRequest<typeof updateBrandRoute>;

/**
 * Saves a brand's whole document as a new version (`POST brands/update`); the server refuses
 * it with CONFLICT when `version` is no longer the latest.
 */
export function updateBrand(input: UpdateBrandInput): Promise<Brand> {
  return callAdmin(updateBrandRoute, input);
}

export function useUpdateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrand,
    onSuccess: (brand) => storeBrandVersion(queryClient, brand),
  });
}
