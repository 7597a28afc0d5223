import type { Brand } from '@backlay/contract/admin-brands';
import { uploadBrandAssetRoute } from '@backlay/contract/admin-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdmin, type AdminRequest } from '../../../shared/api/call-admin';
import { storeBrandVersion } from './brand';

export type UploadBrandAssetInput = AdminRequest<typeof uploadBrandAssetRoute>;

/** Replaces a brand's logo or favicon, answering the brand's new version (`POST brands/assets`). */
export function uploadBrandAsset(input: UploadBrandAssetInput): Promise<Brand> {
  return callAdmin(uploadBrandAssetRoute, input);
}

export function useUploadBrandAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadBrandAsset,
    onSuccess: (brand) => storeBrandVersion(queryClient, brand),
  });
}
