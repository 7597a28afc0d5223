import type { Payment } from '@backlay/contract/wallet';
import { paymentCheckRoute, paymentGenerateRoute } from '@backlay/contract/wallet-calls';
import { callParsed } from '../../../shared/api/call-api';
import { paymentApiBaseUrl } from '../../../shared/api/payment-base-url';
import type { NewPayment } from '../model/gateway-payment';

/** Opens a payment link for a deposit (`POST Payment/Generate`, on the payment host). */
export function generatePaymentLink(input: NewPayment): Promise<Payment> {
  return callParsed(paymentGenerateRoute, { body: input, baseUrl: paymentApiBaseUrl() });
}

/** Where a payment link's payment stands (`POST Payment/Check`, on the payment host). */
export function checkPaymentLink(paymentId: string, signal?: AbortSignal): Promise<Payment> {
  return callParsed(paymentCheckRoute, {
    body: { paymentId },
    signal,
    baseUrl: paymentApiBaseUrl(),
  });
}
