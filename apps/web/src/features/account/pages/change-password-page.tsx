import { ComingSoon } from '../../../shared/ui/coming-soon';
import { Page } from '../../../shared/ui/page';
import { keyIcon } from '../../../shared/icons/set/key-icon';

/** Changing the password. */
export default function ChangePasswordPage() {
  return (
    <Page lead="Choose a new password for your account.">
      <ComingSoon
        feature="Password changes"
        icon={keyIcon}
        detail="You will change your password here by entering your current password and a new one."
      />
    </Page>
  );
}
