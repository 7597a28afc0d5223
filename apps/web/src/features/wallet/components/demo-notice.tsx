import { Icon } from '../../../shared/icons/icon';
import { circleInfoIcon } from '../../../shared/icons/set/circle-info-icon';
import { DemoTopUp } from './demo-top-up';

/** What a demo player sees instead of the payment forms: their money is play money. */
export function DemoNotice() {
  return (
    <section className="wallet-card wallet-column" aria-label="Demo account">
      <p className="wallet-notice" role="note">
        <Icon icon={circleInfoIcon} />
        <span>
          Deposits and withdrawals are for registered players. This demo account plays with play
          money, which you can top up at any time.
        </span>
      </p>
      <div>
        <DemoTopUp />
      </div>
    </section>
  );
}
