import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import {
  buildLoginResult,
  buildUserInfoResult,
  failedEnvelope,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage, serveApi as serve } from '../../../shared/test/render-page';
import { readPendingVerification, writePendingVerification } from '../model/pending-verification';
import { formatCountdown, secondsUntil } from '../hooks/use-countdown';
import VerificationPage, { waitSecondsOf } from './verification-page';

const renderVerification = () =>
  renderPage(VerificationPage, { path: '/auth/verfication', url: '/auth/verfication' });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('countdown helpers', () => {
  it('counts whole seconds left and formats them as m:ss', () => {
    expect(secondsUntil(10_500, 10_000)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(null)).toBe(0);
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(59)).toBe('0:59');
  });

  it("reads the server's wait from its refusal", () => {
    expect(waitSecondsOf('Please wait 42 seconds before asking for a new code.')).toBe(42);
    expect(waitSecondsOf('Too many codes sent.')).toBeNull();
  });
});

describe('the verification page', () => {
  it("shows the code's life and the resend wait, enabling Resend when the wait ends", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, now: 1_700_000_000_000 });
    writePendingVerification('bob_99', '+91******3210', {
      codeExpiresInSeconds: 600,
      resendAfterSeconds: 60,
    });
    serve({});
    renderVerification();

    expect(screen.getByTestId('code-countdown').textContent).toBe('The code expires in 10:00');
    const resend = screen.getByTestId('resend-code');
    expect(resend.textContent).toBe('Resend code in 60s');
    expect(resend).toHaveProperty('disabled', true);
    expect(screen.getByText(/sent to \+91\*{6}3210/)).toBeTruthy();

    await act(async () => vi.advanceTimersByTimeAsync(59_000));
    expect(resend.textContent).toBe('Resend code in 1s');
    expect(screen.getByTestId('code-countdown').textContent).toBe('The code expires in 9:01');

    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(resend.textContent).toBe('Resend code');
    expect(resend).toHaveProperty('disabled', false);
  });

  it('asks for the six-digit code before calling', async () => {
    writePendingVerification('bob_99', 'x', { codeExpiresInSeconds: 600, resendAfterSeconds: 0 });
    const seen = serve({});
    renderVerification();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '12a3' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(screen.getByText('Enter the 6-digit code')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('verifies, logs the player in and lands on the home page', async () => {
    writePendingVerification('bob_99', 'x', { codeExpiresInSeconds: 600, resendAfterSeconds: 60 });
    const seen = serve({
      'Account/VerificationUser': () =>
        jsonResponse(okEnvelope(buildLoginResult({ userName: 'bob_99', accessToken: 'new' }))),
      'Setting/GetSetting': () => jsonResponse(okEnvelope(buildUserInfoResult())),
    });
    renderVerification();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });

    expect((await screen.findByTestId('landed')).textContent).toBe('/');
    expect(seen[0]?.json).toEqual({ userName: 'bob_99', code: '123456' });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? '{}').userName).toBe('bob_99');
    expect(readPendingVerification()).toBeNull();
  });

  it('shows a wrong code beside the field', async () => {
    writePendingVerification('bob_99', 'x', { codeExpiresInSeconds: 600, resendAfterSeconds: 60 });
    serve({
      'Account/VerificationUser': () =>
        jsonResponse(failedEnvelope('The code is not correct.', 'VALIDATION_FAILED'), 400),
    });
    renderVerification();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '000000' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('resends the code and restarts both countdowns', async () => {
    writePendingVerification('bob_99', 'x', { codeExpiresInSeconds: 5, resendAfterSeconds: 0 });
    const seen = serve({
      'Account/ResendVerificationCode': () =>
        jsonResponse(okEnvelope({ codeExpiresInSeconds: 600, resendAfterSeconds: 60 })),
    });
    renderVerification();
    await act(async () => {
      fireEvent.click(screen.getByTestId('resend-code'));
    });
    expect(seen[0]?.json).toEqual({ userName: 'bob_99' });
    expect(screen.getByTestId('resend-code').textContent).toMatch(/^Resend code in (60|59)s$/);
    expect(screen.getByTestId('resend-code')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('code-countdown').textContent).toMatch(/expires in (10:00|9:59)$/);
  });

  it('waits as long as the server says when it refuses a resend', async () => {
    writePendingVerification('bob_99', 'x', { codeExpiresInSeconds: 600, resendAfterSeconds: 0 });
    serve({
      'Account/ResendVerificationCode': () =>
        jsonResponse(
          failedEnvelope('Please wait 42 seconds before asking for a new code.', 'RATE_LIMITED'),
          429,
        ),
    });
    renderVerification();
    await act(async () => {
      fireEvent.click(screen.getByTestId('resend-code'));
    });
    expect(screen.getByTestId('resend-code').textContent).toMatch(/^Resend code in (42|41)s$/);
  });
});
