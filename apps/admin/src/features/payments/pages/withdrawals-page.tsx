import { PaymentQueue } from '../components/payment-queue';

/** `/admin/payments/withdrawals`: the withdrawals players asked to be paid out. */
export default function WithdrawalsPage() {
  return <PaymentQueue kind="WITHDRAWAL" />;
}
