import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  buildMe,
  buildPaymentSettings,
  failedEnvelope,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer, type SeenCall } from '../../../shared/test/serve-admin';
import PaymentSettingsPage from './payment-settings-page';

const SETTINGS = buildPaymentSettings();
const [UPI] = SETTINGS.upi;
const [BANK] = SETTINGS.bank;

/** Saves as the server does: the next version, each method added given an id. */
const saved: Answer = (call) => {
  const body = call.body as typeof SETTINGS;
  let added = 0;
  const withId = <Method extends { id?: string }>(method: Method) => ({
    ...method,
    id: method.id ?? `5a1b2c3d-4e5f-4a6b-8c7d-0000000001${String(++added).padStart(2, '0')}`,
  });
  return jsonResponse(
    okEnvelope({
      ...body,
      upi: body.upi.map(withId),
      bank: body.bank.map(withId),
      version: body.version + 1,
    }),
  );
};

function serveSettings(save: Answer = saved, reads = [SETTINGS]) {
  let read = 0;
  return serveAdmin({
    'payments/settings': (call) =>
      call.method === 'GET'
        ? jsonResponse(okEnvelope(reads[Math.min(read++, reads.length - 1)]))
        : save(call),
  });
}

const saves = (seen: SeenCall[]) => seen.filter((call) => call.method === 'POST');

async function openSettings(url = '/payments/settings?brand=gold365.bet') {
  renderPage(PaymentSettingsPage, { path: '/payments/settings', url });
  return screen.findByRole('form', { name: 'Payment settings' });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save payment settings' }));
  });
}

