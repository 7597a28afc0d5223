import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { playIcon } from '../../../shared/icons/set/play-icon';

/** Events being played right now. */
export default function InplayPage() {
  return (
    <Page lead="Matches being played right now, across every sport.">
      <ComingSoon
        feature="In-play betting"
        icon={playIcon}
        detail="Live events with back and lay prices that move as the match unfolds will be listed here."
      />
    </Page>
  );
}
