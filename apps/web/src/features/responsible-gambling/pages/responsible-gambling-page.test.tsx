import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { onSessionEnd, type SessionEnd } from '../../../shared/session/session-end';
import { sessionStore } from '../../../shared/session/session-store';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { toastStore } from '../../../shared/toasts/toast-store';
import { buildGamblingSettings } from '../test/gambling-fixtures';
import ResponsibleGamblingPage, { DEMO_NOTICE } from './responsible-gambling-page';

// 14:30 in India on 25 Nov 2026; a raise saved now waits until the same time the next day.
const NOW = new Date('2026-11-25T09:00:00.000Z');
const TOMORROW = '2026-11-26T09:00:00.000Z';

const calls = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.url.pathname === `/api/ResponsibleGambling/${path}`);
const toasts = () => toastStore.getState().toasts.map((t) => t.message);
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const limitBox = (id: string) => within(screen.getByTestId(id));

/** The limits as the server has them: a 24-hour deposit limit with a raise waiting, and more. */
const SETTINGS = buildGamblingSettings({
  deposit: {
    day: { amount: 1_000, pending: { amount: 5_000, from: TOMORROW }, used: 250 },
    week: { amount: 5_000, used: 2_250.5 },
  },
  loss: {
    month: { amount: 20_000, pending: { amount: null, from: TOMORROW }, used: 1_200 },
  },
  openLiability: 3_450,
});

function renderLimits() {
  return renderPage(ResponsibleGamblingPage, { path: '/responsible-gambling' });
}

