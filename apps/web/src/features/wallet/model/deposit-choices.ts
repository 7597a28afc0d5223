import type { DepositMethod, PaymentInfo } from '@backlay/contract/wallet';
import { i18n } from '../../../shared/i18n/i18n';
import type { GatewayChannel } from './gateway-payment';

const messages = i18n('wallet/deposit-choices', {
  upi: 'UPI transfer',
  bank: 'Bank transfer',
  link: 'Pay by link',
  linkDetail: 'Pay on a secure payment page',
  upiIntent: 'UPI app',
  upiIntentDetail: 'Pay in any UPI app; credited once paid',
});

/** One way to deposit the brand offers: one of its UPI ids or accounts, or the gateway. */
export type DepositChoice =
  | { id: string; kind: 'manual'; method: DepositMethod; title: string; detail: string }
  | { id: GatewayChannel; kind: 'gateway'; channel: GatewayChannel; title: string; detail: string };

/**
 * The ways to deposit, in the order offered: the brand's UPI ids and accounts, then the
 * gateway; titled in the player's language as it is when asked.
 */
export function depositChoices(info: PaymentInfo): DepositChoice[] {
  const t = messages.get();
  const choices: DepositChoice[] = info.depositMethods.map((method) =>
    method.kind === 'UPI'
      ? { id: method.id, kind: 'manual', method, title: t.upi, detail: method.upiId }
      : {
          id: method.id,
          kind: 'manual',
          method,
          title: t.bank,
          detail: `${method.bankName} · ${method.accountName}`,
        },
  );
  if (info.paymentLink) {
    choices.push({
      id: 'LINK',
      kind: 'gateway',
      channel: 'LINK',
      title: t.link,
      detail: t.linkDetail,
    });
  }
  if (info.upiIntent) {
    choices.push({
      id: 'UPI_INTENT',
      kind: 'gateway',
      channel: 'UPI_INTENT',
      title: t.upiIntent,
      detail: t.upiIntentDetail,
    });
  }
  return choices;
}
