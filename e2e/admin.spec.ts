// The operator back office end to end: the first owner from the README's command, TOTP
// enrolment and sign-in, a trader the owner creates suspending (the player sees it) and
// settling a market a player bet on, a betting lock, and the audit log of it all; then a brand
// made in the console with its own theme and logo, where a player signs up and bets.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { PORT } from './support/brand';
import {
  backSomething,
  ORIGIN,
  screenshots,
  signedInOwner,
  enrolAndSignIn,
} from './support/console';
import { api } from './support/page-api';
import { latestCode, loginAsDemo, PASSWORD, uniqueMobile, uniqueUserName } from './support/session';

/** Confirms an action dialog with a reason. */
async function confirmWithReason(page: Page, button: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an owner enrols from the command line, then runs a market and a player from the console', async ({
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const console_ = await signedInOwner(browser, `owner.${Date.now().toString(36)}`);

  // The owner makes a trader, who enrols from the link the console hands over.
  const traderName = `trader.${Date.now().toString(36)}`;
  await console_.goto(`${ORIGIN}/admin/operators`);
  await console_.getByRole('button', { name: 'New operator' }).click();
  const create = console_.getByRole('dialog');
  await create.getByLabel('User name').fill(traderName);
  await create.getByLabel('Role', { exact: true }).selectOption('trader');
  await create.getByRole('radio', { name: 'All brands' }).check();
  await create.getByRole('button', { name: 'Create operator' }).click();
  const traderLink = await console_.getByLabel('Enrolment link').inputValue();
  const trader = await enrolAndSignIn(browser, traderLink, traderName);

  // A player bets, then watches that market.
  const player = await (await browser.newContext()).newPage();
  await loginAsDemo(player, `${ORIGIN}/auth/login`);
  const placed = await backSomething(player);
  const info = await api<{ userId: string }>(player, 'GET', 'Setting/GetSetting');
  const balanceBefore = await player.getByTestId('wallet-balance').textContent();
  await player.goto(`${ORIGIN}/markets/${placed.eventId}/${placed.eventExternalId}`);
  const watched = player.getByRole('region', { name: 'Match Odds', exact: true });
  await expect(watched).toBeVisible();
  await expect(watched.getByRole('status')).toHaveCount(0);

  // The trader suspends that market: the player sees it suspended, and a bet is refused.
  await trader.goto(`${ORIGIN}/admin/markets/${placed.marketId}`);
  await trader.getByRole('button', { name: 'Suspend', exact: true }).click();
  await confirmWithReason(trader, 'Suspend', 'checking a disputed result');
  await expect(trader.getByText('SUSPENDED').first()).toBeVisible();
  await expect(watched.getByRole('status')).toHaveText('Suspended');
  const refused = await api<unknown>(player, 'POST', 'Bet/PlaceBetV2', {
    marketId: placed.marketId,
    runnerId: placed.runnerId,
    side: 'BACK',
    price: placed.price,
    stake: 100,
    idempotencyKey: `adm${Date.now()}x`,
  });
  expect(refused.error?.details).toBe('MARKET_SUSPENDED');

  // The trader settles it on the runner the player backed: their balance changes without a reload.
  await trader.getByRole('button', { name: 'Settle', exact: true }).click();
  const settleDialog = trader.getByRole('dialog');
  await settleDialog.getByRole('radio', { name: placed.runnerName }).check();
  await confirmWithReason(trader, 'Settle', 'result confirmed');
  await expect(trader.getByText(/Settled by operator/)).toBeVisible();
  await expect(player.getByTestId('wallet-balance')).not.toHaveText(balanceBefore ?? '');
  await screenshots(trader, 'admin-market-book', testInfo);

  // A betting lock refuses the player's next bet.
  await console_.goto(`${ORIGIN}/admin/players/${info.result.userId}`);
  await console_.getByRole('button', { name: 'Lock betting' }).click();
  await confirmWithReason(console_, 'Lock', 'bonus abuse review');
  await expect(console_.getByRole('button', { name: 'Unlock betting' })).toBeVisible();
  await screenshots(console_, 'admin-player', testInfo);
  const lockedBet = await api<unknown>(player, 'POST', 'Bet/PlaceBetV2', {
    marketId: placed.marketId,
    runnerId: placed.runnerId,
    side: 'BACK',
    price: placed.price,
    stake: 100,
    idempotencyKey: `adm${Date.now()}y`,
  });
  expect(lockedBet.error?.details).toBe('BETTING_LOCKED');

  await console_.goto(`${ORIGIN}/admin/dashboard`);
  await expect(console_.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await screenshots(console_, 'admin-dashboard', testInfo);

  // Every step is in the audit log.
  await console_.goto(`${ORIGIN}/admin/audit`);
  const log = console_.getByRole('table');
  for (const action of [
    'player.lock-betting',
    'market.settle',
    'market.suspend',
    'session.sign-in',
    'operator.enrolled',
    'operator.create',
  ]) {
    await expect(log).toContainText(action);
  }
  // The trader's actions are theirs.
  await expect(log.getByRole('row').filter({ hasText: 'market.suspend' }).first()).toContainText(
    traderName,
  );
});