beforeEach(() => {
  logInPlayer({ isDemo: false });
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the limits', () => {
  it('shows each limit in force, what it used, and a raise or removal still waiting', async () => {
    const seen = serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
    });
    renderLimits();

    expect(screen.getByText('Loading your limits…')).toBeTruthy();
    await screen.findByRole('heading', { name: 'Deposit limits' });
    expect(calls(seen, 'GetSettings')[0]?.headers.get('Authorization')).toBe('Bearer token-1');

    // A field with a change waiting holds what was asked for; the note says what applies now.
    expect(field('24-hour deposit limit (₹)').value).toBe('5000');
    expect(field('7-day deposit limit (₹)').value).toBe('5000');
    expect(field('30-day deposit limit (₹)').value).toBe('');
    expect(field('30-day loss limit (₹)').value).toBe('');

    const depositDay = limitBox('limit-deposit-day');
    expect(depositDay.getByText('Deposited ₹250 in the last 24 hours')).toBeTruthy();
    expect(depositDay.getByText('Rises to ₹5,000 on 26 Nov, 14:30 IST')).toBeTruthy();
    expect(depositDay.getByText('₹1,000 applies until then.')).toBeTruthy();
    expect(depositDay.getByRole('button', { name: 'Keep ₹1,000' })).toBeTruthy();
    expect(
      limitBox('limit-deposit-week').getByText('Deposited ₹2,250.50 in the last 7 days'),
    ).toBeTruthy();
    expect(limitBox('limit-deposit-week').queryByText(/Rises to|Removed on/)).toBeNull();
    const lossMonth = limitBox('limit-loss-month');
    expect(lossMonth.getByText('Lost ₹1,200 net in the last 30 days')).toBeTruthy();
    expect(lossMonth.getByText('Removed on 26 Nov, 14:30 IST')).toBeTruthy();
    expect(screen.getByTestId('open-liability').textContent).toContain('now ₹3,450, is counted');
  });

  it('saves all six limits, null for each empty field, and says what applied and what waits', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const after = buildGamblingSettings({
      deposit: {
        day: { amount: 1_000, pending: { amount: 5_000, from: TOMORROW }, used: 250 },
        week: { amount: 6_000, used: 2_250.5 },
        month: { amount: 10_000 },
      },
      loss: {
        month: { amount: 20_000, pending: { amount: 40_000, from: TOMORROW }, used: 1_200 },
      },
      openLiability: 3_450,
    });
    const seen = serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
      'ResponsibleGambling/SetLimits': () => jsonResponse(okEnvelope(after)),
    });
    renderLimits();
    await screen.findByRole('heading', { name: 'Deposit limits' });

    fireEvent.change(field('7-day deposit limit (₹)'), { target: { value: '6,000' } });
    fireEvent.change(field('30-day deposit limit (₹)'), { target: { value: '10000' } });
    fireEvent.change(field('30-day loss limit (₹)'), { target: { value: '40000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save limits' })));

    await waitFor(() => expect(calls(seen, 'SetLimits')).toHaveLength(1));
    const [sent] = calls(seen, 'SetLimits');
    expect(sent?.method).toBe('POST');
    expect(sent?.json).toEqual({
      // The 24-hour deposit field was left holding its waiting raise: asked for again, it keeps
      // its time.
      deposit: { day: 5_000, week: 6_000, month: 10_000 },
      loss: { day: null, week: null, month: 40_000 },
    });
    await waitFor(() =>
      expect(toasts()).toContain(
        'Applied now: 7-day deposit limit ₹6,000; 30-day deposit limit ₹10,000. ' +
          'From 26 Nov, 14:30 IST, after the 24-hour wait: 30-day loss limit ₹40,000.',
      ),
    );
    // The fields follow the answer: the raise waits, and ₹20,000 applies until tomorrow.
    expect(field('30-day loss limit (₹)').value).toBe('40000');
    expect(
      limitBox('limit-loss-month').getByText('Rises to ₹40,000 on 26 Nov, 14:30 IST'),
    ).toBeTruthy();
  });

  it('reads in Hindi once the player chooses it, what a save did too', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const after = buildGamblingSettings({
      deposit: {
        day: { amount: 1_000, pending: { amount: 5_000, from: TOMORROW }, used: 250 },
        week: { amount: 6_000, used: 2_250.5 },
      },
      loss: {
        month: { amount: 20_000, pending: { amount: null, from: TOMORROW }, used: 1_200 },
      },
      openLiability: 3_450,
    });
    serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
      'ResponsibleGambling/SetLimits': () => jsonResponse(okEnvelope(after)),
    });
    renderLimits();
    await act(() => chooseLanguage('hi'));

    await screen.findByRole('heading', { name: 'डिपॉज़िट लिमिट' });
    expect(screen.getByRole('heading', { name: 'ब्रेक लें' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '6 हफ़्ते' })).toBeTruthy();
    expect(field('24 घंटे की डिपॉज़िट लिमिट (₹)').value).toBe('5000');
    const depositDay = limitBox('limit-deposit-day');
    expect(depositDay.getByText('पिछले 24 घंटों में ₹250 डिपॉज़िट किए')).toBeTruthy();
    expect(depositDay.getByText('26 नव॰, 14:30 IST को बढ़कर ₹5,000 हो जाएगी')).toBeTruthy();
    expect(depositDay.getByRole('button', { name: '₹1,000 रखें' })).toBeTruthy();
    expect(screen.getByTestId('open-liability').textContent).toContain('अभी ₹3,450, संभावित');

    fireEvent.change(field('7 दिन की डिपॉज़िट लिमिट (₹)'), { target: { value: '6000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'लिमिट सेव करें' })));
    await waitFor(() => expect(toasts()).toContain('अभी लागू: 7 दिन की डिपॉज़िट लिमिट ₹6,000।'));
  });

  it('withdraws a waiting raise when the player keeps the limit in force', async () => {
    const seen = serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
      'ResponsibleGambling/SetLimits': () => jsonResponse(okEnvelope(SETTINGS)),
    });
    renderLimits();
    await screen.findByRole('heading', { name: 'Deposit limits' });
    fireEvent.click(limitBox('limit-deposit-day').getByRole('button', { name: 'Keep ₹1,000' }));
    expect(field('24-hour deposit limit (₹)').value).toBe('1000');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save limits' })));
    await waitFor(() => expect(calls(seen, 'SetLimits')).toHaveLength(1));
    expect(calls(seen, 'SetLimits')[0]?.json).toMatchObject({
      deposit: { day: 1_000, week: 5_000 },
      loss: { month: null },
    });
  });

  it('shows a 24-hour limit above the 7-day one under its field, and sends nothing', async () => {
    const seen = serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
    });
    renderLimits();
    await screen.findByRole('heading', { name: 'Loss limits' });

    fireEvent.change(field('24-hour loss limit (₹)'), { target: { value: '5000' } });
    fireEvent.change(field('7-day loss limit (₹)'), { target: { value: '2000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save limits' })));

    const lossDay = field('24-hour loss limit (₹)');
    expect(lossDay.getAttribute('aria-invalid')).toBe('true');
    const note = document.getElementById(lossDay.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('The 24-hour limit cannot be above the 7-day limit');
    expect(field('24-hour deposit limit (₹)').getAttribute('aria-invalid')).toBeNull();
    expect(calls(seen, 'SetLimits')).toHaveLength(0);
  });

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
      'ResponsibleGambling/SetLimits': () =>
        jsonResponse(
          failedEnvelope('Too many changes. Try again in a minute.', 'RATE_LIMITED'),
          429,
        ),
    });
    renderLimits();
    await screen.findByRole('heading', { name: 'Deposit limits' });
    fireEvent.change(field('24-hour deposit limit (₹)'), { target: { value: '500' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save limits' })));

    const form = screen.getByRole('form', { name: 'Your limits' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Too many changes. Try again in a minute.',
    );
    expect(field('24-hour deposit limit (₹)').value).toBe('500');
  });

  it('says when the limits could not be loaded, shows no invented ones, and still offers a break', async () => {
    serveApi({
      'ResponsibleGambling/GetSettings': () =>
        jsonResponse(failedEnvelope('The service is busy.', 'INTERNAL'), 400),
    });
    renderLimits();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Your limits could not be loaded: The service is busy.',
    );
    expect(screen.queryByLabelText('24-hour deposit limit (₹)')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Self-exclusion' })).toBeTruthy();
  });
});

