import { useSearchParams } from 'react-router';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { messageWith } from '../../../shared/i18n/message-with';
import { loginIcon } from '../../../shared/icons/set/login-icon';
import { logoutIcon } from '../../../shared/icons/set/logout-icon';
import { LOGIN_RETURN_PARAM } from '../../../shared/paths';
import { logout } from '../../../shared/session/session-end';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import type { LoggedInPlayer } from '../model/logged-in';
import { pathAfterLogin } from '../model/path-after-login';

const messages = i18n('auth/logged-in-offer', {
  heading: 'You are logged in',
  loggedInAs: params('Logged in as {name}.'),
  thisDevice: 'This device is logged in.',
  choice: 'Continue where you were, or log out to use another account.',
  continue: 'Continue',
  logOut: 'Log out',
});

/** What a logged-in player sees at the login URL: no second login form. */
export default function LoggedInOffer({ player }: { player: LoggedInPlayer }) {
  const t = useMessages(messages);
  const [searchParams] = useSearchParams();
  const name = player.userName;
  return (
    <div className="auth-page" data-testid="login-page">
      <Page
        heading={t.heading}
        lead={
          <>
            {name
              ? messageWith(
                  t.loggedInAs,
                  'name',
                  <strong data-testid="logged-in-name">{name}</strong>,
                )
              : t.thisDevice}{' '}
            {t.choice}
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
            {t.continue}
          </ButtonLink>
          <Button variant="outline" size="lg" block icon={logoutIcon} onClick={logout}>
            {t.logOut}
          </Button>
        </div>
      </Page>
    </div>
  );
}
