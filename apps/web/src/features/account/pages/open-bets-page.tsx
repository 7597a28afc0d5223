import { Page } from '../../../shared/ui/page';
import { OpenBetsView } from '../components/open-bets-view';
import '../components/account-pages.css';

/** The player's open bets (titled Unselected Bets): waiting to be matched, and matched. */
export default function OpenBetsPage() {
  return (
    <Page lead="Bets waiting to be matched, which you can cancel, and matched bets not yet settled.">
      <OpenBetsView />
    </Page>
  );
}
