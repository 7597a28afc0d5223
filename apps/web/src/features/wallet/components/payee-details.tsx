import type { DepositMethod } from '@backlay/contract/wallet';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { CopyButton } from './copy-button';

const messages = i18n('wallet/payee-details', {
  payTo: 'Pay to',
  payeeName: 'Payee name',
  upiId: 'UPI id',
  bank: 'Bank',
  accountName: 'Account name',
  accountNumber: 'Account number',
});

/** One labelled payment detail with its copy button. */
function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="payee__row">
      <dt>{label}</dt>
      <dd>
        <span className="payee__value">{value}</span>
        <CopyButton value={value} label={label} />
      </dd>
    </div>
  );
}

/** Where the player pays a manual deposit: the brand's UPI id or bank account, each copyable. */
export function PayeeDetails({ method }: { method: DepositMethod }) {
  const t = useMessages(messages);
  return (
    <dl className="payee" aria-label={t.payTo}>
      {method.kind === 'UPI' ? (
        <>
          <Detail label={t.payeeName} value={method.payeeName} />
          <Detail label={t.upiId} value={method.upiId} />
        </>
      ) : (
        <>
          <Detail label={t.bank} value={method.bankName} />
          <Detail label={t.accountName} value={method.accountName} />
          <Detail label={t.accountNumber} value={method.accountNumber} />
          <Detail label="IFSC" value={method.ifsc} />
        </>
      )}
    </dl>
  );
}
