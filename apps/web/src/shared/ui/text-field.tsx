import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Icon } from '../icons/icon';
import type { IconDefinition } from '../icons/icon-definition';
import './text-field.css';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  icon?: IconDefinition;
  /** A control inside the field's right edge, e.g. a show-password toggle. */
  trailing?: ReactNode;
}

/** A labelled text input with an optional leading icon. */
export function TextField({ label, icon, trailing, id, className, ...rest }: TextFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div className={className ? `text-field ${className}` : 'text-field'}>
      <label className="text-field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="text-field__control">
        {icon ? <Icon icon={icon} className="text-field__icon" /> : null}
        <input id={inputId} className="text-field__input" {...rest} />
        {trailing}
      </div>
    </div>
  );
}
