import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { OpenBetsView } from '../components/open-bets-view';
import '../components/account-pages.css';

const messages = i18n('account/current-bet-page', {
  lead: 'Every bet on a market that has not been settled yet.',
});

/** The player's current bets: every bet on a market not yet settled. */
export default function CurrentBetPage() {
  const t = useMessages(messages);
  return (
    <Page lead={t.lead}>
      <OpenBetsView />
    </Page>
  );
}
