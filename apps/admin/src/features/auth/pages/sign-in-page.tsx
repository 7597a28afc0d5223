import { signInRoute } from '@backlay/contract/admin-calls';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminApiError } from '../../../shared/api/admin-api-error';
import { requestErrors, type FieldErrors } from '../../../shared/forms/request-errors';
import {
  paths,
  safeReturnPath,
  SIGN_IN_ENDED_PARAM,
  SIGN_IN_RETURN_PARAM,
} from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/fields';
import { ErrorNotice, Notice } from '../../../shared/ui/notice';
import { useSignIn } from '../api/sign-in';
import '../../../shared/ui/bare.css';
import './auth.css';

const ENDED_MESSAGES: Record<string, string> = {
  'signed-out': 'You have signed out.',
  unauthorized: 'Your session has ended. Sign in again to go on.',
  expired: 'Your session has expired. Sign in again to go on.',
};

/** Recovery codes left at or under which the operator is told to get new ones. */
const FEW_RECOVERY_CODES = 2;

/** After a sign-in with a recovery code: how many are left, before going on. */
function RecoveryCodesLeft({ left, onContinue }: { left: number; onContinue: () => void }) {
  return (
    <div className="stack">
      <h1 className="bare__title">Signed in with a recovery code</h1>
      <Notice tone={left <= FEW_RECOVERY_CODES ? 'warning' : 'info'}>
        <p>
          {left === 1 ? 'You have 1 recovery code left.' : `You have ${left} recovery codes left.`}
        </p>
        {left <= FEW_RECOVERY_CODES ? (
          <p>Ask an owner to reset your enrolment to set up your authenticator app again.</p>
        ) : null}
      </Notice>
      <Button variant="primary" onClick={onContinue} autoFocus>
        Continue
      </Button>
    </div>
  );
}

/** `/admin/sign-in`: user name, password and the authenticator's code (or a recovery code). */
export default function SignInPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const signIn = useSignIn();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [codesLeft, setCodesLeft] = useState<number | null>(null);

  const ended = ENDED_MESSAGES[search.get(SIGN_IN_ENDED_PARAM) ?? ''];
  const goOn = () =>
    void navigate(safeReturnPath(search.get(SIGN_IN_RETURN_PARAM)) ?? paths.home.path, {
      replace: true,
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const input = { userName, password, code };
    const found = requestErrors(signInRoute, input);
    setErrors(found ?? {});
    if (found) return;
    signIn.mutate(input, {
      onSuccess: (result) => {
        if (result.recoveryCodesLeft === null) goOn();
        else setCodesLeft(result.recoveryCodesLeft);
      },
      // A code is good once: the next attempt needs a fresh one.
      onError: () => setCode(''),
    });
  };

  if (codesLeft !== null) {
    return (
      <div className="bare__card">
        <RecoveryCodesLeft left={codesLeft} onContinue={goOn} />
      </div>
    );
  }

  const rateLimited = signIn.error instanceof AdminApiError && signIn.error.code === 'RATE_LIMITED';
  return (
    <div className="bare__card">
      <p className="bare__brand">Backlay back office</p>
      <form className="stack" onSubmit={submit} noValidate aria-labelledby="sign-in-title">
        <h1 className="bare__title" id="sign-in-title">
          Sign in
        </h1>
        {ended && !signIn.isError ? <Notice tone="info">{ended}</Notice> : null}
        <TextField
          label="User name"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={userName}
          onChange={(event) => setUserName(event.target.value)}
          error={errors.userName}
          autoFocus
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <TextField
          label="Code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={errors.code}
          hint="The 6 digits your authenticator app shows, or one of your recovery codes."
        />
        {signIn.isError ? (
          rateLimited ? (
            <Notice tone="error" title="Too many attempts">
              <p>{signIn.error.message}</p>
            </Notice>
          ) : (
            <ErrorNotice error={signIn.error} />
          )
        ) : null}
        <Button type="submit" variant="primary" busy={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </div>
  );
}