/** A logo made for this test: the brand's initials on its own colour. */
const FRESH_LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48">' +
    '<rect width="160" height="48" rx="8" fill="#5b21b6"/>' +
    '<text x="80" y="32" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle">FRESH</text>' +
    '</svg>',
);

test('an owner creates a brand with its own theme and logo; a player signs up there and bets', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const domain = `fresh${Date.now().toString(36)}.in`;
  const console_ = await signedInOwner(browser, `brands.${Date.now().toString(36)}`);

  // The brand, from the console: its name, title and theme group.
  await console_.goto(`${ORIGIN}/admin/brands/new`);
  await console_.getByLabel('Domain').fill(domain);
  await console_.getByLabel('Title').fill('Fresh Exchange');
  await console_.getByLabel('Theme').selectOption('purple');
  await console_.getByRole('button', { name: 'Create brand' }).click();
  await expect(console_.getByText(`${domain} created`)).toBeVisible();

  // Its logo, uploaded: the settings now name the uploaded file.
  await console_.getByRole('tab', { name: 'Logo & favicon' }).click();
  await console_.getByLabel('New logo').setInputFiles({
    name: 'fresh-logo.svg',
    mimeType: 'image/svg+xml',
    buffer: FRESH_LOGO,
  });
  const logo = console_.getByRole('img', { name: 'Fresh Exchange logo' });
  await expect(logo).toHaveAttribute('src', /^\/cdn\/uploads\/.+\/logo-[0-9a-f]{16}\.svg$/);
  const logoUrl = (await logo.getAttribute('src')) ?? '';
  await screenshots(console_, 'admin-brand', testInfo);
  await console_.getByRole('tab', { name: 'Settings' }).click();
  await expect(console_.getByLabel('Title')).toHaveValue('Fresh Exchange');
  await screenshots(console_, 'admin-brand-settings', testInfo);
  await console_.getByRole('tab', { name: 'History' }).click();
  await expect(console_.getByText(/version 2/i).first()).toBeVisible();
  await screenshots(console_, 'admin-brand-history', testInfo);
  await console_.goto(`${ORIGIN}/admin/brands`);
  await expect(console_.getByRole('cell', { name: domain })).toBeVisible();
  await screenshots(console_, 'admin-brands', testInfo);

  // A player on the new brand's host: its theme, its logo; sign-up and verification.
  const player = await (await browser.newContext()).newPage();
  const origin = `http://${domain}:${PORT}`;
  await player.goto(`${origin}/auth/signup`);
  await expect
    .poll(() => player.evaluate(() => document.documentElement.dataset.theme))
    .toBe('purple');
  await expect(player.locator(`img[src="${logoUrl}"]`).first()).toBeVisible();
  const userName = uniqueUserName('fr');
  const mobile = uniqueMobile();
  await player.getByLabel('Username').fill(userName);
  await player.getByLabel('Mobile number').fill(mobile);
  await player.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await player.getByLabel('Confirm password').fill(PASSWORD);
  await player.getByRole('button', { name: 'Create account' }).click();
  await expect(player).toHaveURL(/\/auth\/verfication$/);
  await player.getByLabel('Verification code').fill(await latestCode(request, mobile));
  await player.getByRole('button', { name: 'Verify' }).click();
  await expect(player.getByTestId('user-name')).toHaveText(userName);
  const registered = await api<{ domain?: string }>(player, 'GET', 'Setting/GetSetting');
  expect(registered.success).toBe(true);
  await screenshots(player, 'admin-new-brand-player', testInfo);

  // A new player's real-money account is empty until deposits exist; the brand's demo account
  // bets on its markets at once.
  const demo = await (await browser.newContext()).newPage();
  await loginAsDemo(demo, `${origin}/auth/login`);
  const placed = await backSomething(demo);
  expect(placed.marketId).not.toBe('');
  await expect
    .poll(() => demo.evaluate(() => document.documentElement.dataset.theme))
    .toBe('purple');
});
