import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * The open state of a panel that hangs off a toggle: it closes when the player goes to
 * another page (however they get there), presses Escape, or presses anywhere outside `root`.
 */
export function usePopover<T extends HTMLElement>() {
  const { key } = useLocation();
  const [open, setOpen] = useState(false);
  const [openedOn, setOpenedOn] = useState(key);
  const root = useRef<T>(null);
  // A new location closes the panel in the same render, so it never shows over the next page.
  if (openedOn !== key) {
    setOpenedOn(key);
    setOpen(false);
  }
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((v) => !v), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node && root.current?.contains(event.target))) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close]);

  return { open, toggle, close, root };
}
