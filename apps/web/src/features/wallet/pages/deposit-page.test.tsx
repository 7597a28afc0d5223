import { UTR_MESSAGE } from '@backlay/contract/wallet';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { toastStore } from '../../../shared/toasts/toast-store';
import { PAYMENT_POLL_MS } from '../model/gateway-payment';
import {
  buildPayment,
  buildPaymentInfo,
  buildRequest,
  SLIP_ID,
  UPI_METHOD_ID,
} from '../test/wallet-fixtures';
import DepositWithdrawPage from './deposit-withdraw-page';

const calls = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.url.pathname === `/api/${path}`);

function renderDeposit() {
  return renderPage(DepositWithdrawPage, { path: '/depositw/:id?', url: '/depositw/deposit' });
}

/** The API of a real-money player; `more` adds or replaces answers. */
function serveWallet(more: Parameters<typeof serveApi>[0] = {}) {
  return serveApi({
    'Account/GetPaymentInfo': () => jsonResponse(okEnvelope(buildPaymentInfo())),
    'Setting/StoreImage': () =>
      jsonResponse(okEnvelope({ id: SLIP_ID, url: `/api/Setting/GetImage?id=${SLIP_ID}` })),
    'DepositWithdrawal/CreateDeposit': (request) => {
      const body = request.json as { amount: number; utr: string };
      return jsonResponse(
        okEnvelope(
          buildRequest({
            kind: 'DEPOSIT',
            channel: 'UPI',
            amount: body.amount,
            reference: body.utr,
          }),
        ),
      );
    },
    ...more,
  });
}

const amountInput = () => screen.getByLabelText('Amount to deposit (₹)');
const utrInput = () => screen.getByLabelText('UTR (payment reference)');
const slipInput = () => screen.getByLabelText('Payment screenshot');
const submit = () =>
  act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' })));

async function attach(file: File) {
  await act(async () => fireEvent.change(slipInput(), { target: { files: [file] } }));
}

const screenshot = () => new File(['a payment screenshot'], 'slip.png', { type: 'image/png' });

