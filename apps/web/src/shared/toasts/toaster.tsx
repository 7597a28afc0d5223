import { useStore } from 'zustand';
import { i18n, useMessages } from '../i18n/i18n';
import { Icon } from '../icons/icon';
import { toastStore, type ToastKind } from './toast-store';
import { circleCheckIcon } from '../icons/set/circle-check-icon';
import { circleExclamationIcon } from '../icons/set/circle-exclamation-icon';
import { circleInfoIcon } from '../icons/set/circle-info-icon';
import { xmarkIcon } from '../icons/set/xmark-icon';
import type { IconDefinition } from '../icons/icon-definition';
import './toaster.css';

const messages = i18n('shared/toaster', { region: 'Notifications', dismiss: 'Dismiss' });

const KIND_ICONS: Record<ToastKind, IconDefinition> = {
  error: circleExclamationIcon,
  success: circleCheckIcon,
  info: circleInfoIcon,
};

/** The toast stack, fixed to the top right. */
export function Toaster() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  const t = useMessages(messages);
  return (
    <div className="toasts" data-testid="toasts" role="region" aria-label={t.region}>
      {toasts.map((shown) => (
        <div
          key={shown.id}
          className={`toast toast--${shown.kind}`}
          data-testid="toast"
          data-kind={shown.kind}
          role={shown.kind === 'error' ? 'alert' : 'status'}
        >
          <Icon icon={KIND_ICONS[shown.kind]} className="toast__icon" />
          <p className="toast__message">{shown.message}</p>
          <button
            type="button"
            className="toast__close"
            aria-label={t.dismiss}
            onClick={() => dismiss(shown.id)}
          >
            <Icon icon={xmarkIcon} />
          </button>
        </div>
      ))}
    </div>
  );
}
