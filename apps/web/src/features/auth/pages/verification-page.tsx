import { VERIFICATION_CODE_LENGTH, verificationRequestSchema } from '@backlay/contract/account';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { fieldErrorsOf, type FieldErrors } from '../../../shared/forms/field-errors';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import { sanitizeInput } from '../../../shared/sanitize/sanitize-input';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { TextField } from '../../../shared/ui/text-field';
import { rotateIcon } from '../../../shared/icons/set/rotate-icon';
import { shieldIcon } from '../../../shared/icons/set/shield-icon';
import { userIcon } from '../../../shared/icons/set/user-icon';
import { establishSession } from '../api/establish-session';
import { useResendVerificationCode } from '../api/resend-verification-code';
import { useVerifyUser } from '../api/verify-user';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import {
  clearPendingVerification,
  readPendingVerification,
  writePendingVerification,
  type PendingVerification,
} from '../model/pending-verification';
import './auth-pages.css';

const messages = i18n('auth/verification-page', {
  leadSentTo: params('Enter the {length}-digit code we sent to {mobile}.'),
  lead: 'Confirm your account with the code sent to your mobile.',
  userName: 'Username',
  enterUserName: 'Enter your user name',
  code: 'Verification code',
  expired: 'The code has expired. Ask for a new one.',
  expiresIn: params('The code expires in {time}'),
  verifying: 'Verifying…',
  verify: 'Verify',
  resendIn: params('Resend code in {seconds}s'),
  resend: 'Resend code',
  verified: 'Your account is verified. Welcome!',
  codeSent: 'A new code is on its way.',
  signUpAgain: 'Sign up again',
  backToLogin: 'Back to login',
});

/**
 * The wait the server names in a "Please wait N seconds" refusal, if it names one (the
 * server's messages stay in English).
 */
export function waitSecondsOf(message: string): number | null {
  const match = /wait (\d+) seconds?/i.exec(message);
  return match ? Number(match[1]) : null;
}

/** Account verification: the code sent by SMS, with the code's life and the resend wait. */
export default function VerificationPage() {
  const t = useMessages(messages);
  const [pending, setPending] = useState<PendingVerification | null>(readPendingVerification);
  const [userName, setUserName] = useState(pending?.userName ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [finishing, setFinishing] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyUser();
  const resend = useResendVerificationCode();
  const codeLeft = useCountdown(pending?.codeExpiresAtMs ?? null);
  const resendLeft = useCountdown(pending?.resendAtMs ?? null);
  const busy = verify.isPending || finishing;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = verificationRequestSchema.safeParse({
      userName: sanitizeInput(userName),
      code: sanitizeInput(code),
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    verify.mutate(parsed.data, {
      onSuccess: async (result) => {
        setFinishing(true);
        try {
          await establishSession(result, queryClient);
          clearPendingVerification();
          toast.success(messages.get().verified);
          await navigate(paths.home.path, { replace: true });
        } catch (error) {
          toast.error(errorMessage(error));
        } finally {
          setFinishing(false);
        }
      },
      onError: (error) => {
        const message = errorMessage(error);
        setErrors({ code: message });
        toast.error(message);
      },
    });
  };

  const onResend = () => {
    const name = sanitizeInput(userName);
    if (!name) {
      setErrors({ userName: t.enterUserName });
      return;
    }
    resend.mutate(name, {
      onSuccess: (timing) => {
        setPending(writePendingVerification(name, pending?.maskedMobile ?? '', timing));
        setCode('');
        setErrors({});
        toast.success(messages.get().codeSent);
      },
      onError: (error) => {
        const message = errorMessage(error);
        toast.error(message);
        // The server's own wait outranks the one this page counted.
        const wait = waitSecondsOf(message);
        if (wait !== null && pending) {
          setPending({ ...pending, resendAtMs: Date.now() + wait * 1000 });
        }
      },
    });
  };

  const codeExpired = pending !== null && codeLeft === 0;
  return (
    <div className="auth-page" data-testid="verification-page">
      <Page
        lead={
          pending?.maskedMobile
            ? t.leadSentTo({ length: VERIFICATION_CODE_LENGTH, mobile: pending.maskedMobile })
            : t.lead
        }
      >
        <form className="auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
          {pending ? null : (
            <TextField
              label={t.userName}
              name="userName"
              icon={userIcon}
              autoComplete="username"
              autoCapitalize="none"
              value={userName}
              onChange={(e) => setUserName(e.target.value)}
              error={errors.userName}
            />
          )}
          <TextField
            label={t.code}
            name="code"
            icon={shieldIcon}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder={'•'.repeat(VERIFICATION_CODE_LENGTH)}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            error={errors.code ?? (pending ? errors.userName : undefined)}
          />
          {pending ? (
            <p className="auth-countdown" data-testid="code-countdown" aria-live="polite">
              {codeExpired ? t.expired : t.expiresIn({ time: formatCountdown(codeLeft) })}
            </p>
          ) : null}
          <div className="auth-form__actions">
            <Button type="submit" size="lg" block icon={shieldIcon} disabled={busy}>
              {busy ? t.verifying : t.verify}
            </Button>
            <Button
              variant="outline"
              size="lg"
              block
              icon={rotateIcon}
              disabled={resendLeft > 0 || resend.isPending}
              onClick={onResend}
              data-testid="resend-code"
            >
              {resendLeft > 0 ? t.resendIn({ seconds: resendLeft }) : t.resend}
            </Button>
          </div>
        </form>
        <p className="auth-switch">
          <Link to={paths.auth.signup.path}>{t.signUpAgain}</Link> ·{' '}
          <Link to={paths.auth.login.path}>{t.backToLogin}</Link>
        </p>
      </Page>
    </div>
  );
}
