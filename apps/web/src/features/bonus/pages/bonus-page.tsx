import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { giftIcon } from '../../../shared/icons/set/gift-icon';

/** The player's bonuses. */
export default function BonusPage() {
  return (
    <Page lead="Offers on your account and how to claim them.">
      <ComingSoon
        feature="Bonuses"
        icon={giftIcon}
        detail="The bonuses available to you, their terms and a button to claim each will be shown here."
      />
    </Page>
  );
}