describe('the payment settings', () => {
  it('reads the brand of the address, or the first the operator covers', async () => {
    const seen = serveSettings();
    renderPage(PaymentSettingsPage, {
      path: '/payments/settings',
      me: buildMe({ role: 'finance', brands: ['gold365.bet', '99exch.com'] }),
    });
    await screen.findByRole('form', { name: 'Payment settings' });
    expect(seen[0]?.query.get('brand')).toBe('99exch.com');
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Brand' }), {
        target: { value: 'gold365.bet' },
      });
    });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]?.query.get('brand')).toBe('gold365.bet');
  });

  it('sends a new UPI id without an id, the saved ones with theirs, and the version loaded', async () => {
    const seen = serveSettings();
    const form = await openSettings();
    fireEvent.click(within(form).getByRole('button', { name: 'Add UPI id' }));
    const added = within(form).getByRole('group', { name: 'UPI id 2 (new)' });
    type(within(added).getByLabelText('UPI id'), 'gold.pay@okicici');
    type(within(added).getByLabelText('Payee name'), 'Gold Pay');
    fireEvent.click(within(form).getByRole('switch', { name: 'UPI intent' }));
    await save();

    expect(saves(seen).map((call) => call.body)).toEqual([
      {
        brand: 'gold365.bet',
        version: 3,
        upi: [UPI, { upiId: 'gold.pay@okicici', payeeName: 'Gold Pay', active: true }],
        bank: [BANK],
        paymentLink: false,
        upiIntent: false,
        limits: SETTINGS.limits,
      },
    ]);
    expect(await screen.findByText('Saved as version 4.')).toBeTruthy();
    // The saved version is the form's new base: the added id is no longer new.
    expect(within(form).getByRole('group', { name: 'UPI id 2' })).toBeTruthy();
  });

  it('switches a saved method off rather than removing it, and removes one not yet saved', async () => {
    const seen = serveSettings();
    const form = await openSettings();
    const saved = within(form).getByRole('group', { name: 'Bank account 1' });
    expect(within(saved).queryByRole('button', { name: 'Remove' })).toBeNull();
    fireEvent.click(within(saved).getByRole('switch', { name: 'Active' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add bank account' }));
    const added = within(form).getByRole('group', { name: 'Bank account 2 (new)' });
    fireEvent.click(within(added).getByRole('button', { name: 'Remove' }));
    expect(within(form).queryByRole('group', { name: 'Bank account 2 (new)' })).toBeNull();
    await save();

    expect((saves(seen)[0]?.body as typeof SETTINGS).bank).toEqual([{ ...BANK, active: false }]);
  });

  it('shows the contract’s messages by the fields, and sends nothing', async () => {
    const seen = serveSettings();
    const form = await openSettings();
    fireEvent.click(within(form).getByRole('button', { name: 'Add UPI id' }));
    const added = within(form).getByRole('group', { name: 'UPI id 2 (new)' });
    const upiId = within(added).getByLabelText('UPI id');
    type(upiId, 'not-an-upi-id');
    type(within(added).getByLabelText('Payee name'), 'Gold Pay');
    const minDeposit = within(form).getByLabelText('Minimum deposit (₹)');
    type(minDeposit, '5,00,000');
    await save();

    const noteOf = (field: HTMLElement) =>
      document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(noteOf(upiId)).toBe('Enter a UPI id such as name@bank');
    expect(noteOf(minDeposit)).toBe('The minimum deposit is above the maximum');
    expect(saves(seen)).toEqual([]);
  });

  it('takes a company’s name, digits and all, as payee and account name', async () => {
    const seen = serveSettings();
    const form = await openSettings();
    const upi = within(form).getByRole('group', { name: 'UPI id 1' });
    type(within(upi).getByLabelText('Payee name'), 'Gold365 Gaming');
    const bank = within(form).getByRole('group', { name: 'Bank account 1' });
    type(within(bank).getByLabelText('Account name'), 'Gold365 Gaming Pvt. Ltd.');
    await save();

    const body = saves(seen)[0]?.body as typeof SETTINGS;
    expect(body.upi[0]?.payeeName).toBe('Gold365 Gaming');
    expect(body.bank[0]?.accountName).toBe('Gold365 Gaming Pvt. Ltd.');
    expect(await screen.findByText('Saved as version 4.')).toBeTruthy();
  });

  it('lists the fields to fix by their labels, never by their paths', async () => {
    const seen = serveSettings();
    const form = await openSettings();
    fireEvent.click(within(form).getByRole('button', { name: 'Add UPI id' }));
    const added = within(form).getByRole('group', { name: 'UPI id 2 (new)' });
    type(within(added).getByLabelText('UPI id'), 'gold.pay@okicici');
    type(within(added).getByLabelText('Payee name'), '365');
    type(within(form).getByLabelText('Maximum withdrawal (₹)'), 'lots');
    await save();

    const notice = screen.getByRole('alert');
    expect(within(notice).getByText('Some fields need fixing')).toBeTruthy();
    const items = within(notice)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toContain('UPI id 2, Payee name: A name has letters, not only digits and marks');
    expect(items.some((item) => item?.startsWith('Maximum withdrawal (₹): '))).toBe(true);
    expect(notice.textContent).not.toMatch(/upi\.|limits\./);
    expect(saves(seen)).toEqual([]);
  });

  it('names the fields of a save the server refused by their labels too', async () => {
    serveSettings(() =>
      jsonResponse(
        failedEnvelope(
          'VALIDATION_FAILED',
          'The request is not valid.',
          "bank.0.accountName: Use letters, digits, spaces and . , ' & ( ) / - only",
        ),
        400,
      ),
    );
    const form = await openSettings();
    await save();

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText('The request is not valid.')).toBeTruthy();
    expect(within(notice).getByRole('listitem').textContent).toBe(
      "Bank account 1, Account name: Use letters, digits, spaces and . , ' & ( ) / - only",
    );
    expect(notice.textContent).not.toContain('bank.0');
    const bank = within(form).getByRole('group', { name: 'Bank account 1' });
    const field = within(bank).getByLabelText('Account name');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      "Use letters, digits, spaces and . , ' & ( ) / - only",
    );
  });

  it('says someone saved first on a CONFLICT, and starts again from their version', async () => {
    const theirs = buildPaymentSettings({ version: 4, paymentLink: true });
    const seen = serveSettings(
      () => failure('CONFLICT', 'The settings changed meanwhile.', 409),
      [SETTINGS, theirs],
    );
    const form = await openSettings();
    type(within(form).getByLabelText('Maximum deposit (₹)'), '300000');
    await save();
    expect(
      await screen.findByText(
        'Someone else changed the payment settings of gold365.bet; reload to see their version.',
      ),
    ).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    });
    expect(within(form).getByRole('switch', { name: 'Payment link' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(form).getByLabelText('Maximum deposit (₹)')).toHaveProperty('value', '200000');
    await save();
    expect(saves(seen).map((call) => (call.body as { version: number }).version)).toEqual([3, 4]);
  });

  it('says when a brand has never been saved', async () => {
    serveSettings(saved, [buildPaymentSettings({ version: 0, upi: [], bank: [] })]);
    const form = await openSettings();
    expect(
      within(form).getByText(
        'Not saved yet: players see the platform’s defaults until the first save.',
      ),
    ).toBeTruthy();
    expect(within(form).getByText('No UPI id yet.')).toBeTruthy();
  });
});
