import type { createWithdrawalRequestSchema, PaymentRequest } from '@backlay/contract/wallet';
import { createWithdrawalRoute } from '@backlay/contract/wallet-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';
import { refreshAfterPayment } from './refresh-after-payment';

export type CreateWithdrawalInput = z.input<typeof createWithdrawalRequestSchema>;

/** Asks for a payout to one of the player's accounts (`POST DepositWithdrawal/CreateWithdrawal`). */
export function createWithdrawal(input: CreateWithdrawalInput): Promise<PaymentRequest> {
  return callParsed(createWithdrawalRoute, { body: input });
}

/** The withdrawal request; its hold moves the balance, so the wallet is read again. */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWithdrawal,
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
