import type { Brand } from '@backlay/contract/admin-brands';
import { createBrandRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { storeBrandVersion } from './brand';

export type CreateBrandInput = AdminRequest<typeof createBrandRoute>;

/** Creates a brand, live on its host at once (`POST brands/create`). */
export function createBrand(input: CreateBrandInput): Promise<Brand> {
  return callAdmin(createBrandRoute, input);
}

export function useCreateBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    onSuccess: (brand) => storeBrandVersion(queryClient, brand),
  });
}
