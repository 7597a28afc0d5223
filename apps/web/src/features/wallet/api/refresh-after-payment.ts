import type { QueryClient } from '@tanstack/react-query';
import { userInfoQueryOptions } from '../../../shared/session/user-info-query';
import { WALLET_QUERY_KEY } from './wallet-query-keys';

/**
 * After a deposit, withdrawal or cancellation: the header's balance (the user info query) and
 * every wallet query are read again. A payment's answer carries no balance to write, as a
 * bet's does; the hub's `UserBalance` push usually gets there first, and this covers the
 * times it does not.
 */
export async function refreshAfterPayment(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: userInfoQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY }),
  ]);
}
