import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { chartIcon } from '../../../shared/icons/set/chart-icon';

/** An event's markets. */
export default function MarketsPage() {
  return (
    <Page lead="Every market of the event, with back and lay prices.">
      <ComingSoon
        feature="Event markets"
        icon={chartIcon}
        detail="Match odds, bookmaker and fancy markets for this event, with a bet slip and live score, will open here."
      />
    </Page>
  );
}
