import type { DepositMethod } from '@backlay/contract/wallet';
import { CopyButton } from './copy-button';

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
  return (
    <dl className="payee" aria-label="Pay to">
      {method.kind === 'UPI' ? (
        <>
          <Detail label="Payee name" value={method.payeeName} />
          <Detail label="UPI id" value={method.upiId} />
        </>
      ) : (
        <>
          <Detail label="Bank" value={method.bankName} />
          <Detail label="Account name" value={method.accountName} />
          <Detail label="Account number" value={method.accountNumber} />
          <Detail label="IFSC" value={method.ifsc} />
        </>
      )}
    </dl>
  );
}