describe('taking a break', () => {
  let ends: SessionEnd[] = [];
  let stopListening: () => void = () => undefined;
  afterEach(() => stopListening());

  /** Renders the page with the app's answer to a session end: on to the login page. */
  function renderWithSessionEnds() {
    ends = [];
    const view = renderLimits();
    stopListening = onSessionEnd((end) => {
      ends.push(end);
      void view.router.navigate('/auth/login', { replace: true });
    });
    return view;
  }

  it('self-excludes only with the password and a confirmation stating the end, then ends the session', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const seen = serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
      'ResponsibleGambling/SelfExclude': () =>
        jsonResponse(okEnvelope({ kind: 'SELF_EXCLUSION', until: '2027-11-25T09:00:04.000Z' })),
    });
    renderWithSessionEnds();
    const form = within(await screen.findByRole('form', { name: 'Self-exclusion' }));
    expect(
      form.getByText(
        'Self-exclusion cannot be undone or shortened, by you or by our support team. Until it ends you cannot log in, and you cannot open another account on this site with the same mobile number.',
      ),
    ).toBeTruthy();
    const submit = () =>
      act(async () => fireEvent.click(form.getByRole('button', { name: 'Exclude myself' })));

    await submit();
    expect(form.getByText('Choose how long the exclusion lasts')).toBeTruthy();
    expect(form.getByText('Enter your password to confirm')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(form.getByLabelText('1 year'));
    await submit();
    expect(form.getByText('Enter your password to confirm')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(form.getByLabelText('Your password'), { target: { value: ' Cricket2026 ' } });
    await submit();
    let dialog = within(screen.getByRole('dialog', { name: 'Exclude yourself for 1 year?' }));
    expect(dialog.getByText('25 Nov 2027, 14:30 IST')).toBeTruthy();
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls(seen, 'SelfExclude')).toHaveLength(0);

    await submit();
    dialog = within(screen.getByRole('dialog', { name: 'Exclude yourself for 1 year?' }));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Exclude me' })));

    await screen.findByText('/auth/login');
    const [sent] = calls(seen, 'SelfExclude');
    expect(sent?.method).toBe('POST');
    expect(sent?.json).toEqual({ period: 'ONE_YEAR', password: ' Cricket2026 ' });
    expect(ends).toEqual([{ reason: 'logout', hadSession: true }]);
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(toasts()).toContain(
      'You have excluded yourself until 25 Nov 2027, 14:30 IST. You have been logged out.',
    );
  });

  it('takes a time-out of the chosen length', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const seen = serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
      'ResponsibleGambling/TakeTimeOut': () =>
        jsonResponse(okEnvelope({ kind: 'TIME_OUT', until: '2026-12-02T09:00:00.000Z' })),
    });
    renderWithSessionEnds();
    const form = within(await screen.findByRole('form', { name: 'Time-out' }));
    fireEvent.click(form.getByLabelText('7 days'));
    fireEvent.change(form.getByLabelText('Your password'), { target: { value: 'Cricket2026' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Take a time-out' })));
    const dialog = within(screen.getByRole('dialog', { name: 'Take a time-out of 7 days?' }));
    expect(dialog.getByText('2 Dec 2026, 14:30 IST')).toBeTruthy();
    await act(async () =>
      fireEvent.click(dialog.getByRole('button', { name: 'Start the time-out' })),
    );

    await screen.findByText('/auth/login');
    expect(calls(seen, 'TakeTimeOut')[0]?.json).toEqual({
      period: 'WEEK',
      password: 'Cricket2026',
    });
    expect(ends).toHaveLength(1);
    expect(toasts()).toContain(
      'Your time-out has started and ends on 2 Dec 2026, 14:30 IST. You have been logged out.',
    );
  });

  it('takes a time-out in Hindi, and says so in Hindi', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
      'ResponsibleGambling/TakeTimeOut': () =>
        jsonResponse(okEnvelope({ kind: 'TIME_OUT', until: '2026-12-02T09:00:00.000Z' })),
    });
    renderWithSessionEnds();
    await act(() => chooseLanguage('hi'));
    const form = within(await screen.findByRole('form', { name: 'टाइम-आउट' }));
    fireEvent.click(form.getByLabelText('7 दिन'));
    fireEvent.change(form.getByLabelText('आपका पासवर्ड'), { target: { value: 'Cricket2026' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'टाइम-आउट लें' })));
    const dialog = within(screen.getByRole('dialog', { name: '7 दिन का टाइम-आउट लें?' }));
    expect(dialog.getByText('2 दिस॰ 2026, 14:30 IST')).toBeTruthy();
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'टाइम-आउट शुरू करें' })));

    await screen.findByText('/auth/login');
    expect(toasts()).toContain(
      'आपका टाइम-आउट शुरू हो गया है और 2 दिस॰ 2026, 14:30 IST को खत्म होगा। आपको लॉगआउट कर दिया गया है।',
    );
  });

  it('shows a wrong password beside the field and keeps the session', async () => {
    serveApi({
      'ResponsibleGambling/GetSettings': () => jsonResponse(okEnvelope(SETTINGS)),
      'ResponsibleGambling/TakeTimeOut': () =>
        jsonResponse(failedEnvelope('The password is not correct.', 'VALIDATION_FAILED'), 400),
    });
    renderWithSessionEnds();
    const form = within(await screen.findByRole('form', { name: 'Time-out' }));
    fireEvent.click(form.getByLabelText('24 hours'));
    fireEvent.change(form.getByLabelText('Your password'), { target: { value: 'wrong' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Take a time-out' })));
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Start the time-out' })),
    );

    await waitFor(() =>
      expect(form.getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(form.getByText('The password is not correct.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ends).toEqual([]);
    expect(sessionStore.getState().accessToken).toBe('token-1');
  });
});

describe('a demo player', () => {
  it('is told there is nothing to set, and no limits are asked for', () => {
    logInPlayer({ userName: 'Demo', isDemo: true });
    const seen = serveApi({});
    renderLimits();
    expect(screen.getByText(DEMO_NOTICE)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText('Your password')).toBeNull();
    expect(seen).toEqual([]);
  });
});
