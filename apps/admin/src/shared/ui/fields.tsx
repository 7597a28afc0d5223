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

/** What a field's control takes from its frame: its id, and the ARIA that ties it to its note. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The frame every labelled field shares: the label, the control `children` draws with the props
 * it is handed, and the error or hint under it.
 */
export function FieldFrame({
  label,
  error,
  hint,
  className,
  id,
  children,
}: FieldFrameProps & {
  id?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const fallback = useId();
  const inputId = id ?? fallback;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {children({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(inputId, error, hint),
      })}
      <FieldNote id={inputId} error={error} hint={hint} />
    </div>
  );
}

export type TextFieldProps = FieldFrameProps & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its error or hint. */
export function TextField({ label, error, hint, className, id, ...rest }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => <input {...control} className="field__control" {...rest} />}
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled multi-line input with its error or hint. */
export function TextAreaField({ label, error, hint, className, id, ...rest }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => (
        <textarea {...control} className="field__control field__control--area" {...rest} />
      )}
    </FieldFrame>
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
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className} id={id}>
      {(control) => (
        <select {...control} className="field__control" {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
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
