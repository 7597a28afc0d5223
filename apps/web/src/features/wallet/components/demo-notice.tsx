import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { circleInfoIcon } from '../../../shared/icons/set/circle-info-icon';
import { DemoTopUp } from './demo-top-up';

const messages = i18n('wallet/demo-notice', {
  region: 'Demo account',
  playMoney:
    'Deposits and withdrawals are for registered players. This demo account plays with play money, which you can top up at any time.',
});

/** What a demo player sees instead of the payment forms: their money is play money. */
export function DemoNotice() {
  const t = useMessages(messages);
  return (
    <section className="wallet-card wallet-column" aria-label={t.region}>
      <p className="wallet-notice" role="note">
        <Icon icon={circleInfoIcon} />
        <span>{t.playMoney}</span>
      </p>
      <div>
        <DemoTopUp />
      </div>
    </section>
  );
}
