import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { OpenBetsView } from '../components/open-bets-view';
import '../components/account-pages.css';

const messages = i18n('account/open-bets-page', {
  lead: 'Bets waiting to be matched, which you can cancel, and matched bets not yet settled.',
});

/** The player's open bets (titled Unselected Bets): waiting to be matched, and matched. */
export default function OpenBetsPage() {
  const t = useMessages(messages);
  return (
    <Page lead={t.lead}>
      <OpenBetsView />
    </Page>
  );
}
