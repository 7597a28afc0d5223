import { useParams } from 'react-router';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { diceIcon } from '../../../shared/icons/set/dice-icon';

/** One section of the casino lobby, e.g. a provider's games. */
export default function LobbySectionPage() {
  const { section = '' } = useParams();
  return (
    <Page lead={section ? `Section: ${section}` : undefined}>
      <ComingSoon
        feature="Casino lobby sections"
        icon={diceIcon}
        detail="The games of this lobby section will be listed here."
      />
    </Page>
  );
}
