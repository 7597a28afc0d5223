import { casinoProviderSecretRoute } from '@backlay/contract/admin-calls';
import { useMutation } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';

export type CasinoProviderSecret = AdminResult<typeof casinoProviderSecretRoute>;

/**
 * A provider's signing secret (`POST casino/providers/secret`): a call that changes nothing but
 * is audited, so it is made only when an owner asks, and the answer is never cached.
 */
export function readCasinoProviderSecret(code: string): Promise<CasinoProviderSecret> {
  return callAdmin(casinoProviderSecretRoute, { code });
}

export function useReadCasinoProviderSecret() {
  return useMutation({ mutationFn: readCasinoProviderSecret });
}
