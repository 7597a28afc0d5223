import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { userPlusIcon } from '../../../shared/icons/set/user-plus-icon';
import './auth-pages.css';

/** Registration; the form arrives with player accounts. */
export default function SignupPage() {
  return (
    <div className="auth-page" data-testid="signup-page">
      <Page lead="Join with your mobile number in under a minute.">
        <ComingSoon
          feature="Registration"
          icon={userPlusIcon}
          detail="You will sign up here with a username and mobile number, then verify the account with a code."
        />
        <p className="auth-switch">
          Already have an account? <Link to={paths.auth.login.path}>Login</Link>
        </p>
      </Page>
    </div>
  );
}
