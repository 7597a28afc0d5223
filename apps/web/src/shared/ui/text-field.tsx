import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Icon } from '../icons/icon';
import type { IconDefinition } from '../icons/icon-definition';
import './text-field.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  icon?: IconDefinition;
  /** A control inside the field's right edge, e.g. a show-password toggle. */
  trailing?: ReactNode;
  /** What is wrong with the value, shown under the field. */
  error?: string | null;
  /** A hint shown under the field while there is no error. */
  hint?: ReactNode;
}

/** A labelled text input with an optional leading icon, hint and error message. */
export function TextField({
  label,
  icon,
  trailing,
  error,
  hint,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const noteId = `${inputId}-note`;
  const classes = ['text-field', error ? 'text-field--invalid' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <label className="text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="text-field__control">
        {icon ? <Icon icon={icon} className="text-field__icon" /> : null}
        <input
          id={inputId}
          className="text-field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? noteId : undefined}
          {...rest}
        />
        {trailing}
      </div>
      {error ? (
        <p className="text-field__error" id={noteId}>
          {error}
        </p>
      ) : hint ? (
        <p className="text-field__hint" id={noteId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
