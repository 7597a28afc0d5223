import { useId, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { useStoreImage } from '../api/store-image';
import { readSlip, SLIP_ACCEPT } from '../model/slip';

const messages = i18n('wallet/slip-field', {
  label: 'Payment screenshot',
  preview: 'Your payment screenshot',
  chooseAnother: 'Choose another',
  attach: 'Attach screenshot',
  uploading: 'Uploading…',
  attached: 'Screenshot attached.',
  hint: 'PNG, JPEG or WebP, up to 2 MB.',
});

type SlipState =
  | { step: 'none' }
  | { step: 'uploading'; preview: string }
  | { step: 'stored'; preview: string; id: string }
  | { step: 'failed'; preview: string | null; message: string };

/**
 * The payment screenshot: chosen from the device, checked against the contract's rules,
 * stored at once with `Setting/StoreImage`, and shown as a thumbnail. `onStored` gets the
 * stored image's id, or null while there is none.
 */
export function SlipField({
  onStored,
  error,
  disabled,
}: {
  onStored: (id: string | null) => void;
  /** Why the deposit cannot go without it, after a submit. */
  error?: string | null;
  disabled?: boolean;
}) {
  const t = useMessages(messages);
  const id = useId();
  const [slip, setSlip] = useState<SlipState>({ step: 'none' });
  const store = useStoreImage();

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a failure: the input must forget it.
    event.target.value = '';
    if (!file) return;
    onStored(null);
    const read = await readSlip(file);
    if (!read.ok) {
      setSlip({ step: 'failed', preview: null, message: read.message });
      return;
    }
    setSlip({ step: 'uploading', preview: read.dataUrl });
    store.mutate(read.dataUrl, {
      onSuccess: (stored) => {
        setSlip({ step: 'stored', preview: read.dataUrl, id: stored.id });
        onStored(stored.id);
      },
      onError: (failure) =>
        setSlip({ step: 'failed', preview: read.dataUrl, message: errorMessage(failure) }),
    });
  };

  const message = slip.step === 'failed' ? slip.message : slip.step === 'none' ? error : null;
  const preview = slip.step === 'none' ? null : slip.preview;
  return (
    <div className={`slip-field${message ? ' slip-field--invalid' : ''}`}>
      <span className="slip-field__label" id={`${id}-label`}>
        {t.label}
      </span>
      <div className="slip-field__body">
        {preview ? <img className="slip-field__thumb" src={preview} alt={t.preview} /> : null}
        <input
          id={id}
          className="slip-field__input"
          type="file"
          accept={SLIP_ACCEPT}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-note`}
          aria-invalid={message ? true : undefined}
          disabled={disabled || slip.step === 'uploading'}
          onChange={(event) => void onChange(event)}
        />
        {/* The input is hidden under a label drawn as the ui kit's button; it keeps the focus. */}
        <label className="button button--outline button--md slip-field__pick" htmlFor={id}>
          {preview ? t.chooseAnother : t.attach}
        </label>
      </div>
      <p
        id={`${id}-note`}
        className={message ? 'slip-field__error' : 'slip-field__hint'}
        role={message ? 'alert' : undefined}
      >
        {message ??
          (slip.step === 'uploading' ? t.uploading : slip.step === 'stored' ? t.attached : t.hint)}
      </p>
    </div>
  );
}
