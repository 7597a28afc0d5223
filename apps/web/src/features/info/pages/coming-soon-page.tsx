import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { toolsIcon } from '../../../shared/icons/set/tools-icon';

const messages = i18n('info/coming-soon-page', {
  lead: 'Something new is on its way.',
  feature: 'This feature',
  detail: 'It opens as soon as it is ready. Thank you for your patience.',
});

/** A page for a feature that is on its way. */
export default function ComingSoonPage() {
  const t = useMessages(messages);
  return (
    <Page lead={t.lead}>
      <ComingSoon feature={t.feature} icon={toolsIcon} detail={t.detail} />
    </Page>
  );
}
