import { useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors } from '../forms/request-errors';
import { Button } from './button';
import { Dialog } from './dialog';
import { TextAreaField } from './fields';
import { ErrorNotice } from './notice';

export interface ConfirmDialogProps {
  title: string;
  /** What is about to happen, naming what it happens to. */
  description: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Asks the operator why (the audit log keeps it); off for actions that take no reason. */
  askReason?: boolean;
  /** Further fields, given the current messages by field name. */
  renderFields?: (errors: FieldErrors) => ReactNode;
  /** Checks the fields and the reason before the call: messages by field, or null. */
  validate?: (reason: string) => FieldErrors | null;
  /** Does the action; the dialog closes when it resolves and shows why when it rejects. */
  onConfirm: (reason: string) => Promise<unknown>;
  /** Words a refusal; by default a FORBIDDEN reads as a want of permission. */
  failureText?: (error: unknown) => string;
  onClose: () => void;
}

/**
 * Asks before an action: says what will happen, asks for a reason, checks the fields, and
 * shows the server's refusal (a CONFLICT, a missing permission) in place, leaving the dialog
 * open so the operator can read it.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  tone = 'primary',
  askReason = true,
  renderFields,
  validate,
  onConfirm,
  failureText,
  onClose,
}: ConfirmDialogProps) {
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate?.(reason) ?? null;
    setErrors(found ?? {});
    setFailure(null);
    if (found && Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onConfirm(reason);
      onClose();
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <div className="dialog__description">{description}</div>
        {renderFields?.(errors)}
        {askReason ? (
          <TextAreaField
            label="Reason"
            hint="Kept in the audit log with your name."
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={errors.reason}
            rows={3}
            maxLength={500}
            data-autofocus
          />
        ) : null}
        {failure ? <ErrorNotice error={failure} text={failureText} /> : null}
        <div className="dialog__actions">
          <Button onClick={onClose} data-autofocus={askReason ? undefined : true}>
            Cancel
          </Button>
          <Button type="submit" variant={tone} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
