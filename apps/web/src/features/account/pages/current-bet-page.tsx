import { Page } from '../../../shared/ui/page';
import { OpenBetsView } from '../components/open-bets-view';
import '../components/account-pages.css';

/** The player's current bets: every bet on a market not yet settled. */
export default function CurrentBetPage() {
  return (
    <Page lead="Every bet on a market that has not been settled yet.">
      <OpenBetsView />
    </Page>
  );
}
