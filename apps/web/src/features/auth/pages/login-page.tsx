import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { LOGIN_RETURN_PARAM, paths } from '../../../shared/paths';
import { toast } from '../../../shared/toasts/toast-store';
import { sessionStore } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { TextField } from '../../../shared/ui/text-field';
import { eyeIcon } from '../../../shared/icons/set/eye-icon';
import { eyeSlashIcon } from '../../../shared/icons/set/eye-slash-icon';
import { lockIcon } from '../../../shared/icons/set/lock-icon';
import { loginIcon } from '../../../shared/icons/set/login-icon';
import { userIcon } from '../../../shared/icons/set/user-icon';
import type { LoginErrors } from '../model/login-actions';
import { loggedInPlayer } from '../model/logged-in';
import './auth-pages.css';

const messages = i18n('auth/login-page', {
  lead: 'Welcome back. Log in to bet on live sports and play casino games.',
  userName: 'Username',
  userNamePlaceholder: 'Enter your username',
  password: 'Password',
  passwordPlaceholder: 'Enter your password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  loggingIn: 'Logging in…',
  logIn: 'Login',
  openingDemo: 'Opening demo…',
  demo: 'Login with demo ID',
  newHere: 'New here?',
  createAccount: 'Create an account',
});

/** Shown only to a player still logged in: most visitors never load it. */
const LoggedInOffer = lazy(() => import('./logged-in-offer'));

/** The form's actions, loaded on the first touch (see login-actions). */
const loadActions = () => import('../model/login-actions');

type Busy = 'login' | 'demo' | null;

/**
 * The login screen: user name and password, or a demo account in one tap. A player who is
 * still logged in is offered to continue, or to log out and use another account.
 */
export default function LoginPage() {
  const session = useStore(sessionStore);
  // Offered only to a player logged in when the page opened. Once they log out here the
  // form stays, so a new login made with it never flashes the offer on its way out.
  const [offered, setOffered] = useState(() => loggedInPlayer(session, Date.now()));
  if (offered && session.accessToken === null) setOffered(null);
  return offered ? (
    <Suspense fallback={null}>
      <LoggedInOffer player={offered} />
    </Suspense>
  ) : (
    <LoginForm />
  );
}

/** The login form. */
function LoginForm() {
  const t = useMessages(messages);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();

  const run = async (kind: Exclude<Busy, null>) => {
    setFormError(null);
    setBusy(kind);
    try {
      const actions = await loadActions();
      let request: Parameters<typeof actions.logIn>[0] = 'demo';
      if (kind === 'login') {
        const checked = actions.validateLogin({ userName, password });
        if (!checked.ok) {
          setErrors(checked.errors);
          return;
        }
        request = checked.request;
      }
      setErrors({});
      const to = await actions.logIn(request, queryClient, searchParams.get(LOGIN_RETURN_PARAM));
      await navigate(to, { replace: true });
    } catch (error) {
      const message = errorMessage(error);
      setFormError(message);
      toast.error(message);
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void run('login');
  };

  return (
    <div className="auth-page" data-testid="login-page">
      <Page lead={t.lead}>
        <form
          className="auth-form"
          noValidate
          aria-busy={busy !== null}
          onSubmit={onSubmit}
          // The actions load while the player types, so submitting does not wait for them.
          onFocus={() => void loadActions()}
          onPointerDown={() => void loadActions()}
        >
          <TextField
            label={t.userName}
            name="username"
            icon={userIcon}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t.userNamePlaceholder}
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
            error={errors.userName}
          />
          <TextField
            label={t.password}
            name="password"
            icon={lockIcon}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder={t.passwordPlaceholder}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            trailing={
              <button
                type="button"
                className="auth-form__reveal"
                aria-label={showPassword ? t.hidePassword : t.showPassword}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                <Icon icon={showPassword ? eyeSlashIcon : eyeIcon} />
              </button>
            }
          />
          {formError ? (
            <p className="auth-form__error" role="alert">
              {formError}
            </p>
          ) : null}
          <div className="auth-form__actions">
            <Button type="submit" size="lg" block icon={loginIcon} disabled={busy !== null}>
              {busy === 'login' ? t.loggingIn : t.logIn}
            </Button>
            <Button
              variant="accent"
              size="lg"
              block
              icon={userIcon}
              disabled={busy !== null}
              onClick={() => void run('demo')}
            >
              {busy === 'demo' ? t.openingDemo : t.demo}
            </Button>
          </div>
        </form>
        <p className="auth-switch">
          {t.newHere} <Link to={paths.auth.signup.path}>{t.createAccount}</Link>
        </p>
      </Page>
    </div>
  );
}
