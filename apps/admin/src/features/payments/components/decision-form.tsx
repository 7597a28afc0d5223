import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { FieldErrors } from '../../../shared/forms/request-errors';
import { Button } from '../../../shared/ui/button';
import { ErrorNotice } from '../../../shared/ui/notice';

export interface DecisionFormProps {
  /** What is being decided, as the form's heading: `Approve the deposit`. */
  title: string;
  /** What will happen, naming the player and the amount. */
  description: ReactNode;
  confirmLabel: string;
  tone: 'primary' | 'danger';
  /** The fields, given the current messages by field name. */
  renderFields: (errors: FieldErrors) => ReactNode;
  /** Checks the fields against the contract before the call: messages by field, or null. */
  validate: () => FieldErrors | null;
  /** Makes the call; a refusal (decided by someone else first) shows in place. */
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The step between choosing a decision and making it, inside the request's dialog (a second
 * dialog over the first would fight it for Esc and focus): says what will happen, asks for
 * the fields, and calls only when the operator confirms and the contract accepts them.
 */
export function DecisionForm({
  title,
  description,
  confirmLabel,
  tone,
  renderFields,
  validate,
  onConfirm,
  onCancel,
}: DecisionFormProps) {
  const headingId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found ?? {});
    setFailure(null);
    if (found) return;
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="decision" aria-labelledby={headingId} onSubmit={submit} noValidate>
      <h3 className="section__title" id={headingId}>
        {title}
      </h3>
      <div className="dialog__description">{description}</div>
      {renderFields(errors)}
      {failure ? <ErrorNotice error={failure} /> : null}
      <div className="form-actions">
        <Button onClick={onCancel}>Back</Button>
        <Button type="submit" variant={tone} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </form>
  );
}
