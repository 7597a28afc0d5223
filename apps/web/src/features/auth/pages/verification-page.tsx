import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { shieldIcon } from '../../../shared/icons/set/shield-icon';
import './auth-pages.css';

/** Account verification by code; arrives with player accounts. */
export default function VerificationPage() {
  return (
    <div className="auth-page" data-testid="verification-page">
      <Page lead="Confirm your account with the code sent to your mobile.">
        <ComingSoon
          feature="Account verification"
          icon={shieldIcon}
          detail="You will enter your verification code here, with a countdown before a new code can be sent."
        />
        <p className="auth-switch">
          <Link to={paths.auth.login.path}>Back to login</Link>
        </p>
      </Page>
    </div>
  );
}
