import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin } from '../../../shared/test/serve-admin';
import EnrolPage from './enrol-page';

const TOKEN = 'enrol-token-0123456789abcdef';
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';
const CODES = ['aaaa-bbbb-cccc', 'dddd-eeee-ffff', 'gggg-hhhh-iiii'];

function serveEnrolment() {
  return serveAdmin({
    enrolment: () =>
      jsonResponse(
        okEnvelope({
          userName: 'ravi.support',
          role: 'support',
          otpauthUri: 'otpauth://totp/Backlay:ravi.support?secret=JBSWY3DPEHPK3PXP',
          qrCodeDataUrl: QR,
          secret: 'JBSWY3DPEHPK3PXP',
          expiresAt: '2030-01-01T00:00:00.000Z',
        }),
      ),
    'enrolment/complete': () => jsonResponse(okEnvelope({ recoveryCodes: CODES })),
  });
}

function renderEnrol(url = `/enrol#${TOKEN}`) {
  return renderPage(EnrolPage, { path: '/enrol', url, me: null });
}

async function complete(password: string, repeat: string, code: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('New password again'), { target: { value: repeat } });
  fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: code } });
  await act(async () => {
    fireEvent.submit(screen.getByRole('form', { name: 'Set up your account' }));
  });
}

describe('the enrolment page', () => {
  it('reads the link’s token from the fragment and shows the QR code, the secret and who it is for', async () => {
    const seen = serveEnrolment();
    renderEnrol();
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe(QR);
    expect(screen.getByLabelText('Secret').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByText('ravi.support')).toBeTruthy();
    expect(seen[0]).toMatchObject({ path: 'enrolment', method: 'GET' });
    expect(seen[0]?.query.get('token')).toBe(TOKEN);
  });

  it('completes with the new password and code, shows the recovery codes once, then leads to sign-in', async () => {
    const seen = serveEnrolment();
    const { router } = renderEnrol();
    await screen.findByRole('img', { name: /QR code/ });
    await complete('a long new password', 'a long new password', '123456');

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('textbox', { name: 'All codes' })).toHaveProperty(
      'value',
      CODES.join('\n'),
    );
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(seen[1]).toMatchObject({
      path: 'enrolment/complete',
      method: 'POST',
      body: { token: TOKEN, password: 'a long new password', code: '123456' },
    });
    // The spent link's token leaves the address.
    expect(router.state.location.hash).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to sign-in' }).getAttribute('href')).toBe(
      '/sign-in',
    );
  });

  it('refuses passwords that differ or are short, without calling', async () => {
    const seen = serveEnrolment();
    renderEnrol();
    await screen.findByRole('img', { name: /QR code/ });
    await complete('a long new password', 'a long new passw0rd', '123456');
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    await complete('short', 'short', '123456');
    expect(screen.getByText('A password has at least 12 characters')).toBeTruthy();
    expect(seen.map((call) => call.path)).toEqual(['enrolment']);
  });

  it('shows the server’s refusal of a spent or expired link', async () => {
    serveAdmin({ enrolment: () => failure('NOT_FOUND', 'This enrolment link has expired.', 404) });
    renderEnrol();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This enrolment link has expired.',
    );
  });

  it('says so when the link has no token', () => {
    const seen = serveAdmin({});
    renderEnrol('/enrol');
    expect(screen.getByText('This enrolment link is incomplete')).toBeTruthy();
    expect(seen).toEqual([]);
  });
});
