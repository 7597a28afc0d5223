import { PaymentQueue } from '../components/payment-queue';

/** `/admin/payments/deposits`: the deposits players asked to be credited. */
export default function DepositsPage() {
  return <PaymentQueue kind="DEPOSIT" />;
}
