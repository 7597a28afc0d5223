import { useSearchParams } from 'react-router';
import { loginIcon } from '../../../shared/icons/set/login-icon';
import { logoutIcon } from '../../../shared/icons/set/logout-icon';
import { LOGIN_RETURN_PARAM } from '../../../shared/paths';
import { logout } from '../../../shared/session/session-end';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import type { LoggedInPlayer } from '../model/logged-in';
import { pathAfterLogin } from '../model/path-after-login';

/** What a logged-in player sees at the login URL: no second login form. */
export default function LoggedInOffer({ player }: { player: LoggedInPlayer }) {
  const [searchParams] = useSearchParams();
  const name = player.userName;
  return (
    <div className="auth-page" data-testid="login-page">
      <Page
        heading="You are logged in"
        lead={
          <>
            {name ? (
              <>
                Logged in as <strong data-testid="logged-in-name">{name}</strong>.
              </>
            ) : (
              'This device is logged in.'
            )}{' '}
            Continue where you were, or log out to use another account.
          </>
        }
      >
        <div className="auth-form__actions" data-testid="logged-in">
          <ButtonLink
            to={pathAfterLogin(searchParams.get(LOGIN_RETURN_PARAM))}
            replace
            size="lg"
            block
            icon={loginIcon}
          >
            Continue
          </ButtonLink>
          <Button variant="outline" size="lg" block icon={logoutIcon} onClick={logout}>
            Log out
          </Button>
        </div>
      </Page>
    </div>
  );
}
