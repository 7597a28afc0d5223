import { changePasswordRequestSchema, PASSWORD_MIN_LENGTH } from '@backlay/contract/account';
import { useState, type FormEvent } from 'react';
import { errorMessage, RequestError } from '../../../shared/api/request-error';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
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
import { ActivityLogTable } from '../components/activity-log-table';
import { LoginAttemptsTable } from '../components/login-attempts-table';
import '../components/account-pages.css';

/** Said beside the confirmation when the two new passwords differ (in English). */
export const NEW_PASSWORDS_DIFFER_MESSAGE = 'The new passwords do not match';

const messages = i18n('account/change-password-page', {
  lead: 'Choose a new password for your account.',
  demo: 'Demo accounts have no password to change.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: params('At least {min} characters, with a letter and a digit'),
  confirmPassword: 'Confirm new password',
  enterCurrent: 'Enter your current password',
  passwordsDiffer: NEW_PASSWORDS_DIFFER_MESSAGE,
  changed: 'Your password is changed. Other devices have been signed out.',
  changing: 'Changing…',
  change: 'Change password',
});

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const EMPTY: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Changing the password, the player's recent login attempts and their account activity. */
export default function ChangePasswordPage() {
  const t = useMessages(messages);
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
    if (values.currentPassword === '') found.currentPassword = t.enterCurrent;
    if (values.confirmPassword !== values.newPassword) {
      found.confirmPassword = t.passwordsDiffer;
    }
    setErrors(found);
    if (!parsed.success || found.confirmPassword) return;
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues(EMPTY);
        // Read when the answer comes: the language may have changed while it was on its way.
        toast.success(messages.get().changed);
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
    <Page lead={t.lead}>
      <section className="account-section">
        {isDemo ? (
          <p className="account-notice" role="note">
            <Icon icon={circleInfoIcon} />
            <span>{t.demo}</span>
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
            label={t.currentPassword}
            icon={lockIcon}
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <TextField
            label={t.newPassword}
            icon={keyIcon}
            autoComplete="new-password"
            hint={t.newPasswordHint({ min: PASSWORD_MIN_LENGTH })}
            {...field('newPassword')}
          />
          <TextField
            label={t.confirmPassword}
            icon={keyIcon}
            autoComplete="new-password"
            {...field('confirmPassword')}
          />
          <div>
            <Button type="submit" icon={keyIcon} disabled={isDemo || change.isPending}>
              {change.isPending ? t.changing : t.change}
            </Button>
          </div>
        </form>
      </section>
      <LoginAttemptsTable />
      <ActivityLogTable />
    </Page>
  );
}
