import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { chartIcon } from '../../../shared/icons/set/chart-icon';

/** The player's profit and loss. */
export default function ProfitLossPage() {
  return (
    <Page lead="Your profit and loss, by sport and event.">
      <ComingSoon
        feature="Profit and loss reports"
        icon={chartIcon}
        detail="Your profit and loss for a chosen period, grouped by sport and event, will be shown here."
      />
    </Page>
  );
}
