// Responsible gambling end to end: a player finds their limits in the user menu and sets a
// 24-hour deposit limit, which the deposit page then holds them to; they exclude themselves,
// are logged out at once and refused at login with the end date; finance sees the exclusion
// on the player's page in the console.
import { expect } from '@playwright/test';
import { test } from './support/test';
import { ORIGIN, screenshots, signedInOwner } from './support/console';
import { api } from './support/page-api';
import { BRAND_ORIGIN, brandTakesUpi, signedUpPlayer } from './support/real-money';
import { PASSWORD } from './support/session';

test('a player sets a deposit limit the deposit page holds to, excludes themselves and is refused at once; the console shows it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await brandTakesUpi();
  const { page: player, userName } = await signedUpPlayer(browser, request);
  const me = await api<{ userId: string }>(player, 'GET', 'Setting/GetSetting');
  const playerId = me.result.userId;

  // From the user menu to the limits, two taps.
  await player.getByTestId('user-name').click();
  await player.getByRole('link', { name: 'Responsible gambling' }).click();
  await expect(player).toHaveURL(/\/responsible-gambling$/);
  await player.getByLabel('24-hour deposit limit (₹)').fill('500');
  await player.getByRole('button', { name: 'Save limits' }).click();
  await expect(player.getByText(/Applied now: 24-hour deposit limit ₹500/)).toBeVisible();
  await expect(player.getByText('Deposited ₹0 in the last 24 hours')).toBeVisible();
  await screenshots(player, 'player-responsible-gambling', testInfo);

  // The deposit page says what the limit leaves and refuses more.
  await player.goto(`${BRAND_ORIGIN}/depositw/deposit`);
  await expect(player.getByTestId('deposit-allowance')).toContainText('₹500');
  await player.getByLabel('Amount to deposit (₹)').fill('600');
  await expect(player.getByText(/500/).first()).toBeVisible();
  const refused = await api<unknown>(player, 'POST', 'Payment/Generate', {
    amount: 600,
    idempotencyKey: `rg${Date.now()}`,
  });
  expect(refused.success).toBe(false);
  expect(refused.error?.message).toMatch(/over your 24-hour deposit limit of ₹500/);
  await screenshots(player, 'player-deposit-allowance', testInfo);

  // Self-exclusion for six months: password, confirmation, logged out at once.
  await player.goto(`${BRAND_ORIGIN}/responsible-gambling`);
  const exclusion = player.getByRole('form', { name: 'Self-exclusion' });
  await exclusion.getByRole('radio', { name: '6 months' }).check();
  await exclusion.getByLabel('Your password').fill(PASSWORD);
  await exclusion.getByRole('button', { name: 'Exclude myself' }).click();
  const confirm = player.getByRole('dialog', { name: 'Exclude yourself for 6 months?' });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Exclude me' }).click();
  await expect(player).toHaveURL(/\/auth\/login/);

  // Logging in again is refused, with the end date.
  await player.getByLabel('Username').fill(userName);
  await player.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await player.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(
    player.getByText(/You excluded yourself from this site until/).first(),
  ).toBeVisible();
  await screenshots(player, 'player-login-self-excluded', testInfo);

  // Finance sees the exclusion on the player's page, read only.
  const console_ = await signedInOwner(browser, `rg.${Date.now().toString(36)}`);
  await console_.goto(`${ORIGIN}/admin/players/${playerId}`);
  await expect(console_.getByText(/Self-excluded until/).first()).toBeVisible();
  await expect(console_.getByRole('list', { name: 'Responsible gambling history' })).toContainText(
    '24-hour deposit limit: no limit → ₹500',
  );
  await screenshots(console_, 'admin-player-responsible-gambling', testInfo);
});
