import { changePasswordRequestSchema, PASSWORD_MIN_LENGTH } from '@backlay/contract/account';
import { useState, type FormEvent } from 'react';
import { errorMessage, RequestError } from '../../../shared/api/request-error';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';
import { Icon } from '../../../shared/icons/icon';
import { useSession } from '../../../shared/session/use-session';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { TextField } from '../../../shared/ui/text-field';
import { circleInfoIcon } from '../../../shared/icons/set/circle-info-icon';
import { keyIcon } from '../../../shared/icons/set/key-icon';
import { lockIcon } from '../../../shared/icons/set/lock-icon';
import { useChangePassword } from '../api/change-password';
import { LoginAttemptsTable } from '../components/login-attempts-table';
import '../components/account-pages.css';

export const NEW_PASSWORDS_DIFFER_MESSAGE = 'The new passwords do not match';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changing the password, and the player's recent login attempts. */
export default function ChangePasswordPage() {
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { userInfo } = useSession();
  const change = useChangePassword();
  const isDemo = userInfo?.isDemo === true;

  const field = (name: keyof PasswordValues) => ({
    name,
    type: 'password',
    value: values[name],
    error: errors[name],
    disabled: isDemo,
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Passwords are secrets and go exactly as typed: no sanitising.
    const parsed = changePasswordRequestSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (values.currentPassword === '') found.currentPassword = 'Enter your current password';
    if (values.confirmPassword !== values.newPassword) {
      found.confirmPassword = NEW_PASSWORDS_DIFFER_MESSAGE;
    }
    setErrors(found);
    if (!parsed.success || found.confirmPassword) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        toast.success('Your password is changed. Other devices have been signed out.');
      },
      onError: (error) => {
        const message = errorMessage(error);
        // A wrong current password belongs beside that field.
        if (error instanceof RequestError && error.status === 400) {
          setErrors({ currentPassword: message });
        }
        toast.error(message);
      },
    });
  };

  return (
    <Page lead="Choose a new password for your account.">
      <section className="account-section">
        {isDemo ? (
          <p className="account-notice" role="note">
            <Icon icon={circleInfoIcon} />
            <span>Demo accounts have no password to change.</span>
          </p>
        ) : null}
        <form
          className="account-form"
          noValidate
          onSubmit={onSubmit}
          aria-busy={change.isPending}
          data-testid="change-password-form"
        >
          <TextField
            label="Current password"
            icon={lockIcon}
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <TextField
            label="New password"
            icon={keyIcon}
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a digit`}
            {...field('newPassword')}
          />
          <TextField
            label="Confirm new password"
            icon={keyIcon}
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <div>
            <Button type="submit" icon={keyIcon} disabled={isDemo || change.isPending}>
              {change.isPending ? 'Changing…' : 'Change password'}
            </Button>
          </div>
        </form>
      </section>
      <LoginAttemptsTable />
    </Page>
  );
}
