import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import { ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { houseIcon } from '../../../shared/icons/set/house-icon';

const messages = i18n('errors/server-error', {
  lead: 'Something went wrong on our side. Please try again in a moment.',
  home: 'Back to home',
});

/** Shown when the site itself ran into a problem. */
export default function ServerErrorPage() {
  const t = useMessages(messages);
  return (
    <Page className="status-page" lead={t.lead}>
      <p className="status-page__code" aria-hidden="true">
        500
      </p>
      <ButtonLink to={paths.home.path} size="lg" icon={houseIcon}>
        {t.home}
      </ButtonLink>
    </Page>
  );
}
