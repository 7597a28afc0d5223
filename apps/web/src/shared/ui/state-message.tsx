import type { ReactNode } from 'react';
import { Icon } from '../icons/icon';
import { circleExclamationIcon } from '../icons/set/circle-exclamation-icon';
import { circleInfoIcon } from '../icons/set/circle-info-icon';
import './spinner.css';
import './state-message.css';

export interface StateMessageProps {
  /** Loading, nothing to show, or a failure; each says plainly which. */
  kind: 'loading' | 'empty' | 'error';
  /** The one sentence to show, e.g. "No cricket matches are scheduled right now." */
  children: ReactNode;
  /** A control under the message, e.g. a retry button. */
  action?: ReactNode;
  /** Tight spacing, for a box inside a card. */
  compact?: boolean;
}

/** What a list or panel shows instead of data: it never shows made-up data. */
export function StateMessage({ kind, children, action, compact }: StateMessageProps) {
  const className = `state-message state-message--${kind}${compact ? ' state-message--compact' : ''}`;
  return (
    <div className={className} role={kind === 'error' ? 'alert' : 'status'}>
      {kind === 'loading' ? (
        <span className="spinner" aria-hidden="true" />
      ) : (
        <Icon icon={kind === 'error' ? circleExclamationIcon : circleInfoIcon} />
      )}
      <p className="state-message__text">{children}</p>
      {action}
    </div>
  );
}
