import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { Icon } from '../icons/icon';
import type { IconDefinition } from '../icons/icon-definition';
import './button.css';

export type ButtonVariant = 'primary' | 'accent' | 'outline' | 'ghost';

interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  icon?: IconDefinition;
  children?: ReactNode;
}

function buttonClass({ variant = 'primary', size = 'md', block }: ButtonLookProps, extra?: string) {
  return [
    'button',
    `button--${variant}`,
    `button--${size}`,
    block ? 'button--block' : '',
    extra ?? '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** A themed button. */
export function Button({
  variant,
  size,
  block,
  icon,
  children,
  className,
  type = 'button',
  ...rest
}: ButtonLookProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type={type} className={buttonClass({ variant, size, block }, className)} {...rest}>
      {icon ? <Icon icon={icon} /> : null}
      {children}
    </button>
  );
}

/** A link that looks like a themed button. */
export function ButtonLink({
  variant,
  size,
  block,
  icon,
  children,
  className,
  ...rest
}: ButtonLookProps & LinkProps) {
  return (
    <Link className={buttonClass({ variant, size, block }, className)} {...rest}>
      {icon ? <Icon icon={icon} /> : null}
      {children}
    </Link>
  );
}
