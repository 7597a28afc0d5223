import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './switch-field.css';

export type SwitchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & {
  label: ReactNode;
  /** A line under the switch while there is no error. */
  hint?: ReactNode;
  error?: string | undefined;
  /** `danger`: a switch whose "on" closes something to players, drawn in the danger colour. */
  tone?: 'normal' | 'danger';
};

/** An on/off setting: a checkbox drawn as a switch, announced as one. */
export function SwitchField({
  label,
  hint,
  error,
  tone = 'normal',
  className,
  id,
  ...rest
}: SwitchFieldProps) {
  const fallback = useId();
  const inputId = id ?? fallback;
  const note = error ?? hint;
  return (
    <div
      className={['switch-field', tone === 'danger' ? 'switch-field--danger' : '', className]
        .filter(Boolean)
        .join(' ')}
    >
      <label className="switch" htmlFor={inputId}>
        <input
          id={inputId}
          type="checkbox"
          role="switch"
          className="switch__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? `${inputId}-note` : undefined}
          {...rest}
        />
        <span className="switch__track" aria-hidden="true" />
        <span className="switch__label">{label}</span>
      </label>
      {note ? (
        <p className={error ? 'field__error' : 'field__hint'} id={`${inputId}-note`}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
