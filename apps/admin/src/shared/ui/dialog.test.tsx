import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

/** A page with a button that opens a dialog of two fields and a button that removes itself. */
function Harness() {
  const [open, setOpen] = useState(false);
  const [gone, setGone] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog title="Confirm" onClose={() => setOpen(false)}>
          <input aria-label="First" data-autofocus />
          <input aria-label="Second" />
          {gone ? null : (
            <button type="button" onClick={() => setGone(true)}>
              Vanish
            </button>
          )}
        </Dialog>
      ) : null}
    </>
  );
}

function openDialog() {
  render(<Harness />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

const tab = (shiftKey = false) =>
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
  });

describe('the dialog', () => {
  it('takes focus to the field marked for it, and names itself by its title', () => {
    openDialog();
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First'));
  });

  it('keeps Tab and Shift+Tab inside it', () => {
    openDialog();
    screen.getByRole('button', { name: 'Vanish' }).focus();
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Vanish' }));
  });

  it('closes with Esc and gives focus back to what opened it', () => {
    const opener = openDialog();
    fireEvent.keyDown(screen.getByLabelText('Second'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('still answers Esc and Tab when focus fell out of it', () => {
    openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Vanish' }));
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    tab();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
