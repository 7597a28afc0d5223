// The operator back office end to end: the first owner from the README's command, TOTP
// enrolment and sign-in, a trader the owner creates suspending (the player sees it) and
// settling a market a player bet on, a betting lock, and the audit log of it all; then a brand
// made in the console with its own theme and logo, where a player signs up and bets.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { createOwner, totpCode } from './support/admin';
import { PORT } from './support/brand';
import { api, type ListedEvent } from './support/page-api';
import { latestCode, loginAsDemo, PASSWORD, uniqueMobile, uniqueUserName } from './support/session';

const ORIGIN = `http://127.0.0.1:${PORT}`;
const OPERATOR_PASSWORD = 'an operator passphrase';
const SCREENSHOT_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'artifacts',
  'screenshots',
);

/** Saves the console's page at a desktop and a phone width, attached to the test's report. */
async function screenshots(page: Page, name: string, testInfo: TestInfo) {
  for (const [label, width, height] of [
    ['1366', 1366, 900],
    ['390', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const file = path.join(SCREENSHOT_DIR, `admin-${name}-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`${name} ${label}`, { path: file, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

interface Placed {
  eventId: number;
  eventExternalId: string;
  runnerName: string;
  marketId: string;
  runnerId: number;
  price: number;
}

/** Backs the favourite of an upcoming match-odds market at its best price, for ₹100. */
async function backSomething(page: Page): Promise<Placed> {
  let placed: Placed | null = null;
  await expect
    .poll(
      async () => {
        const tree = await api<{ events: ListedEvent[] }[]>(
          page,
          'GET',
          'Event/TreeSportWithEvent',
        );
        for (const event of tree.result.flatMap((sport) => sport.events)) {
          const runner = event.matchOdds?.runners.find((r) => r.back !== null);
          if (event.status !== 'UPCOMING' || !event.matchOdds || !runner?.back) continue;
          const bet = await api<unknown>(page, 'POST', 'Bet/PlaceBetV2', {
            marketId: event.matchOdds.marketId,
            runnerId: runner.id,
            side: 'BACK',
            price: runner.back.price,
            stake: 100,
            idempotencyKey: `adm${Date.now()}${event.id}`,
          });
          if (bet.success) {
            placed = {
              eventId: event.id,
              eventExternalId: event.externalId,
              runnerName: runner.name,
              marketId: event.matchOdds.marketId,
              runnerId: runner.id,
              price: runner.back.price,
            };
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  if (!placed) throw new Error('no bet could be placed');
  return placed;
}

/** Confirms an action dialog with a reason. */
async function confirmWithReason(page: Page, button: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * An owner from the README's command, enrolled in the console (QR code, password, code; the
 * recovery codes shown once) and signed in with the next step's code: the console's page.
 */
async function signedInOwner(browser: Browser, ownerName: string): Promise<Page> {
  const link = createOwner(ownerName);
  expect(link).toContain('/admin/enrol#');
  return enrolAndSignIn(browser, link, ownerName);
}

/** An operator's enrolment through their link, then their sign-in: their console's page. */
async function enrolAndSignIn(browser: Browser, link: string, ownerName: string): Promise<Page> {
  const console_ = await (await browser.newContext()).newPage();
  await console_.goto(link.replace(/^http:\/\/[^/]+/, ORIGIN));
  await expect(console_.getByRole('img', { name: /QR/i })).toBeVisible();
  const secret = (await console_.getByLabel('Secret').textContent()) ?? '';
  await console_.getByLabel('New password', { exact: true }).fill(OPERATOR_PASSWORD);
  await console_.getByLabel('New password again').fill(OPERATOR_PASSWORD);
  await console_.getByLabel('Code from the app').fill(totpCode(secret));
  await console_.getByRole('button', { name: 'Set up my account' }).click();
  await expect(
    console_.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);

  // Sign-in with the next step's code (the enrolling code is spent).
  await console_.goto(`${ORIGIN}/admin/sign-in`);
  await console_.getByLabel('User name').fill(ownerName);
  await console_.getByLabel('Password').fill(OPERATOR_PASSWORD);
  await console_.getByLabel('Code').fill(totpCode(secret, 1));
  await console_.getByRole('button', { name: /sign in/i }).click();
  await expect(console_.getByText(ownerName)).toBeVisible();
  return console_;
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
  const watched = player.getByRole('region', { name: 'Match Odds' });
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
  await screenshots(trader, 'market-book', testInfo);

  // A betting lock refuses the player's next bet.
  await console_.goto(`${ORIGIN}/admin/players/${info.result.userId}`);
  await console_.getByRole('button', { name: 'Lock betting' }).click();
  await confirmWithReason(console_, 'Lock', 'bonus abuse review');
  await expect(console_.getByRole('button', { name: 'Unlock betting' })).toBeVisible();
  await screenshots(console_, 'player', testInfo);
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
  await screenshots(console_, 'dashboard', testInfo);

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
  await screenshots(console_, 'brand', testInfo);
  await console_.getByRole('tab', { name: 'Settings' }).click();
  await expect(console_.getByLabel('Title')).toHaveValue('Fresh Exchange');
  await screenshots(console_, 'brand-settings', testInfo);
  await console_.getByRole('tab', { name: 'History' }).click();
  await expect(console_.getByText(/version 2/i).first()).toBeVisible();
  await screenshots(console_, 'brand-history', testInfo);
  await console_.goto(`${ORIGIN}/admin/brands`);
  await expect(console_.getByRole('cell', { name: domain })).toBeVisible();
  await screenshots(console_, 'brands', testInfo);

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
  await screenshots(player, 'new-brand-player', testInfo);

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
