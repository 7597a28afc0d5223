import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { diceIcon } from '../../../shared/icons/set/dice-icon';

const messages = i18n('casino/casino-page', {
  lead: 'Live tables, slots and crash games.',
  feature: 'The casino',
  detail: 'Game providers and their games will be listed here; a game opens in the casino lobby.',
});

/** The casino game catalogue. */
export default function CasinoPage() {
  const t = useMessages(messages);
  return (
    <Page lead={t.lead}>
      <ComingSoon feature={t.feature} icon={diceIcon} detail={t.detail} />
    </Page>
  );
}
