import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meQueryOptions } from '../../../shared/session/me-query';
import { SESSION_STORAGE_KEY } from '../../../shared/session/session';
import { buildMe, failure, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin } from '../../../shared/test/serve-admin';
import SignInPage from './sign-in-page';

const EXPIRES_AT = '2030-01-01T00:00:00.000Z';

function signInResult(recoveryCodesLeft: number | null = null) {
  return okEnvelope({
    token: 'tok-1',
    expiresAt: EXPIRES_AT,
    operator: buildMe(),
    recoveryCodesLeft,
  });
}

function renderSignIn(url = '/sign-in') {
  return renderPage(SignInPage, { path: '/sign-in', url, me: null });
}

async function signIn(userName: string, password: string, code: string) {
  fireEvent.change(screen.getByLabelText('User name'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Code'), { target: { value: code } });
  await act(async () => {
    fireEvent.submit(screen.getByRole('form', { name: 'Sign in' }));
  });
}

describe('the sign-in page', () => {
  it('submits name, password and code, keeps the session and goes where the operator was going', async () => {
    const seen = serveAdmin({ 'session/sign-in': () => jsonResponse(signInResult()) });
    const { queryClient } = renderSignIn('/sign-in?to=%2Faudit');
    await signIn('asha.owner', 'correct horse battery', '123456');

    expect(await screen.findByTestId('landed')).toHaveProperty('textContent', '/audit');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      path: 'session/sign-in',
      method: 'POST',
      body: { userName: 'asha.owner', password: 'correct horse battery', code: '123456' },
    });
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      token: 'tok-1',
      expiresAt: EXPIRES_AT,
    });
    expect(queryClient.getQueryData(meQueryOptions().queryKey)?.userName).toBe('asha.owner');
  });

  it('shows the server’s refusal, keeps the operator on the form and clears the spent code', async () => {
    serveAdmin({
      'session/sign-in': () =>
        failure('UNAUTHORIZED', 'The user name, password or code is wrong.', 401),
    });
    renderSignIn();
    await signIn('asha.owner', 'wrong password!', '654321');

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('The user name, password or code is wrong.'),
    );
    expect(screen.getByLabelText('Code')).toHaveProperty('value', '');
    expect(screen.getByLabelText('User name')).toHaveProperty('value', 'asha.owner');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('shows the server’s own words when sign-ins are rate limited', async () => {
    serveAdmin({
      'session/sign-in': () =>
        failure('RATE_LIMITED', 'Too many attempts. Try again in 14 minutes.', 429),
    });
    renderSignIn();
    await signIn('asha.owner', 'correct horse battery', '123456');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Too many attempts');
    expect(alert.textContent).toContain('Try again in 14 minutes.');
  });

  it('names what is missing and calls nothing', async () => {
    const seen = serveAdmin({});
    renderSignIn();
    await signIn('', '', '');
    expect(await screen.findByText('A name has at least 3 characters')).toBeTruthy();
    expect(screen.getByText('Enter the code from your authenticator app')).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('after a recovery code, says how many are left before going on', async () => {
    serveAdmin({ 'session/sign-in': () => jsonResponse(signInResult(2)) });
    renderSignIn();
    await signIn('asha.owner', 'correct horse battery', 'abcd-efgh-ijkl');
    expect(await screen.findByText('You have 2 recovery codes left.')).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByTestId('landed')).toHaveProperty('textContent', '/');
  });

  it('says why the last session ended', () => {
    serveAdmin({});
    renderSignIn('/sign-in?ended=expired');
    expect(screen.getByText('Your session has expired. Sign in again to go on.')).toBeTruthy();
  });
});
