import type { ReactNode } from 'react';
import { i18n, useMessages } from '../i18n/i18n';
import { Button } from './button';
import { Dialog } from './dialog';

const messages = i18n('shared/confirm-dialog', { keep: 'Keep it' });

/** Asks before something that cannot be undone; the action button says what it does. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useMessages(messages);
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {cancelLabel ?? t.keep}
          </Button>
          <Button disabled={busy} aria-busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
