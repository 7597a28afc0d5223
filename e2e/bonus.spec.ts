// Bonuses end to end: an operator creates a first-deposit bonus in the console; a new player
// reads its terms on /bonus, deposits through the sandbox gateway's hosted page, claims it (the
// header shows the bonus wallet beside cash), wagers it through with a bet an operator settles
// by hand, and sees it become cash in the header and the statement. On a phone (390 px), with
// the header and the pages read again on a laptop (1366 px).
import {
  expect,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { ownerApi } from './support/admin';
import { backSomething, ORIGIN, screenshots } from './support/console';
import { api } from './support/page-api';
import { BRAND, BRAND_ORIGIN, headerBalance } from './support/real-money';
import { fillLogin, latestCode, PASSWORD, uniqueMobile, uniqueUserName } from './support/session';
import { test } from './support/test';

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

interface StatementRow {
  description: string;
  amount: number;
  balance: number;
}

interface Operator {
  /** Calls `/admin/api/<path>` with the operator's bearer; the envelope's result. */
  call<T>(method: 'GET' | 'POST', path: string, input?: Record<string, unknown>): Promise<T>;
  /** The console, signed in with the same session. */
  console: Page;
}

/**
 * One owner from the README's command, enrolled and signed in through the console's calls, and
 * the console opened with that session (as its sign-in page keeps it, in the tab's storage):
 * one operator for the test's calls and its console, enrolled once.
 */
async function signedInOperator(browser: Browser, name: string): Promise<Operator> {
  const { call, session } = await ownerApi(ORIGIN, name);
  const context = await browser.newContext({ viewport: LAPTOP });
  await context.addInitScript(
    ({ origin, stored }) => {
      if (window.location.origin === origin) {
        sessionStorage.setItem('backlay.admin.session', stored);
      }
    },
    {
      origin: ORIGIN,
      stored: JSON.stringify({ token: session.token, expiresAt: session.expiresAt }),
    },
  );
  return { call, console: await context.newPage() };
}

/**
 * A new player of the brand, registered and verified through the brand's own calls from its
 * login page, then logged in there on their way to `/bonus`: their page, on a phone.
 */
async function newPlayer(browser: Browser, request: APIRequestContext): Promise<Page> {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  const userName = uniqueUserName('bonus');
  const mobile = uniqueMobile();
  await page.goto(`${BRAND_ORIGIN}/auth/login?to=%2Fbonus`);
  const register = await api<unknown>(page, 'POST', 'Account/Register', {
    userName,
    mobile,
    password: PASSWORD,
    domain: BRAND,
  });
  expect(register.success, JSON.stringify(register.error)).toBe(true);
  const verified = await api<unknown>(page, 'POST', 'Account/VerificationUser', {
    userName,
    code: await latestCode(request, mobile),
  });
  expect(verified.success, JSON.stringify(verified.error)).toBe(true);
  await fillLogin(page, userName, PASSWORD);
  await expect(page).toHaveURL(/\/bonus$/);
  await expect(page.getByTestId('user-name')).toHaveText(userName);
  return page;
}

/** Pays a deposit through the sandbox gateway's hosted page, as the payments test does. */
async function depositByLink(player: Page, amount: number) {
  await player.goto(`${BRAND_ORIGIN}/depositw/deposit`);
  await player.getByLabel('Amount to deposit (₹)').fill(String(amount));
  await player.getByRole('radio', { name: /Pay by link/ }).check();
  await player.getByRole('button', { name: /Get a payment link/ }).click();
  const href =
    (await player.getByRole('link', { name: /Open the payment page/ }).getAttribute('href')) ?? '';
  const gateway = await player.context().newPage();
  await gateway.goto(href);
  await gateway.getByRole('button', { name: /^Pay ₹/ }).click();
  // Credited once: the hub pushes the balance to the header.
  await expect.poll(() => headerBalance(player), { timeout: 20_000 }).toBe(amount);
  await gateway.close();
}

/** Saves a player's page at both widths, as the console's are saved, and leaves it on a phone. */
async function playerScreenshots(page: Page, name: string, testInfo: TestInfo) {
  // From the top: a page scrolled to a button draws its fixed header and tab bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshots(page, name, testInfo);
  await page.setViewportSize(PHONE);
}

test('an operator creates a first-deposit bonus; a new player reads its terms, deposits, claims it, wagers it through and sees it become cash', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const title = `First deposit ${stamp}`;
  const operator = await signedInOperator(browser, `bonuses.${stamp}`);

  // The operator's campaign: 20% of the first deposit up to ₹100, wagered once on exchange bets.
  const console_ = operator.console;
  await console_.goto(`${ORIGIN}/admin/bonuses/new?brand=${BRAND}`);
  const form = console_.getByRole('form', { name: 'New campaign' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Percentage', { exact: true }).fill('20');
  await form.getByLabel('Maximum bonus (₹)').fill('100');
  await form.getByLabel('Minimum deposit (₹)').fill('500');
  // Above the cap first: the editor refuses it before sending.
  await form.getByLabel('Wagering multiplier').fill('11');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(
    form.getByText('The wagering requirement is at most 10× the bonus.').first(),
  ).toBeVisible();
  await form.getByLabel('Wagering multiplier').fill('1');
  await form.getByLabel('Minimum odds').fill('1.01');
  await form.getByRole('button', { name: 'Create campaign' }).click();
  await expect(console_.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(console_.getByText('Running').first()).toBeVisible();
  await screenshots(console_, 'admin-bonus-campaign', testInfo);
  const campaignPage = console_.url();
  await console_.goto(`${ORIGIN}/admin/bonuses?brand=${BRAND}`);
  await expect(console_.getByText(title).first()).toBeVisible();
  await screenshots(console_, 'admin-bonus-campaigns', testInfo);
  await console_.goto(campaignPage);

  // A new player reads every term before depositing.
  const player = await newPlayer(browser, request);
  const offers = player.getByRole('region', { name: 'Offers' });
  const offer = offers.getByRole('article', { name: title });
  await expect(offer.getByText('20% of your deposit, up to ₹100.00')).toBeVisible();
  await expect(offer.getByText('₹500.00')).toBeVisible();
  await expect(offer.getByText('1× the bonus')).toBeVisible();
  await expect(offer.getByText(/^Exchange bets at odds of 1\.01 or more/)).toBeVisible();
  await expect(
    offer.getByText('Make a qualifying deposit first, then claim it here.'),
  ).toBeVisible();

  await depositByLink(player, 500);

  // The deposit qualifies: the offer now says what claiming gives and asks, and it is claimed.
  await player.goto(`${BRAND_ORIGIN}/bonus`);
  await expect(offer.getByTestId('offer-amount')).toHaveText('₹100.00');
  await expect(offer.getByText('1× the bonus (₹100.00 of stakes)')).toBeVisible();
  await playerScreenshots(player, 'player-bonus-offer', testInfo);
  await offer.getByRole('button', { name: `Claim ${title}` }).click();
  await expect(player.getByTestId('claim-notice')).toHaveText(
    `${title} claimed: ₹100.00 is in your bonus wallet.`,
  );
  const active = player.getByRole('region', { name: 'Being wagered' });
  const meter = active.getByRole('progressbar', { name: `Wagering of ${title}` });
  await expect(meter).toHaveAttribute('aria-valuetext', '₹0.00 of ₹100.00 wagered');
  await playerScreenshots(player, 'player-bonus-active', testInfo);
  // The header shows the bonus beside cash, which stays the deposit, on a phone and a laptop.
  await expect(player.getByTestId('wallet-bonus')).toBeVisible();
  await expect(player.getByTestId('wallet-bonus')).toHaveText('100.00');
  expect(await headerBalance(player)).toBe(500);
  await player.setViewportSize(LAPTOP);
  await expect(player.getByTestId('wallet-bonus')).toBeVisible();
  await player.setViewportSize(PHONE);

  // Wagered through: a ₹200 back bet, settled by an operator on the runner backed.
  const placed = await backSomething(player, 200);
  await operator.call('POST', 'markets/settle', {
    marketId: placed.marketId,
    winnerRunnerId: placed.runnerId,
    reason: 'result confirmed by the scorer',
  });

  // The bonus became cash: it leaves the header, and the statement says so.
  await expect(player.getByTestId('wallet-bonus')).toHaveCount(0, { timeout: 15_000 });
  const history = await api<{ items: StatementRow[] }>(player, 'GET', 'Transaction/GetHistory');
  expect(history.result.items).toContainEqual(
    expect.objectContaining({ description: 'Bonus wagered: now cash', amount: 100 }),
  );
  await expect
    .poll(() => headerBalance(player), { timeout: 15_000 })
    .toBe(history.result.items[0]?.balance);
  await player.goto(`${BRAND_ORIGIN}/bonus`);
  const past = player.getByTestId('past-bonus').filter({ hasText: title });
  await expect(past).toContainText('Converted');
  await expect(past).toContainText('₹100.00 became cash');
  await playerScreenshots(player, 'player-bonus-converted', testInfo);
  await player.goto(`${BRAND_ORIGIN}/account-cash-statement`);
  await expect(player.getByText('Bonus wagered: now cash').first()).toBeVisible();
  await player.setViewportSize(LAPTOP);
  await expect(player.getByText('Bonus wagered: now cash').first()).toBeVisible();
  await expect(player.getByTestId('wallet-bonus')).toHaveCount(0);

  // The campaign's figures count it: one claimed, converted, ₹100 of cost.
  await console_.reload();
  const figures = console_.getByRole('region', { name: 'Figures, every bonus of the campaign' });
  await expect(figures.getByText('Converted', { exact: true })).toBeVisible();
  await expect(figures).toContainText('1 bonus became cash');
  await screenshots(console_, 'admin-bonus-campaign-figures', testInfo);
});