beforeEach(() => {
  logInPlayer();
  for (const t of toastStore.getState().toasts) toastStore.getState().dismiss(t.id);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the deposit tab for a demo player', () => {
  it('says deposits are for registered players and shows no form', async () => {
    const seen = serveApi({
      'Account/GetPaymentInfo': () =>
        jsonResponse(okEnvelope(buildPaymentInfo({ realMoney: false }))),
    });
    renderDeposit();
    expect(
      await screen.findByText(/Deposits and withdrawals are for registered players/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Top up play money' })).toBeTruthy();
    expect(screen.queryByLabelText('Amount to deposit (₹)')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(calls(seen, 'Account/GetPaymentInfo')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-1',
    );
  });
});

describe('the deposit tab', () => {
  it('reads in Hindi once the player chooses it, without a reload', async () => {
    serveWallet();
    renderDeposit();
    await screen.findByLabelText('Amount to deposit (₹)');

    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('heading', { name: '1. इस UPI ID पर पेमेंट करें' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2. पेमेंट की जानकारी दें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'डिपॉज़िट सबमिट करें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'विड्रॉ' })).toBeTruthy();
    expect(screen.getByLabelText('डिपॉज़िट राशि (₹)')).toBeTruthy();
    expect(screen.getByText('न्यूनतम ₹300.00 · अधिकतम ₹50,000.00')).toBeTruthy();
    expect(screen.getByText('UPI ट्रांसफ़र')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('डिपॉज़िट राशि (₹)'), { target: { value: '100' } });
    expect(await screen.findByText('एक बार में न्यूनतम डिपॉज़िट ₹300.00 है')).toBeTruthy();
  });

  it('offers quick amounts inside the limits and the brand’s ways to pay', async () => {
    serveWallet();
    renderDeposit();
    await screen.findByLabelText('Amount to deposit (₹)');
    expect(screen.getByText('Min ₹300.00 · Max ₹50,000.00')).toBeTruthy();
    const quick = within(screen.getByRole('group', { name: 'Quick amounts' }));
    expect(quick.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '₹500',
      '₹1,000',
      '₹5,000',
      '₹10,000',
    ]);
    fireEvent.click(quick.getByRole('button', { name: '₹5,000' }));
    expect((amountInput() as HTMLInputElement).value).toBe('5000');
    const ways = within(screen.getByRole('group', { name: 'Pay with' }));
    expect(ways.getAllByRole('radio')).toHaveLength(4);
    expect(ways.getByText('backlay.pay@okaxis')).toBeTruthy();
    expect(ways.getByText('Pay by link')).toBeTruthy();
    expect(ways.getByText('UPI app')).toBeTruthy();
  });

  it('refuses an amount outside the limits, a bad UTR and a missing screenshot, sending nothing', async () => {
    const seen = serveWallet();
    renderDeposit();
    await screen.findByLabelText('Amount to deposit (₹)');

    fireEvent.change(amountInput(), { target: { value: '100' } });
    expect(await screen.findByText('The least you can deposit at once is ₹300.00')).toBeTruthy();
    fireEvent.change(amountInput(), { target: { value: '60000' } });
    expect(await screen.findByText('The most you can deposit at once is ₹50,000.00')).toBeTruthy();
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    fireEvent.change(utrInput(), { target: { value: '12345' } });
    await submit();

    expect(screen.getByText(UTR_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Attach the payment screenshot')).toBeTruthy();
    expect(calls(seen, 'DepositWithdrawal/CreateDeposit')).toHaveLength(0);
  });

  it('refuses a screenshot over 2 MB with the contract’s message, without uploading it', async () => {
    const seen = serveWallet();
    renderDeposit();
    await screen.findByLabelText('Amount to deposit (₹)');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await attach(big);
    expect(await screen.findByText('The image is larger than 2 MB')).toBeTruthy();
    expect(calls(seen, 'Setting/StoreImage')).toHaveLength(0);
  });

  it('submits a UPI deposit with its UTR, screenshot and the QR code’s reference as key', async () => {
    const seen = serveWallet();
    renderDeposit();
    await screen.findByLabelText('Amount to deposit (₹)');
    expect(screen.getByText('Enter the amount to get a QR code to pay it.')).toBeTruthy();

    fireEvent.change(amountInput(), { target: { value: '1,500' } });
    const open = screen.getByRole('link', { name: 'Open UPI app' });
    const uri = new URL(open.getAttribute('href') ?? '');
    expect(uri.protocol).toBe('upi:');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      pa: 'backlay.pay@okaxis',
      pn: 'Backlay Gaming',
      am: '1500.00',
      cu: 'INR',
    });
    expect(screen.getByRole('img', { name: 'UPI payment QR code' })).toBeTruthy();

    await attach(screenshot());
    await screen.findByText('Screenshot attached.');
    expect(calls(seen, 'Setting/StoreImage')[0]?.json).toEqual({
      image: `data:image/png;base64,${btoa('a payment screenshot')}`,
    });
    expect(screen.getByRole('img', { name: 'Your payment screenshot' })).toBeTruthy();

    fireEvent.change(utrInput(), { target: { value: ' 412345678901 ' } });
    await submit();

    await screen.findByRole('status', { name: 'Submitted' });
    const [sent] = calls(seen, 'DepositWithdrawal/CreateDeposit');
    expect(sent?.method).toBe('POST');
    expect(sent?.json).toEqual({
      amount: 1500,
      methodId: UPI_METHOD_ID,
      utr: '412345678901',
      slipId: SLIP_ID,
      idempotencyKey: uri.searchParams.get('tr'),
    });
    expect(
      screen.getByText(/We credit your balance once finance confirms the payment/),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your requests' }).getAttribute('href')).toBe(
      '/dwrequests',
    );
    // The wallet is read again: the payment info, for one.
    await waitFor(() => expect(calls(seen, 'Account/GetPaymentInfo')).toHaveLength(2));
  });

  it('shows the server’s refusal, such as a UTR already used', async () => {
    const seen = serveWallet({
      'DepositWithdrawal/CreateDeposit': () =>
        jsonResponse(failedEnvelope('This UTR has already been submitted.', 'CONFLICT'), 409),
    });
    renderDeposit();
    await screen.findByLabelText('Amount to deposit (₹)');
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    await attach(screenshot());
    await screen.findByText('Screenshot attached.');
    fireEvent.change(utrInput(), { target: { value: '412345678901' } });
    await submit();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'This UTR has already been submitted.',
    );
    expect(calls(seen, 'DepositWithdrawal/CreateDeposit')).toHaveLength(1);
    expect(screen.queryByRole('status', { name: 'Submitted' })).toBeNull();
  });

  it('shows a bank account’s details, each with a copy button', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      serveWallet();
      renderDeposit();
      // Found before the act: inside one, a render still to come never shows up.
      const bankTransfer = await screen.findByLabelText(/Bank transfer/);
      await act(async () => fireEvent.click(bankTransfer));
      expect(screen.getByText('50200012345678')).toBeTruthy();
      expect(screen.getByText('HDFC0001234')).toBeTruthy();
      await act(async () =>
        fireEvent.click(screen.getByRole('button', { name: 'Copy Account number' })),
      );
      expect(writeText).toHaveBeenCalledWith('50200012345678');
      await waitFor(() =>
        expect(toastStore.getState().toasts.map((t) => t.message)).toContain('Copied'),
      );
      expect(screen.getByRole('button', { name: 'Copy IFSC' })).toBeTruthy();
      // A bank transfer has no QR code.
      expect(screen.queryByRole('img', { name: 'UPI payment QR code' })).toBeNull();
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('pays by link: opens the gateway’s page and checks every 3 s until paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status: 'PENDING' | 'PAID' = 'PENDING';
    const seen = serveWallet({
      'Payment/Generate': () => jsonResponse(okEnvelope(buildPayment())),
      'Payment/Check': () => jsonResponse(okEnvelope(buildPayment({ status }))),
    });
    renderDeposit();
    await screen.findByLabelText('Amount to deposit (₹)');
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    fireEvent.click(screen.getByLabelText(/Pay by link/));
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Get a payment link · ₹1,000.00' })),
    );

    const link = await screen.findByRole('link', { name: 'Open the payment page' });
    expect(link.getAttribute('href')).toBe('https://gateway.example/pay/pay_123456');
    expect(link.getAttribute('target')).toBe('_blank');
    const generated = calls(seen, 'Payment/Generate')[0]?.json as Record<string, unknown>;
    expect(generated.amount).toBe(1000);
    expect(generated.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(screen.getByTestId('payment-time-left').textContent).toMatch(
      /^(10:00|9:5\d) left to pay$/,
    );

    await act(async () => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    await waitFor(() => expect(calls(seen, 'Payment/Check')).toHaveLength(1));
    expect(calls(seen, 'Payment/Check')[0]?.json).toEqual({ paymentId: 'pay_123456' });
    expect(screen.queryByRole('status', { name: 'Payment received' })).toBeNull();

    status = 'PAID';
    await act(async () => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(await screen.findByRole('status', { name: 'Payment received' })).toBeTruthy();
    const checks = calls(seen, 'Payment/Check').length;
    await act(async () => vi.advanceTimersByTimeAsync(3 * PAYMENT_POLL_MS));
    expect(calls(seen, 'Payment/Check')).toHaveLength(checks);
  });

  it('says a link paid with another amount is under review, not failed, and stops checking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = serveWallet({
      'Payment/Generate': () => jsonResponse(okEnvelope(buildPayment())),
      'Payment/Check': () =>
        jsonResponse(okEnvelope(buildPayment({ status: 'UNDER_REVIEW', paidAmount: 1_500 }))),
    });
    renderDeposit();
    await screen.findByLabelText('Amount to deposit (₹)');
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    fireEvent.click(screen.getByLabelText(/Pay by link/));
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Get a payment link · ₹1,000.00' })),
    );
    await screen.findByRole('link', { name: 'Open the payment page' });

    await act(async () => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    const review = await screen.findByRole('status', { name: 'Payment under review' });
    expect(review.textContent).toContain(
      'We received ₹1,500.00, not the ₹1,000.00 this payment asked for.',
    );
    expect(within(review).getByRole('link', { name: 'See your requests' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('The payment failed.')).toBeNull();
    const checks = calls(seen, 'Payment/Check').length;
    await act(async () => vi.advanceTimersByTimeAsync(3 * PAYMENT_POLL_MS));
    expect(calls(seen, 'Payment/Check')).toHaveLength(checks);
  });

  it('says when a UPI-app payment expired and starts a new one on retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const intent = 'upi://pay?pa=gw%40axis&am=1000.00&tr=pay_1';
    const seen = serveWallet({
      'Payment/UpiCreate': () => jsonResponse(okEnvelope(buildPayment({ url: intent }))),
      'Payment/UpiCheck': () => jsonResponse(okEnvelope(buildPayment({ status: 'EXPIRED' }))),
    });
    renderDeposit();
    await screen.findByLabelText('Amount to deposit (₹)');
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    fireEvent.click(screen.getByLabelText(/UPI app/));
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: /Pay with a UPI app/ })),
    );
    expect((await screen.findByRole('link', { name: 'Open UPI app' })).getAttribute('href')).toBe(
      intent,
    );

    await act(async () => vi.advanceTimersByTimeAsync(PAYMENT_POLL_MS));
    expect(await screen.findByText('The payment expired before it was paid.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    const payAgain = await screen.findByRole('button', { name: /Pay with a UPI app/ });
    await act(async () => fireEvent.click(payAgain));
    await waitFor(() => expect(calls(seen, 'Payment/UpiCreate')).toHaveLength(2));
    const keys = calls(seen, 'Payment/UpiCreate').map(
      (r) => (r.json as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe('the deposit tab under the player’s own deposit limits', () => {
  const withAllowance = (depositAllowance: number) =>
    serveWallet({
      'Account/GetPaymentInfo': () =>
        jsonResponse(okEnvelope(buildPaymentInfo({ depositAllowance }))),
    });

  it('says what the limits leave, links to them, and caps the amount there', async () => {
    withAllowance(2_000);
    renderDeposit();
    const notice = await screen.findByTestId('deposit-allowance');
    expect(notice.textContent).toBe(
      'Your deposit limits let you deposit up to ₹2,000.00 now. See your limits',
    );
    expect(within(notice).getByRole('link', { name: 'See your limits' }).getAttribute('href')).toBe(
      '/responsible-gambling',
    );
    expect(screen.getByText('Min ₹300.00 · Max ₹2,000.00')).toBeTruthy();
    const quick = within(screen.getByRole('group', { name: 'Quick amounts' }));
    expect(quick.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '₹500',
      '₹1,000',
      '₹2,000',
    ]);
    fireEvent.change(amountInput(), { target: { value: '2500' } });
    expect(
      await screen.findByText('Your deposit limits let you deposit up to ₹2,000.00 now'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Pay with' })).getAllByRole('radio'),
    ).toHaveLength(4);
  });

  it('offers no way to pay when the limits leave nothing', async () => {
    withAllowance(0);
    renderDeposit();
    const notice = await screen.findByTestId('deposit-allowance');
    expect(notice.textContent).toContain('Your deposit limits leave nothing to deposit now.');
    expect(within(notice).getByRole('link', { name: 'See your limits' })).toBeTruthy();
    expect(screen.queryByLabelText('Amount to deposit (₹)')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('offers no way to pay when the limits leave less than the least deposit', async () => {
    withAllowance(150);
    renderDeposit();
    expect((await screen.findByTestId('deposit-allowance')).textContent).toContain(
      'Your deposit limits let you deposit up to ₹150.00 now, less than the least deposit of ₹300.00.',
    );
    expect(screen.queryByLabelText('Amount to deposit (₹)')).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
