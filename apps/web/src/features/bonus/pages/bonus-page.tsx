import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { giftIcon } from '../../../shared/icons/set/gift-icon';

const messages = i18n('bonus/bonus-page', {
  lead: 'Offers on your account and how to claim them.',
  feature: 'Bonuses',
  detail:
    'The bonuses available to you, their terms and a button to claim each will be shown here.',
});

/** The player's bonuses. */
export default function BonusPage() {
  const t = useMessages(messages);
  return (
    <Page lead={t.lead}>
      <ComingSoon feature={t.feature} icon={giftIcon} detail={t.detail} />
    </Page>
  );
}
