import type { PaymentRequest } from '@backlay/contract/wallet';
import { cancelWithdrawalRoute } from '@backlay/contract/wallet-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { refreshAfterPayment } from './refresh-after-payment';

/** Cancels a pending withdrawal; its hold returns to cash (`POST DepositWithdrawal/CancelWithdrawal`). */
export function cancelWithdrawal(id: string): Promise<PaymentRequest> {
  return callParsed(cancelWithdrawalRoute, { body: { id } });
}

/** The cancellation; the balance and the lists of requests are read again. */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
