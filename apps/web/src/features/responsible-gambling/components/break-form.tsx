import { breakEnd, type GamblingBreak } from '@backlay/contract/responsible-gambling';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage, RequestError } from '../../../shared/api/request-error';
import type { FieldErrors } from '../../../shared/forms/field-errors';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { lockIcon } from '../../../shared/icons/set/lock-icon';
import { logout } from '../../../shared/session/session-end';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { TextField } from '../../../shared/ui/text-field';
import {
  breakFormErrors,
  breakMessages,
  breakStartedMessage,
  formatBreakEnd,
  type BreakKind,
  type BreakPeriod,
} from '../model/break-periods';
import { PeriodChoices } from './period-choices';

const messages = i18n('responsible-gambling/break-form', {
  howLong: 'How long',
  password: 'Your password',
  starting: 'Starting…',
  cancel: 'Cancel',
});

/** How a break's form starts it: the mutation's `mutate`, with what to do after. */
export type StartBreak<Period extends BreakPeriod> = (
  input: { period: Period; password: string },
  after: { onSuccess: (taken: GamblingBreak) => void; onError: (error: unknown) => void },
) => void;

/** What a break's form and its confirmation say. */
export interface BreakCopy {
  title: string;
  intro: ReactNode;
  submitLabel: string;
  /** The dialog's title for the chosen length (`7 days`). */
  confirmTitle: (length: string) => string;
  /** The dialog's text for the end the break would have (`3 Dec 2026, 14:30 IST`). */
  confirmText: (end: string) => ReactNode;
  confirmLabel: string;
}

/**
 * One kind of break: its length, the password, and a confirmation stating when it would end.
 * Once the server has started it, the player's sessions are over there: this one ends the way
 * a logout does (storage cleared, caches emptied, on to the login page), with the end time
 * told in a toast that the login page shows too.
 */
export function BreakForm<Period extends BreakPeriod>({
  kind,
  copy,
  choices,
  start,
  starting,
}: {
  kind: BreakKind;
  copy: BreakCopy;
  choices: readonly Period[];
  start: StartBreak<Period>;
  starting: boolean;
}) {
  const t = useMessages(messages);
  const lengths = useMessages(breakMessages);
  const titleId = useId();
  const [period, setPeriod] = useState<Period | null>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ period: Period; end: Date } | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const found = breakFormErrors(kind, { period, password });
    setErrors(found);
    if (period === null || Object.keys(found).length > 0) return;
    setConfirming({ period, end: breakEnd(period, new Date()) });
  };

  const onConfirm = () => {
    if (!confirming) return;
    // The password goes exactly as typed: it is a secret, not free text.
    start(
      { period: confirming.period, password },
      {
        onSuccess: (taken) => {
          toast.success(breakStartedMessage(taken));
          logout();
        },
        onError: (error) => {
          setConfirming(null);
          const message = errorMessage(error);
          // A wrong password belongs beside that field.
          if (error instanceof RequestError && error.status === 400) {
            setErrors({ password: message });
          } else {
            setRefusal(message);
          }
        },
      },
    );
  };

  return (
    <form
      className="rg-break"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      aria-busy={starting}
    >
      <h3 className="rg-break__title" id={titleId}>
        {copy.title}
      </h3>
      {copy.intro}
      <PeriodChoices
        legend={t.howLong}
        choices={choices}
        selected={period}
        error={errors.period}
        disabled={starting}
        onSelect={setPeriod}
      />
      <TextField
        label={t.password}
        name={`${kind.toLowerCase()}-password`}
        type="password"
        icon={lockIcon}
        autoComplete="current-password"
        value={password}
        error={errors.password}
        disabled={starting}
        onChange={(e) => setPassword(e.target.value)}
      />
      {refusal ? (
        <p className="rg-alert" role="alert">
          {refusal}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="outline" disabled={starting}>
          {copy.submitLabel}
        </Button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title={copy.confirmTitle(lengths[confirming.period])}
          confirmLabel={starting ? t.starting : copy.confirmLabel}
          cancelLabel={t.cancel}
          busy={starting}
          onConfirm={onConfirm}
          onClose={() => {
            if (!starting) setConfirming(null);
          }}
        >
          {copy.confirmText(formatBreakEnd(confirming.end))}
        </ConfirmDialog>
      ) : null}
    </form>
  );
}
