import { useStore } from 'zustand';
import { Icon } from '../icons/icon';
import { toastStore, type ToastKind } from './toast-store';
import { circleCheckIcon } from '../icons/set/circle-check-icon';
import { circleExclamationIcon } from '../icons/set/circle-exclamation-icon';
import { circleInfoIcon } from '../icons/set/circle-info-icon';
import { xmarkIcon } from '../icons/set/xmark-icon';
import type { IconDefinition } from '../icons/icon-definition';
import './toaster.css';

const KIND_ICONS: Record<ToastKind, IconDefinition> = {
  error: circleExclamationIcon,
  success: circleCheckIcon,
  info: circleInfoIcon,
};

/** The toast stack, fixed to the top right. */
export function Toaster() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  return (
    <div className="toasts" data-testid="toasts" role="region" aria-label="Notifications">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast--${t.kind}`}
          data-testid="toast"
          data-kind={t.kind}
          role={t.kind === 'error' ? 'alert' : 'status'}
        >
          <Icon icon={KIND_ICONS[t.kind]} className="toast__icon" />
          <p className="toast__message">{t.message}</p>
          <button
            type="button"
            className="toast__close"
            aria-label="Dismiss"
            onClick={() => dismiss(t.id)}
          >
            <Icon icon={xmarkIcon} />
          </button>
        </div>
      ))}
    </div>
  );
}
