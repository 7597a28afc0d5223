import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { historyIcon } from '../../../shared/icons/set/history-icon';

/** The player's deposit and withdrawal requests. */
export default function RequestsPage() {
  return (
    <Page lead="Your deposit and withdrawal requests and their status.">
      <ComingSoon
        feature="Deposit and withdrawal requests"
        icon={historyIcon}
        detail="Each request with its amount, method and status will be listed here."
      />
    </Page>
  );
}
