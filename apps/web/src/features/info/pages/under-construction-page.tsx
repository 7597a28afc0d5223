import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { toolsIcon } from '../../../shared/icons/set/tools-icon';

/** A page whose section is being built. */
export default function UnderConstructionPage() {
  return (
    <Page lead="This part of the site is being built.">
      <ComingSoon
        feature="This section"
        icon={toolsIcon}
        detail="It opens as soon as it is ready. Thank you for your patience."
      />
    </Page>
  );
}
