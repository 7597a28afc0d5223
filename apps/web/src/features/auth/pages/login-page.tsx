import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../shared/icons/icon';
import { paths } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { TextField } from '../../../shared/ui/text-field';
import { circleInfoIcon } from '../../../shared/icons/set/circle-info-icon';
import { eyeIcon } from '../../../shared/icons/set/eye-icon';
import { eyeSlashIcon } from '../../../shared/icons/set/eye-slash-icon';
import { lockIcon } from '../../../shared/icons/set/lock-icon';
import { loginIcon } from '../../../shared/icons/set/login-icon';
import { userIcon } from '../../../shared/icons/set/user-icon';
import './auth-pages.css';

/**
 * The login screen. Sign-in itself opens with player accounts, so the form is shown in
 * full but disabled, with a plain notice saying so.
 */
export default function LoginPage() {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <div className="auth-page" data-testid="login-page">
      <Page lead="Welcome back. Log in to bet on live sports and play casino games.">
        <form
          className="auth-form"
          aria-describedby="login-notice"
          onSubmit={(e) => e.preventDefault()}
        >
          <TextField
            label="Username"
            name="username"
            icon={userIcon}
            autoComplete="username"
            placeholder="Enter your username"
            disabled
          />
          <TextField
            label="Password"
            name="password"
            icon={lockIcon}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder="Enter your password"
            disabled
            trailing={
              <button
                type="button"
                className="auth-form__reveal"
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                onClick={() => setShowPassword((v) => !v)}
                disabled
              >
                <Icon icon={showPassword ? eyeSlashIcon : eyeIcon} />
              </button>
            }
          />
          <div className="auth-form__actions">
            <Button type="submit" size="lg" block icon={loginIcon} disabled>
              Login
            </Button>
            <Button variant="accent" size="lg" block icon={userIcon} disabled>
              Login with demo ID
            </Button>
          </div>
          <p className="auth-notice" id="login-notice" role="note">
            <Icon icon={circleInfoIcon} />
            <span>
              Sign-in opens with player accounts. Until then, logging in is not available.
            </span>
          </p>
        </form>
        <p className="auth-switch">
          New here? <Link to={paths.auth.signup.path}>Create an account</Link>
        </p>
      </Page>
    </div>
  );
}
