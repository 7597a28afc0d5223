// Real money end to end: a player signs up, deposits by UPI with a UTR and a screenshot file,
// finance approves it in the console and the player's header balance changes without a reload;
// the player bets, withdraws to a bank account, finance marks it paid, and the statement shows
// every row with its running balance. Then a deposit through the sandbox gateway's hosted page.
import { randomInt } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { backSomething, ORIGIN, screenshots, signedInOwner } from './support/console';
import { api } from './support/page-api';
import {
  BRAND_ORIGIN,
  brandTakesUpi,
  headerBalance,
  signedUpPlayer,
  UPI_ID,
} from './support/real-money';

/** A 1×1 PNG: the player's payment screenshot. */
const SCREENSHOT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Row {
  description: string;
  amount: number;
  balance: number;
}

test('a player deposits by UPI, finance approves, the player bets, withdraws and is paid; the statement adds up', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await brandTakesUpi();
  const { page: player, userName } = await signedUpPlayer(browser, request);
  expect(await headerBalance(player)).toBe(0);

  // The deposit: amount, the brand's UPI id as a QR code, the screenshot, the UTR.
  await player.goto(`${BRAND_ORIGIN}/depositw/deposit`);
  await player.getByLabel('Amount to deposit (₹)').fill('1500');
  await expect(player.getByRole('img', { name: 'UPI payment QR code' })).toBeVisible();
  await expect(player.getByText(UPI_ID).first()).toBeVisible();
  await screenshots(player, 'player-deposit', testInfo);
  await player.getByLabel('Payment screenshot').setInputFiles({
    name: 'upi-payment.png',
    mimeType: 'image/png',
    buffer: SCREENSHOT,
  });
  await expect(player.getByText('Screenshot attached.')).toBeVisible();
  const utr = String(randomInt(100_000_000_000, 999_999_999_999));
  await player.getByLabel('UTR (payment reference)').fill(utr);
  await player.getByRole('button', { name: 'Submit deposit' }).click();
  await expect(player.getByRole('status', { name: 'Submitted' })).toBeVisible();

  // Finance finds it by its UTR, sees the slip and approves it.
  const console_ = await signedInOwner(browser, `finance.${Date.now().toString(36)}`);
  await console_.goto(`${ORIGIN}/admin/payments/deposits`);
  await console_.getByLabel('UTR, reference or player').fill(utr);
  await console_.getByRole('button', { name: `Review request of ${userName}` }).click();
  const deposit = console_.getByRole('dialog', { name: 'Deposit of ₹1,500.00' });
  await expect(deposit.getByRole('img').first()).toBeVisible();
  await screenshots(console_, 'admin-deposit-review', testInfo);
  await deposit.getByRole('button', { name: 'Approve', exact: true }).click();
  await deposit.getByRole('button', { name: 'Approve and credit' }).click();
  // The dialog closes on the decision and the queue says what it did (or the next request
  // waiting opens, saying so).
  await expect(
    console_.getByText(`Approved: ₹1,500.00 credited to ${userName}.`).first(),
  ).toBeVisible();
  await console_.keyboard.press('Escape');

  // The player's header shows the money without a reload (pushed by the hub).
  await expect.poll(() => headerBalance(player), { timeout: 15_000 }).toBe(1500);

  // A real-money bet of ₹100.
  await player.goto(`${BRAND_ORIGIN}/matchlist/3`);
  await backSomething(player);

  // A withdrawal of ₹500 to a bank account saved on the way.
  await player.goto(`${BRAND_ORIGIN}/depositw/withdrawal`);
  await expect(player.getByText('Withdrawable now')).toBeVisible();
  // A player with no saved account is shown the form at once.
  await expect(player.getByRole('form', { name: 'Add an account' })).toBeVisible();
  const form = player.getByRole('form', { name: 'Add an account' });
  await form.getByLabel("Account holder's name").fill('Ravi Kumar');
  await form.getByLabel('Bank name').fill('HDFC Bank');
  await form.getByLabel('Account number', { exact: true }).fill('50100123456789');
  await form.getByLabel('Account number again').fill('50100123456789');
  await form.getByLabel('IFSC').fill('HDFC0000123');
  await form.getByRole('button', { name: 'Save account' }).click();
  await player.getByRole('radio', { name: /HDFC Bank/ }).check();
  await player.getByLabel('Amount to withdraw (₹)').fill('500');
  await player.getByRole('button', { name: 'Request withdrawal' }).click();
  await expect(player.getByText(/Withdrawal requested/).first()).toBeVisible();
  await screenshots(player, 'player-withdraw', testInfo);

  // Finance pays it out with the bank's reference.
  await console_.goto(`${ORIGIN}/admin/payments/withdrawals`);
  await console_.getByRole('button', { name: `Review request of ${userName}` }).click();
  const withdrawal = console_.getByRole('dialog', { name: 'Withdrawal of ₹500.00' });
  await expect(withdrawal.getByLabel('Payout account')).toHaveValue(/50100123456789/);
  await withdrawal.getByRole('button', { name: 'Mark paid' }).click();
  await withdrawal.getByLabel('Payout reference').fill('IMPS424242424242');
  await withdrawal.getByRole('button', { name: 'Mark paid' }).click();
  await expect(
    console_.getByText(`Marked paid: ₹500.00 paid out to ${userName}.`).first(),
  ).toBeVisible();
  await screenshots(console_, 'admin-withdrawal-paid', testInfo);
  await console_.keyboard.press('Escape');

  // The requests list shows both, decided.
  await player.goto(`${BRAND_ORIGIN}/dwrequests`);
  await expect(player.getByText('IMPS424242424242').first()).toBeVisible();
  await expect(player.getByText(utr).first()).toBeVisible();
  await screenshots(player, 'player-requests', testInfo);

  // The statement: every movement, newest first, each balance the one below plus its amount.
  // The balance is the header's (cash + exposure), so the bet's hold leaves it as it was.
  const history = await api<{ items: Row[] }>(player, 'GET', 'Transaction/GetHistory');
  const rows = history.result.items;
  expect(rows.map((r) => r.description)).toEqual([
    'Withdrawal requested',
    'Held for a bet',
    'Deposit',
  ]);
  expect(rows.map((r) => [r.amount, r.balance])).toEqual([
    [-500, 1000],
    [0, 1500],
    [1500, 1500],
  ]);
  await player.goto(`${BRAND_ORIGIN}/account-cash-statement`);
  await expect(player.getByText('Withdrawal requested').first()).toBeVisible();
  // Holds and releases are folded away until the player shows them.
  await expect(player.getByText('Held for a bet')).toHaveCount(0);
  await expect(
    player
      .getByTestId('statement')
      .getByText(/1,000\.00/)
      .first(),
  ).toBeVisible();
  await screenshots(player, 'player-statement', testInfo);
  await player.getByRole('button', { name: 'Deposit', exact: true }).first().click();
  await expect(player.getByRole('dialog', { name: 'Deposit' })).toContainText('Payments');
  // The header's balance is cash plus what the open bet holds: ₹900 + ₹100.
  expect(await headerBalance(player)).toBe(1000);
});

test('a deposit through the sandbox gateway’s hosted page credits the balance', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { page: player } = await signedUpPlayer(browser, request);
  await player.goto(`${BRAND_ORIGIN}/depositw/deposit`);
  await player.getByLabel('Amount to deposit (₹)').fill('750');
  await player.getByRole('radio', { name: /Pay by link/ }).check();
  await player.getByRole('button', { name: /Get a payment link/ }).click();
  const link = player.getByRole('link', { name: /Open the payment page/ });
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/\/pay\//);

  // The payer on the gateway's page, in another tab.
  const gateway = await player.context().newPage();
  await gateway.goto(href);
  await gateway.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(gateway.getByText(/paid/i).first()).toBeVisible();

  // Backlay credits it once: the deposit page says so and the header shows it.
  await expect(player.getByText('Payment received')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => headerBalance(player), { timeout: 15_000 }).toBe(750);
  const requests = await api<{ items: { channel: string; status: string }[] }>(
    player,
    'POST',
    'DepositWithdrawal/PlayerRequests',
    {},
  );
  expect(requests.result.items).toEqual([
    expect.objectContaining({ channel: 'LINK', status: 'APPROVED' }),
  ]);
});
