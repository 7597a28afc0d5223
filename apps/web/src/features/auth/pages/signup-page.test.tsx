import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { apiFetch, renderPage, type SeenRequest } from '../../../shared/test/render-page';
import {
  rememberedReferralCode,
  rememberReferralCodeIn,
} from '../../../shared/referral/referral-code';
import { storeTokens } from '../../../shared/session/session-store';
import { readPendingVerification } from '../model/pending-verification';
import SignupPage, { PASSWORDS_DIFFER_MESSAGE } from './signup-page';

const REGISTERED = {
  userName: 'bob_99',
  maskedMobile: '+91******3210',
  codeExpiresInSeconds: 600,
  resendAfterSeconds: 60,
};

function serve(answer: () => Response = () => jsonResponse(okEnvelope(REGISTERED))) {
  const seen: SeenRequest[] = [];
  vi.stubGlobal(
    'fetch',
    apiFetch({
      'Account/Register': (request) => {
        seen.push(request);
        return answer();
      },
    }),
  );
  return seen;
}

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  });
}

const VALID = {
  Username: 'bob_99',
  'Mobile number': '98765 43210',
  Password: 'Cricket2026',
  'Confirm password': 'Cricket2026',
};

afterEach(() => vi.unstubAllGlobals());

describe('the sign-up form', () => {
  it('explains every rule a field breaks, and calls nothing', async () => {
    const seen = serve();
    renderPage(SignupPage, { path: '/auth/signup' });
    fill({
      Username: '9lives',
      'Mobile number': '12345',
      Password: 'short',
      'Confirm password': 'x',
    });
    await submit();

    expect(
      screen.getByText('User name: 3 to 20 letters, digits or _, starting with a letter'),
    ).toBeTruthy();
    expect(screen.getByText('Enter a 10-digit mobile number')).toBeTruthy();
    expect(screen.getByText('Password: at least 8 characters')).toBeTruthy();
    expect(screen.getByText(PASSWORDS_DIFFER_MESSAGE)).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('asks for the confirmation to match even when all else is valid', async () => {
    const seen = serve();
    renderPage(SignupPage, { path: '/auth/signup' });
    fill({ ...VALID, 'Confirm password': 'Cricket2027' });
    await submit();
    expect(screen.getByText(PASSWORDS_DIFFER_MESSAGE)).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("registers on the site's domain and goes on to verification", async () => {
    const seen = serve();
    const { router } = renderPage(SignupPage, { path: '/auth/signup', domain: '99exch.com' });
    fill(VALID);
    await submit();

    expect((await screen.findByTestId('landed')).textContent).toBe('/auth/verfication');
    expect(router.state.location.pathname).toBe('/auth/verfication');
    expect(seen[0]?.json).toEqual({
      userName: 'bob_99',
      mobile: '+919876543210',
      password: 'Cricket2026',
      domain: '99exch.com',
    });
    const pending = readPendingVerification();
    expect(pending).toMatchObject({ userName: 'bob_99', maskedMobile: '+91******3210' });
    expect(pending?.resendAtMs).toBeGreaterThan(Date.now() + 55_000);
  });

  it('shows a taken name beside the name field and as a toast', async () => {
    serve(() => jsonResponse(failedEnvelope('That user name is taken.', 'CONFLICT'), 409));
    renderPage(SignupPage, { path: '/auth/signup' });
    fill(VALID);
    await submit();
    const field = screen.getByLabelText('Username');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(
      within(screen.getByTestId('signup-page')).getByText('That user name is taken.'),
    ).toBeTruthy();
    expect(within(screen.getByTestId('toasts')).getByTestId('toast').textContent).toContain(
      'That user name is taken.',
    );
  });

  it('waits for the site settings before registering', async () => {
    const seen = serve();
    renderPage(SignupPage, { path: '/auth/signup', domain: null });
    fill(VALID);
    await submit();
    expect(seen).toEqual([]);
  });
});

describe('the referral code of the sign-up form', () => {
  const REFERRAL_FIELD = 'Referral code (optional)';
  const referralField = () => screen.getByLabelText<HTMLInputElement>(REFERRAL_FIELD);

  it('is an optional field, sent only when filled in', async () => {
    const seen = serve();
    renderPage(SignupPage, { path: '/auth/signup' });
    expect(referralField().value).toBe('');
    fill(VALID);
    await submit();
    expect(seen[0]?.json).not.toHaveProperty('referralCode');
  });

  it('is filled in from the referral link, sent with the sign-up, and then forgotten', async () => {
    const seen = serve();
    renderPage(SignupPage, { path: '/auth/signup', url: '/auth/signup?ref=friend42' });
    expect(referralField().value).toBe('FRIEND42');
    // Kept for the tab, should the visitor wander off before signing up.
    expect(rememberedReferralCode()).toBe('FRIEND42');
    fill(VALID);
    await submit();
    expect(seen[0]?.json).toMatchObject({ userName: 'bob_99', referralCode: 'FRIEND42' });
    expect(await screen.findByTestId('landed')).toBeTruthy();
    expect(rememberedReferralCode()).toBeNull();
  });

  it('is filled in from the link the visitor came by on another page', async () => {
    const seen = serve();
    rememberReferralCodeIn('?ref=ALICE42');
    renderPage(SignupPage, { path: '/auth/signup' });
    expect(referralField().value).toBe('ALICE42');
    fill(VALID);
    await submit();
    expect(seen[0]?.json).toMatchObject({ referralCode: 'ALICE42' });
  });

  it('can be typed, in any case', async () => {
    const seen = serve();
    renderPage(SignupPage, { path: '/auth/signup' });
    fill({ ...VALID, [REFERRAL_FIELD]: ' pal2026 ' });
    await submit();
    expect(seen[0]?.json).toMatchObject({ referralCode: 'PAL2026' });
  });

  it('explains a malformed code beside the field, and calls nothing', async () => {
    const seen = serve();
    renderPage(SignupPage, { path: '/auth/signup' });
    fill({ ...VALID, [REFERRAL_FIELD]: 'AB-12' });
    await submit();
    expect(referralField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Referral code: 6 to 12 letters or digits')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('shows a code the server does not know beside the field', async () => {
    const message =
      'That referral code is not valid: check it with your friend, or leave it empty.';
    const details = `referralCode: ${message}`;
    serve(() =>
      jsonResponse(
        {
          success: false,
          result: null,
          error: { code: 'VALIDATION_FAILED', message, details },
          unAuthorizedRequest: false,
        },
        400,
      ),
    );
    renderPage(SignupPage, { path: '/auth/signup', url: '/auth/signup?ref=NOSUCH42' });
    fill(VALID);
    await submit();
    expect(referralField().getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByTestId('signup-page')).getByText(message)).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
  });

  it('takes a logged-in player to the bonus page to use the code', async () => {
    storeTokens({ accessToken: 'live-token', refreshToken: 'refresh-live', expireInSeconds: 600 });
    renderPage(SignupPage, { path: '/auth/signup', url: '/auth/signup?ref=friend42' });
    expect((await screen.findByTestId('landed')).textContent).toBe('/bonus?ref=FRIEND42');
  });
});
