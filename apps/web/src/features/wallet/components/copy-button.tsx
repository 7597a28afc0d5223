import { Icon } from '../../../shared/icons/icon';
import { copyIcon } from '../../../shared/icons/set/copy-icon';
import { toast } from '../../../shared/toasts/toast-store';

export const COPIED_MESSAGE = 'Copied';
export const COPY_FAILED_MESSAGE = 'This browser would not copy it: select the text and copy it.';

async function copy(value: string): Promise<void> {
  try {
    // The clipboard exists on secure (https and localhost) pages only.
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(value);
    toast.success(COPIED_MESSAGE);
  } catch {
    toast.error(COPY_FAILED_MESSAGE);
  }
}

/** Copies one payment detail (a UPI id, an account number) for pasting in the payer's app. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <button
      type="button"
      className="copy-button"
      aria-label={`Copy ${label}`}
      onClick={() => void copy(value)}
    >
      <Icon icon={copyIcon} />
      <span>Copy</span>
    </button>
  );
}
