import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { listIcon } from '../../../shared/icons/set/list-icon';

/** Open bets of the player (titled Unselected Bets). */
export default function OpenBetsPage() {
  return (
    <Page lead="Your unmatched and matched bets that are still open.">
      <ComingSoon
        feature="Open bets"
        icon={listIcon}
        detail="Bets waiting to be matched and matched bets on events not yet settled will be listed here, by event."
      />
    </Page>
  );
}
