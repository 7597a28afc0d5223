import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { toolsIcon } from '../../../shared/icons/set/tools-icon';

/** A page for a feature that is on its way. */
export default function ComingSoonPage() {
  return (
    <Page lead="Something new is on its way.">
      <ComingSoon
        feature="This feature"
        icon={toolsIcon}
        detail="It opens as soon as it is ready. Thank you for your patience."
      />
    </Page>
  );
}
