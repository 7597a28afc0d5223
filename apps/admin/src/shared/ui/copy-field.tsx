import { useState } from 'react';
import { Button } from './button';
import './copy-field.css';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A value to hand on (a link, recovery codes) with a button that copies it. Where the
 * clipboard is refused, the text is selected so the operator can copy it by hand.
 */
export function CopyField({
  label,
  value,
  multiline = false,
}: {
  label: string;
  value: string;
  multiline?: boolean;
}) {
  const [state, setState] = useState<CopyState>('idle');
  const selectAll = (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) =>
    event.currentTarget.select();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className="copy-field">
      <span className="field__label">{label}</span>
      <div className="copy-field__row">
        {multiline ? (
          <textarea
            className="copy-field__value"
            aria-label={label}
            readOnly
            value={value}
            rows={value.split('\n').length}
            onFocus={selectAll}
          />
        ) : (
          <input
            className="copy-field__value"
            aria-label={label}
            readOnly
            value={value}
            onFocus={selectAll}
          />
        )}
        <Button size="small" onClick={() => void copy()}>
          {state === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="field__hint" role="status">
        {state === 'failed'
          ? 'The browser would not copy it: select the text and copy it by hand.'
          : ''}
      </p>
    </div>
  );
}
