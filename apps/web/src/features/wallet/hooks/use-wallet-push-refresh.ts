import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onBalancePush } from '../../../shared/hub/balance-pushes';
import { WALLET_QUERY_KEY } from '../api/wallet-query-keys';

/**
 * While a wallet page is open, a pushed balance (finance credited a deposit or paid a
 * withdrawal, a bet moved cash) marks its figures and lists stale, so they are read again.
 */
export function useWalletPushRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => onBalancePush(() => void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY })),
    [queryClient],
  );
}
