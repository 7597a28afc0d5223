import type { ButtonHTMLAttributes } from 'react';
import './controls.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost';
  size?: 'normal' | 'small';
  /** Shows the button as working and keeps it from being pressed again. */
  busy?: boolean;
}

/**
 * A button; `type` defaults to `button` so only a form's submit button submits it. A busy
 * button refuses presses but stays focusable (`aria-disabled`): a disabled one would drop the
 * keyboard's focus to the page while its action runs.
 */
export function Button({
  variant = 'secondary',
  size = 'normal',
  busy = false,
  type = 'button',
  className,
  disabled,
  onClick,
  children,
  ...rest
}: ButtonProps) {
  const classes = [
    'button',
    `button--${variant}`,
    size === 'small' ? 'button--small' : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={busy ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {children}
    </button>
  );
}
