import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { historyIcon } from '../../../shared/icons/set/history-icon';

/** The player's settled bets. */
export default function BetHistoryPage() {
  return (
    <Page lead="Every settled bet, with its result.">
      <ComingSoon
        feature="Bet history"
        icon={historyIcon}
        detail="A searchable table of your settled bets, page by page, will be shown here."
      />
    </Page>
  );
}
