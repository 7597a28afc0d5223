import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { slidersIcon } from '../../../shared/icons/set/sliders-icon';

/** The stake button values. */
export default function StakeButtonsPage() {
  return (
    <Page lead="Set the quick stake amounts of your bet slip.">
      <ComingSoon
        feature="Custom stake buttons"
        icon={slidersIcon}
        detail="You will set the label and amount of each quick stake button of your bet slip here."
      />
    </Page>
  );
}
