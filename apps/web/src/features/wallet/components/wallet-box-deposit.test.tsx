import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { chooseLanguage } from '../../../shared/i18n/language';
import { renderPage } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { WalletBox } from './wallet-box';

/*
 * The header's deposit link says "Deposit" at every width, a phone's too (the styles' rules
 * outside media queries are a phone's: jsdom reads them and leaves wider screens' queries out).
 */

// The stylesheet's text, as the browser reads it (the test build leaves CSS imports empty).
const walletBoxCss = readFileSync(path.join(import.meta.dirname, 'wallet-box.css'), 'utf8');

let style: HTMLStyleElement;
beforeEach(() => {
  style = document.createElement('style');
  style.textContent = walletBoxCss;
  document.head.append(style);
  logInPlayer({ isDemo: false, balance: 0, exposure: 0 });
});
afterEach(async () => {
  style.remove();
  vi.unstubAllGlobals();
  await act(() => chooseLanguage('en'));
});

/** Whether an element is drawn: not clipped away to a pixel for screen readers alone. */
function drawn(element: Element): boolean {
  const css = getComputedStyle(element);
  return css.position !== 'absolute' && css.clipPath !== 'inset(50%)' && css.display !== 'none';
}

describe('the header’s deposit link on a phone', () => {
  it('shows its name, in the player’s language', async () => {
    renderPage(() => <WalletBox depositShortcut />, { path: '/' });
    const link = await screen.findByRole('link', { name: 'Deposit' });
    const label = link.querySelector('.wallet-box__deposit-label');
    expect(label?.textContent).toBe('Deposit');
    // The stylesheet is read: the deposit link's own rules apply.
    expect(getComputedStyle(link).whiteSpace).toBe('nowrap');
    expect(label && drawn(label)).toBe(true);

    await act(() => chooseLanguage('hi'));
    expect((await screen.findByRole('link', { name: 'डिपॉज़िट' })).textContent).toBe('डिपॉज़िट');
  });

  it('keeps the top-up link of a demo player to its icon, its name for screen readers', async () => {
    logInPlayer({ isDemo: true, balance: 0, exposure: 0 });
    renderPage(() => <WalletBox depositShortcut />, { path: '/' });
    const label = document.querySelector('.wallet-box__top-up-label');
    expect(label).not.toBeNull();
    expect(label && drawn(label)).toBe(false);
  });
});
