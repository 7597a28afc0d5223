import { completeEnrolmentRoute } from '@backlay/contract/admin-calls';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { requestErrors, type FieldErrors } from '../../../shared/forms/request-errors';
import { paths } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { CopyField } from '../../../shared/ui/copy-field';
import { TextField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { useCompleteEnrolment } from '../api/complete-enrolment';
import { useEnrolment, type Enrolment } from '../api/enrolment';
import '../../../shared/ui/bare.css';
import './auth.css';

/** The base32 secret in groups of four, easier to type into an app by hand. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The recovery codes, shown once, then the operator's word that they kept them. */
function RecoveryCodes({ codes, onSaved }: { codes: readonly string[]; onSaved: () => void }) {
  return (
    <div className="stack">
      <h1 className="bare__title">Save your recovery codes</h1>
      <Notice tone="warning">
        <p>
          Each code signs you in once in place of your authenticator app. They are shown only now:
          keep them somewhere safe, away from your phone.
        </p>
      </Notice>
      <ol className="enrol__codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <CopyField label="All codes" value={codes.join('\n')} multiline />
      <Button variant="primary" onClick={onSaved}>
        I have saved them
      </Button>
    </div>
  );
}

/** The form: what the link sets up, and the new password with the app's first code. */
function EnrolmentForm({
  token,
  enrolment,
  onDone,
}: {
  token: string;
  enrolment: Enrolment;
  onDone: (codes: string[]) => void;
}) {
  const complete = useCompleteEnrolment();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete.isPending) return;
    const input = { token, password, code };
    const found: FieldErrors = { ...requestErrors(completeEnrolmentRoute, input) };
    if (!found.password && password !== repeat) found.repeat = 'The passwords do not match';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    complete.mutate(input, { onSuccess: (result) => onDone(result.recoveryCodes) });
  };

  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="enrol-title">
      <h1 className="bare__title" id="enrol-title">
        Set up your account
      </h1>
      <dl className="enrol__facts">
        <dt>User name</dt>
        <dd>{enrolment.userName}</dd>
        <dt>Role</dt>
        <dd>{enrolment.role.replace('_', ' ')}</dd>
        <dt>Link valid until</dt>
        <dd>{formatDateTime(enrolment.expiresAt)}</dd>
      </dl>
      <div className="enrol__setup">
        <img
          className="enrol__qr"
          src={enrolment.qrCodeDataUrl}
          alt="QR code to scan with your authenticator app"
          width={200}
          height={200}
        />
        <div className="stack">
          <p>
            1. Scan the QR code with your authenticator app (Google Authenticator, Microsoft
            Authenticator, 1Password, …).
          </p>
          <p>If you cannot scan it, type this secret into the app instead:</p>
          <p className="enrol__secret" aria-label="Secret">
            {groupSecret(enrolment.secret)}
          </p>
          <p>2. Choose a password of at least 12 characters and enter the code the app shows.</p>
        </div>
      </div>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        hint="At least 12 characters."
      />
      <TextField
        label="New password again"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={errors.repeat}
      />
      <TextField
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={errors.code}
      />
      {complete.isError ? <ErrorNotice error={complete.error} /> : null}
      <Button type="submit" variant="primary" busy={complete.isPending}>
        {complete.isPending ? 'Setting up…' : 'Set up my account'}
      </Button>
    </form>
  );
}

type Step = { kind: 'form' } | { kind: 'codes'; codes: string[] } | { kind: 'done' };

/**
 * `/admin/enrol#<token>`: a new operator sets their password and authenticator app. The token
 * travels in the fragment, which browsers never send, so it reaches no log from the page's URL.
 */
export default function EnrolPage() {
  const location = useLocation();
  const navigate = useNavigate();
  // Kept from the first render: the fragment is dropped once the link is spent.
  const [token] = useState(() => decodeURIComponent(location.hash.replace(/^#/, '')));
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const enrolment = useEnrolment(step.kind === 'form' ? token : '');

  const completed = (codes: string[]) => {
    setStep({ kind: 'codes', codes });
    // The spent link leaves the address bar and the history entry.
    void navigate({ pathname: paths.enrol.path, hash: '' }, { replace: true });
  };

  let content;
  if (step.kind === 'done') {
    content = (
      <div className="stack">
        <h1 className="bare__title">Your account is ready</h1>
        <p>Sign in with your user name, your new password and the code from your app.</p>
        <Link className="button button--primary" to={paths.signIn.getHref()}>
          Go to sign-in
        </Link>
      </div>
    );
  } else if (step.kind === 'codes') {
    content = <RecoveryCodes codes={step.codes} onSaved={() => setStep({ kind: 'done' })} />;
  } else if (token === '') {
    content = (
      <Notice tone="error" title="This enrolment link is incomplete">
        <p>Open the whole link you were sent, or ask an owner for a new one.</p>
      </Notice>
    );
  } else if (enrolment.isPending) {
    content = <Loading />;
  } else if (enrolment.isError) {
    content = (
      <div className="stack">
        <h1 className="bare__title">Set up your account</h1>
        <ErrorNotice error={enrolment.error} />
        <p className="muted">
          An enrolment link works once and for a limited time; an owner can send a new one.
        </p>
      </div>
    );
  } else {
    content = <EnrolmentForm token={token} enrolment={enrolment.data} onDone={completed} />;
  }

  return (
    <div className="bare__card bare__card--wide">
      <p className="bare__brand">Backlay back office</p>
      {content}
    </div>
  );
}
