import type { Payment } from '@backlay/contract/wallet';
import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  PAYMENT_POLL_MS,
  paymentOutcome,
  type GatewayChannel,
  type NewPayment,
} from '../model/gateway-payment';
import { checkPaymentLink, generatePaymentLink } from './payment-link';
import { refreshAfterPayment } from './refresh-after-payment';
import { checkUpiPayment, createUpiPayment } from './upi-intent';

/** Each channel's two calls: start a payment, and ask where it stands. */
const CALLS: Record<
  GatewayChannel,
  {
    create: (input: NewPayment) => Promise<Payment>;
    check: (paymentId: string, signal?: AbortSignal) => Promise<Payment>;
  }
> = {
  LINK: { create: generatePaymentLink, check: checkPaymentLink },
  UPI_INTENT: { create: createUpiPayment, check: checkUpiPayment },
};

/**
 * A gateway payment's status, starting from what creating it answered and checked every
 * `PAYMENT_POLL_MS` while it is pending. Checks go on in a hidden tab: the player is paying
 * in another tab or app just then.
 */
export function paymentStatusQueryOptions(channel: GatewayChannel, payment: Payment | undefined) {
  return queryOptions({
    queryKey: ['gateway-payment', channel, payment?.paymentId ?? null] as const,
    queryFn: payment ? ({ signal }) => CALLS[channel].check(payment.paymentId, signal) : skipToken,
    initialData: () => payment,
    // A check older than one poll is worth making again when the player comes back.
    staleTime: PAYMENT_POLL_MS,
    refetchInterval: (query) => (query.state.data?.status === 'PENDING' ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}

/**
 * A deposit through the gateway: `start` creates the payment, `payment` is its latest known
 * state. Once paid, the header's balance and the wallet are read again.
 */
export function useGatewayPayment(channel: GatewayChannel) {
  const queryClient = useQueryClient();
  const start = useMutation({ mutationFn: CALLS[channel].create });
  const status = useQuery(paymentStatusQueryOptions(channel, start.data));
  const payment = status.data ?? start.data;
  const paid = payment !== undefined && paymentOutcome(payment.status) === 'paid';

  useEffect(() => {
    if (paid) void refreshAfterPayment(queryClient);
  }, [paid, queryClient]);

  return { start, payment, checkFailed: status.isError ? status.error : null };
}
