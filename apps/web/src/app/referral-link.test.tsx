import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSettingsResponse, jsonResponse } from '../shared/test/fixtures';
import { renderApp } from './app-test-kit';

/** Serves the site's settings; nothing else is called on these pages. */
function serveSettings() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/cdn/settings/')) return jsonResponse(buildSettingsResponse());
      throw new TypeError(`unexpected request ${url}`);
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a referral link', () => {
  it('opens the sign-up form with the code filled in', async () => {
    serveSettings();
    renderApp('/auth/signup?ref=pal2026');
    const field = await screen.findByLabelText<HTMLInputElement>('Referral code (optional)');
    expect(field.value).toBe('PAL2026');
  });

  it('of the bonus page sends a guest to login, and the code waits on the sign-up form', async () => {
    serveSettings();
    const { router } = renderApp('/bonus?ref=old1234');
    await screen.findByTestId('login-page');
    expect(router.state.location.pathname).toBe('/auth/login');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    });
    const field = await screen.findByLabelText<HTMLInputElement>('Referral code (optional)');
    expect(router.state.location.pathname).toBe('/auth/signup');
    expect(field.value).toBe('OLD1234');
  });
});
