import type { Payment } from '@backlay/contract/wallet';
import { upiCheckRoute, upiCreateRoute } from '@backlay/contract/wallet-calls';
import { callParsed } from '../../../shared/api/call-api';
import type { NewPayment } from '../model/gateway-payment';

/** Starts a UPI payment whose `url` is the `upi://pay` intent (`POST Payment/UpiCreate`). */
export function createUpiPayment(input: NewPayment): Promise<Payment> {
  return callParsed(upiCreateRoute, { body: input });
}

/** Where a UPI payment stands (`POST Payment/UpiCheck`). */
export function checkUpiPayment(paymentId: string, signal?: AbortSignal): Promise<Payment> {
  return callParsed(upiCheckRoute, { body: { paymentId }, signal });
}
