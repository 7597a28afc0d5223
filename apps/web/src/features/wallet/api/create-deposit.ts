import type { createDepositRequestSchema, PaymentRequest } from '@backlay/contract/wallet';
import { createDepositRoute } from '@backlay/contract/wallet-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callParsed } from '../../../shared/api/call-api';
import { refreshAfterPayment } from './refresh-after-payment';

export type CreateDepositInput = z.input<typeof createDepositRequestSchema>;

/** Asks finance to credit a manual deposit the player paid (`POST DepositWithdrawal/CreateDeposit`). */
export function createDeposit(input: CreateDepositInput): Promise<PaymentRequest> {
  return callParsed(createDepositRoute, { body: input });
}

/** The manual-deposit request; the wallet is read again once it is in. */
export function useCreateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeposit,
    onSuccess: () => refreshAfterPayment(queryClient),
  });
}
