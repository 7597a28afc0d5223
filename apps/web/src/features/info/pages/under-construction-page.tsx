import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { toolsIcon } from '../../../shared/icons/set/tools-icon';

const messages = i18n('info/under-construction-page', {
  lead: 'This part of the site is being built.',
  feature: 'This section',
  detail: 'It opens as soon as it is ready. Thank you for your patience.',
});

/** A page whose section is being built. */
export default function UnderConstructionPage() {
  const t = useMessages(messages);
  return (
    <Page lead={t.lead}>
      <ComingSoon feature={t.feature} icon={toolsIcon} detail={t.detail} />
    </Page>
  );
}
