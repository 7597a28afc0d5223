import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { trophyIcon } from '../../../shared/icons/set/trophy-icon';

/** The sports home of special hostnames (`/index`). */
export default function HomePage() {
  return (
    <Page lead="Back and lay at exchange prices on today's biggest matches.">
      <ComingSoon
        feature="The sports home"
        icon={trophyIcon}
        detail="Featured matches, in-play highlights and your pinned events will appear here once the sports feed opens."
      />
    </Page>
  );
}
