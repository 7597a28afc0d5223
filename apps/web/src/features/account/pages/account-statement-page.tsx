import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { statementIcon } from '../../../shared/icons/set/statement-icon';

/** The player's account statement. */
export default function AccountStatementPage() {
  return (
    <Page lead="Every credit and debit on your account.">
      <ComingSoon
        feature="The account statement"
        icon={statementIcon}
        detail="Each transaction with its running balance, and its details on request, will be listed here page by page."
      />
    </Page>
  );
}
