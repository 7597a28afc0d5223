import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import { ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { houseIcon } from '../../../shared/icons/set/house-icon';
import { loginIcon } from '../../../shared/icons/set/login-icon';

const messages = i18n('errors/not-authorized', {
  lead: 'Your account does not have access to this page.',
  home: 'Back to home',
  logIn: 'Login',
});

/** Shown when the player may not open a page. */
export default function NotAuthorizedPage() {
  const t = useMessages(messages);
  return (
    <Page className="status-page" lead={t.lead}>
      <p className="status-page__code" aria-hidden="true">
        403
      </p>
      <div className="status-page__actions">
        <ButtonLink to={paths.home.path} size="lg" icon={houseIcon}>
          {t.home}
        </ButtonLink>
        <ButtonLink to={paths.auth.login.path} size="lg" variant="outline" icon={loginIcon}>
          {t.logIn}
        </ButtonLink>
      </div>
    </Page>
  );
}
