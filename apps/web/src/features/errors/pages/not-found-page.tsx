import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import { ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { houseIcon } from '../../../shared/icons/set/house-icon';

const messages = i18n('errors/not-found', {
  lead: 'The page you asked for does not exist or has moved.',
  home: 'Back to home',
});

/** Where unknown paths land (spec §2). */
export default function NotFoundPage() {
  const t = useMessages(messages);
  return (
    <Page className="status-page" lead={t.lead}>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <ButtonLink to={paths.home.path} size="lg" icon={houseIcon}>
        {t.home}
      </ButtonLink>
    </Page>
  );
}
