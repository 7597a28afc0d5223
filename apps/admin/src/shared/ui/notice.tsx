import type { ReactNode } from 'react';
import { AdminApiError, errorText } from '../api/admin-api-error';
import { readableDetails } from '../forms/field-labels';
import { Button } from './button';
import './notice.css';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

/** A boxed message; errors are announced to screen readers as they appear. */
export function Notice({
  tone = 'info',
  title,
  children,
}: {
  tone?: NoticeTone;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className="notice__title">{title}</p> : null}
      {children}
    </div>
  );
}

/**
 * A failed call in place: "You do not have permission" for a refusal of the operator's role,
 * else the server's message (a validation failure adds its details, each field named in words);
 * `onRetry` offers to try again where another attempt could help. `text` words the failure
 * another way.
 */
export function ErrorNotice({
  error,
  onRetry,
  text = errorText,
}: {
  error: unknown;
  onRetry?: () => void;
  text?: (error: unknown) => string;
}) {
  const details =
    error instanceof AdminApiError && error.code === 'VALIDATION_FAILED' ? error.details : null;
  return (
    <Notice tone="error">
      <p>{text(error)}</p>
      {details ? <p className="notice__details">{readableDetails(details)}</p> : null}
      {onRetry ? (
        <Button size="small" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </Notice>
  );
}

/** Shown while a page's data loads. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="loading" role="status">
      {label}
    </p>
  );
}
