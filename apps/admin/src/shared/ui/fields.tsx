import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import './controls.css';

interface FieldFrameProps {
  label: string;
  /** What is wrong with the value, under the field. */
  error?: string | null | undefined;
  /** A hint under the field while there is no error. */
  hint?: ReactNode;
  className?: string | undefined;
}

function describedBy(id: string, error: FieldFrameProps['error'], hint: ReactNode) {
  return error || hint ? `${id}-note` : undefined;
}

function FieldNote({
  id,
  error,
  hint,
}: {
  id: string;
  error: FieldFrameProps['error'];
  hint: ReactNode;
}) {
  if (error) {
    return (
      <p className="field__error" id={`${id}-note`}>
        {error}
      </p>
    );
  }
  return hint ? (
    <p className="field__hint" id={`${id}-note`}>
      {hint}
    </p>
  ) : null;
}

export type TextFieldProps = FieldFrameProps & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its error or hint. */
export function TextField({ label, error, hint, className, id, ...rest }: TextFieldProps) {
  const fallback = useId();
  const inputId = id ?? fallback;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      />
      <FieldNote id={inputId} error={error} hint={hint} />
    </div>
  );
}

export type TextAreaFieldProps = FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled multi-line input with its error or hint. */
export function TextAreaField({ label, error, hint, className, id, ...rest }: TextAreaFieldProps) {
  const fallback = useId();
  const inputId = id ?? fallback;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <textarea
        id={inputId}
        className="field__control field__control--area"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      />
      <FieldNote id={inputId} error={error} hint={hint} />
    </div>
  );
}

export type SelectFieldProps = FieldFrameProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
  };

/** A labelled drop-down list with its error or hint. */
export function SelectField({
  label,
  error,
  hint,
  className,
  id,
  options,
  ...rest
}: SelectFieldProps) {
  const fallback = useId();
  const inputId = id ?? fallback;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <select
        id={inputId}
        className="field__control"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        {...rest}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNote id={inputId} error={error} hint={hint} />
    </div>
  );
}

export type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: ReactNode;
};

/** A checkbox with its label beside it. */
export function CheckboxField({ label, className, ...rest }: CheckboxFieldProps) {
  return (
    <label className={['checkbox', className].filter(Boolean).join(' ')}>
      <input type="checkbox" {...rest} />
      <span>{label}</span>
    </label>
  );
}
