import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(node: HTMLElement | null): HTMLElement[] {
  return node ? Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
}

export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'normal' | 'wide';
}

/**
 * A modal dialog: focus moves into it (to the element marked `data-autofocus`, else the first
 * control), Tab and Shift+Tab stay inside it, Esc closes it, the page behind is inert, and
 * focus returns to whatever opened it.
 */
export function Dialog({ title, onClose, children, size = 'normal' }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = ref.current;
    const first =
      node?.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(node)[0] ?? node;
    first?.focus();
    const page = document.getElementById('root');
    page?.setAttribute('inert', '');

    // On the document, not the dialog: focus can leave the dialog without the operator moving
    // it (a control it was on is removed), and Esc and Tab must work all the same.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(ref.current);
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (!ref.current?.contains(active)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (active === first || active === ref.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      page?.removeAttribute('inert');
      opener?.focus();
    };
  }, []);

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={ref}
        className={`dialog dialog--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="dialog__head">
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
