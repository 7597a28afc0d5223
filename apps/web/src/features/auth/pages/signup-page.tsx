import { PASSWORD_MIN_LENGTH, registerRequestSchema } from '@backlay/contract/account';
import { REFERRAL_CODE_MAX_LENGTH, REFERRAL_LINK_PARAM } from '@backlay/contract/referral-code';
import { useEffect, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { errorMessage, RequestError } from '../../../shared/api/request-error';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import {
  forgetReferralCode,
  referralCodeIn,
  rememberedReferralCode,
  rememberReferralCodeIn,
} from '../../../shared/referral/referral-code';
import { useSiteDomain } from '../../../shared/routing/site-context';
import { sanitizeInput } from '../../../shared/sanitize/sanitize-input';
import { sessionStore } from '../../../shared/session/session-store';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { TextField } from '../../../shared/ui/text-field';
import { lockIcon } from '../../../shared/icons/set/lock-icon';
import { userIcon } from '../../../shared/icons/set/user-icon';
import { userPlusIcon } from '../../../shared/icons/set/user-plus-icon';
import { useRegister } from '../api/register';
import { loggedInPlayer } from '../model/logged-in';
import { writePendingVerification } from '../model/pending-verification';
import './auth-pages.css';

/** Said beside the second password when the two differ (in English). */
export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match';

const messages = i18n('auth/signup-page', {
  lead: 'Join with your mobile number in under a minute.',
  userName: 'Username',
  userNamePlaceholder: 'Choose a username',
  userNameHint: '3 to 20 letters, digits or _, starting with a letter',
  mobile: 'Mobile number',
  mobilePlaceholder: '10-digit mobile number',
  mobileHint: 'We send a verification code to this number',
  password: 'Password',
  passwordPlaceholder: 'Choose a password',
  passwordHint: params('At least {min} characters, with a letter and a digit'),
  confirmPassword: 'Confirm password',
  confirmPasswordPlaceholder: 'Type the password again',
  referralCode: 'Referral code (optional)',
  referralCodePlaceholder: 'A friend’s code',
  referralCodeHint: 'Joining through a friend’s link fills it in',
  passwordsDiffer: PASSWORDS_DIFFER_MESSAGE,
  settingsLoading: 'The site settings are still loading. Please try again.',
  creating: 'Creating account…',
  create: 'Create account',
  haveAccount: 'Already have an account?',
  logIn: 'Login',
});

interface SignupValues {
  userName: string;
  mobile: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
}

/** Where the server names a refused referral code in its error's details. */
const REFERRAL_CODE_DETAILS = /^referralCode:/;

/**
 * Registration: user name, mobile and password, and a friend's referral code if the player has
 * one (filled in from the referral link they came by); a code is then sent to the mobile. A
 * logged-in player who follows a referral link here is taken to the bonus page to use the code.
 */
export default function SignupPage() {
  const { search } = useLocation();
  const linkCode = referralCodeIn(search);
  const session = useStore(sessionStore);
  // Decided when the page opens: signing up here never turns into the bonus page.
  const [loggedIn] = useState(() => loggedInPlayer(session, Date.now()) !== null);
  useEffect(() => rememberReferralCodeIn(search), [search]);
  if (loggedIn && linkCode !== null) {
    return (
      <Navigate
        to={`${paths.bonus.path}?${new URLSearchParams({ [REFERRAL_LINK_PARAM]: linkCode }).toString()}`}
        replace
      />
    );
  }
  return <SignupForm referralCode={linkCode ?? rememberedReferralCode() ?? ''} />;
}

/** The sign-up form, its referral code field starting with `referralCode`. */
function SignupForm({ referralCode }: { referralCode: string }) {
  const t = useMessages(messages);
  const [values, setValues] = useState<SignupValues>({
    userName: '',
    mobile: '',
    password: '',
    confirmPassword: '',
    referralCode,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const navigate = useNavigate();
  const domain = useSiteDomain();
  const registration = useRegister();

  const field = (name: keyof SignupValues) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Free text is sanitised; the password is the secret and goes exactly as typed.
    const parsed = registerRequestSchema.safeParse({
      userName: sanitizeInput(values.userName),
      mobile: sanitizeInput(values.mobile),
      password: values.password,
      domain: domain ?? '',
      referralCode: sanitizeInput(values.referralCode),
    });
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error.issues);
    if (values.confirmPassword !== values.password) {
      found.confirmPassword = t.passwordsDiffer;
    }
    setErrors(found);
    if (!parsed.success || found.confirmPassword) {
      if (found.domain) toast.error(t.settingsLoading);
      return;
    }
    registration.mutate(parsed.data, {
      onSuccess: (result) => {
        forgetReferralCode();
        writePendingVerification(result.userName, result.maskedMobile, result);
        void navigate(paths.auth.verification.path);
      },
      onError: (error) => {
        const message = errorMessage(error);
        // A taken name belongs beside the name field.
        if (error instanceof RequestError && error.status === 409) {
          setErrors({ userName: message });
        }
        // So does a referral code the server does not know.
        if (error instanceof RequestError && REFERRAL_CODE_DETAILS.test(error.details ?? '')) {
          setErrors({ referralCode: message });
        }
        toast.error(message);
      },
    });
  };

  return (
    <div className="auth-page" data-testid="signup-page">
      <Page lead={t.lead}>
        <form
          className="auth-form"
          noValidate
          onSubmit={onSubmit}
          aria-busy={registration.isPending}
        >
          <TextField
            label={t.userName}
            icon={userIcon}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t.userNamePlaceholder}
            hint={t.userNameHint}
            {...field('userName')}
          />
          <TextField
            label={t.mobile}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t.mobilePlaceholder}
            hint={t.mobileHint}
            {...field('mobile')}
          />
          <TextField
            label={t.password}
            icon={lockIcon}
            type="password"
            autoComplete="new-password"
            placeholder={t.passwordPlaceholder}
            hint={t.passwordHint({ min: PASSWORD_MIN_LENGTH })}
            {...field('password')}
          />
          <TextField
            label={t.confirmPassword}
            icon={lockIcon}
            type="password"
            autoComplete="new-password"
            placeholder={t.confirmPasswordPlaceholder}
            {...field('confirmPassword')}
          />
          <TextField
            label={t.referralCode}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={REFERRAL_CODE_MAX_LENGTH}
            placeholder={t.referralCodePlaceholder}
            hint={t.referralCodeHint}
            {...field('referralCode')}
          />
          <div className="auth-form__actions">
            <Button
              type="submit"
              size="lg"
              block
              icon={userPlusIcon}
              disabled={registration.isPending}
            >
              {registration.isPending ? t.creating : t.create}
            </Button>
          </div>
        </form>
        <p className="auth-switch">
          {t.haveAccount} <Link to={paths.auth.login.path}>{t.logIn}</Link>
        </p>
      </Page>
    </div>
  );
}
