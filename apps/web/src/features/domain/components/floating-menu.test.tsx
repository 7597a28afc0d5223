import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSetting } from '../../../shared/test/fixtures';
import { FloatingMenu } from './floating-menu';

/** Lays the page out as `pageHeightPx` tall, scrolled to `scrollYPx`, in an 800 px window. */
function layOut(pageHeightPx: number, scrollYPx: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    configurable: true,
    value: pageHeightPx,
  });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollYPx });
}

/** Scrolls and waits for the frame the menu measures in. */
async function scrollTo(scrollYPx: number, pageHeightPx = 3_000) {
  layOut(pageHeightPx, scrollYPx);
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });
}

afterEach(() => {
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  Reflect.deleteProperty(window, 'innerHeight');
  Reflect.deleteProperty(window, 'scrollY');
});

describe('the floating support button', () => {
  it('steps aside while the page is scrolled above its end, and is back at the end', async () => {
    render(
      <MemoryRouter>
        <FloatingMenu setting={buildSetting()} loggedIn={false} />
      </MemoryRouter>,
    );
    const menu = screen.getByTestId('floating-menu');
    await scrollTo(0, 600);
    // A page shorter than the window ends above the button.
    expect(menu.classList.contains('floating-menu--away')).toBe(false);

    await scrollTo(0);
    expect(menu.classList.contains('floating-menu--away')).toBe(true);
    await scrollTo(1_200);
    expect(menu.classList.contains('floating-menu--away')).toBe(true);
    await scrollTo(2_200);
    expect(menu.classList.contains('floating-menu--away')).toBe(false);
    expect(screen.getByRole('link', { name: 'Contact support' })).toBeTruthy();
  });
});
