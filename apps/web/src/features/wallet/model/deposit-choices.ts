import type { DepositMethod, PaymentInfo } from '@backlay/contract/wallet';
import type { GatewayChannel } from './gateway-payment';

/** One way to deposit the brand offers: one of its UPI ids or accounts, or the gateway. */
export type DepositChoice =
  | { id: string; kind: 'manual'; method: DepositMethod; title: string; detail: string }
  | { id: GatewayChannel; kind: 'gateway'; channel: GatewayChannel; title: string; detail: string };

/** The ways to deposit, in the order offered: the brand's UPI ids and accounts, then the gateway. */
export function depositChoices(info: PaymentInfo): DepositChoice[] {
  const choices: DepositChoice[] = info.depositMethods.map((method) =>
    method.kind === 'UPI'
      ? { id: method.id, kind: 'manual', method, title: 'UPI transfer', detail: method.upiId }
      : {
          id: method.id,
          kind: 'manual',
          method,
          title: 'Bank transfer',
          detail: `${method.bankName} · ${method.accountName}`,
        },
  );
  if (info.paymentLink) {
    choices.push({
      id: 'LINK',
      kind: 'gateway',
      channel: 'LINK',
      title: 'Pay by link',
      detail: 'Pay on a secure payment page',
    });
  }
  if (info.upiIntent) {
    choices.push({
      id: 'UPI_INTENT',
      kind: 'gateway',
      channel: 'UPI_INTENT',
      title: 'UPI app',
      detail: 'Pay in any UPI app; credited once paid',
    });
  }
  return choices;
}
