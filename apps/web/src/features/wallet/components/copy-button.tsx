import { Icon } from '../../../shared/icons/icon';
import { copyIcon } from '../../../shared/icons/set/copy-icon';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { toast } from '../../../shared/toasts/toast-store';

const messages = i18n('wallet/copy-button', {
  copied: 'Copied',
  failed: 'This browser would not copy it: select the text and copy it.',
  copyLabel: params('Copy {label}'),
  copy: 'Copy',
});

async function copy(value: string): Promise<void> {
  try {
    // The clipboard exists on secure (https and localhost) pages only.
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(value);
    toast.success(messages.get().copied);
  } catch {
    toast.error(messages.get().failed);
  }
}

/** Copies one payment detail (a UPI id, an account number) for pasting in the payer's app. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useMessages(messages);
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={t.copyLabel({ label })}
      onClick={() => void copy(value)}
    >
      <Icon icon={copyIcon} />
      <span>{t.copy}</span>
    </button>
  );
}
