import { useParams } from 'react-router';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { diceIcon } from '../../../shared/icons/set/dice-icon';

const messages = i18n('casino/lobby-section-page', {
  section: params('Section: {section}'),
  feature: 'Casino lobby sections',
  detail: 'The games of this lobby section will be listed here.',
});

/** One section of the casino lobby, e.g. a provider's games. */
export default function LobbySectionPage() {
  const t = useMessages(messages);
  const { section = '' } = useParams();
  return (
    <Page lead={section ? t.section({ section }) : undefined}>
      <ComingSoon feature={t.feature} icon={diceIcon} detail={t.detail} />
    </Page>
  );
}
