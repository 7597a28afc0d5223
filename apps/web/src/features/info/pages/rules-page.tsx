import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { bookIcon } from '../../../shared/icons/set/book-icon';

/** The betting rules. */
export default function RulesPage() {
  return (
    <Page lead="How betting and settlement work on this exchange.">
      <ComingSoon
        feature="The rules"
        icon={bookIcon}
        detail="The betting rules of each sport and market type, and how bets are settled, will be published here."
      />
    </Page>
  );
}
