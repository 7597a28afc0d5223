import { storeImageRoute } from '@backlay/contract/profile-calls';
import type { storeImageResultSchema } from '@backlay/contract/profile';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';

export type StoredImage = z.output<typeof storeImageResultSchema>;

/** Stores a payment screenshot, given as a data URL (`POST Setting/StoreImage`). */
export function storeImage(dataUrl: string): Promise<StoredImage> {
  return callParsed(storeImageRoute, { body: { image: dataUrl } });
}

/** The screenshot upload. */
export function useStoreImage() {
  return useMutation({ mutationFn: storeImage });
}
