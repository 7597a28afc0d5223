import { paths } from '../../../shared/paths';
import { ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { houseIcon } from '../../../shared/icons/set/house-icon';
import { loginIcon } from '../../../shared/icons/set/login-icon';

/** Shown when the player may not open a page. */
export default function NotAuthorizedPage() {
  return (
    <Page className="status-page" lead="Your account does not have access to this page.">
      <p className="status-page__code" aria-hidden="true">
        403
      </p>
      <div className="status-page__actions">
        <ButtonLink to={paths.home.path} size="lg" icon={houseIcon}>
          Back to home
        </ButtonLink>
        <ButtonLink to={paths.auth.login.path} size="lg" variant="outline" icon={loginIcon}>
          Login
        </ButtonLink>
      </div>
    </Page>
  );
}
