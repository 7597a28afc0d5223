import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { listIcon } from '../../../shared/icons/set/list-icon';

/** The player's current bets. */
export default function CurrentBetPage() {
  return (
    <Page lead="Bets on events that have not been settled yet.">
      <ComingSoon
        feature="Current bets"
        icon={listIcon}
        detail="Your current bets with stake, odds and potential profit or liability will be listed here."
      />
    </Page>
  );
}
