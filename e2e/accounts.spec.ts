import { expect } from '@playwright/test';
import { test } from './support/test';
import { brandUrl, PORT } from './support/brand';
import {
  BASE_URL_KEY,
  createPlayer,
  fillLogin,
  latestCode,
  loginAsDemo,
  PASSWORD,
  SESSION_KEYS,
  storageOf,
  uniqueMobile,
  uniqueUserName,
} from './support/session';

/** The test host: 127.0.0.1 is served the `test` domain. */
const TEST_HOST = `http://127.0.0.1:${PORT}`;

test('a demo login lands on /matchlist/3 with the session stored and Demo in the header', async ({
  page,
}) => {
  await loginAsDemo(page, brandUrl('99exch.com', '/auth/login'));

  const stored = await storageOf(page);
  for (const key of SESSION_KEYS) expect(stored[key], key).toBeTruthy();
  expect(Number(stored.expire_in)).toBeGreaterThan(Date.now());
  const userInfo = JSON.parse(stored.userinfo ?? '{}');
  expect(userInfo).toMatchObject({ userName: 'Demo', isDemo: true });
  expect(typeof userInfo.balance).toBe('number');
  expect(userInfo.stakes).toHaveLength(8);
  await expect(page.getByTestId('user-name')).toHaveText('Demo');
  await expect(page.getByTestId('wallet-balance')).not.toHaveText('—');
});

test('sign-up sends a code; the verification page logs the new player in', async ({
  page,
  request,
}) => {
  const userName = uniqueUserName('su');
  const mobile = uniqueMobile();
  await page.goto(brandUrl('99exch.com', '/auth/signup'));
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/verfication$/);
  await expect(page.getByTestId('code-countdown')).toHaveText(/The code expires in (10:00|9:5\d)/);
  await expect(page.getByTestId('resend-code')).toBeDisabled();
  await expect(page.getByTestId('resend-code')).toHaveText(/Resend code in \d+s/);

  await page.getByLabel('Verification code').fill(await latestCode(request, mobile));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/matchlist\/3$/);
  await expect(page.getByTestId('user-name')).toHaveText(userName);
  const stored = await storageOf(page);
  expect(stored.accessToken).toBeTruthy();
  expect(JSON.parse(stored.userinfo ?? '{}')).toMatchObject({ userName, isDemo: false });
});

test('login from a guarded page returns to it through ?to=', async ({ page, request }) => {
  const userName = await createPlayer(request);

  await page.goto(`${TEST_HOST}/change-password`);
  await expect(page).toHaveURL(/\/auth\/login\?to=%2Fchange-password$/);
  await fillLogin(page, userName, PASSWORD);

  await expect(page).toHaveURL(`${TEST_HOST}/change-password`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change password');
  // The attempt just made is the newest of the player's login attempts, and of their activity,
  // beside the address the server sees them at.
  await expect(page.getByTestId('login-attempts').getByText('Success').first()).toBeVisible();
  await expect(page.getByTestId('activity-log').getByText('Logged in').first()).toBeVisible();
  await expect(page.getByText(/^Your address now: \S+$/)).toBeVisible();
});

test('a wrong password is refused with the server message, and ?to= cannot leave the site', async ({
  page,
  request,
}) => {
  const userName = await createPlayer(request);
  await page.goto(`${TEST_HOST}/auth/login?to=${encodeURIComponent('//example.org/phish')}`);
  await fillLogin(page, userName, 'Wrong2026x');
  await expect(page.getByTestId('login-page').getByRole('alert')).toHaveText(
    'Incorrect user name or password.',
  );

  await fillLogin(page, userName, PASSWORD);
  await expect(page).toHaveURL(`${TEST_HOST}/matchlist/3`);
});

test('logout clears local storage except the saved base URL', async ({ page }) => {
  await loginAsDemo(page, `${TEST_HOST}/auth/login`);
  await page.evaluate((key) => {
    localStorage.setItem(key, `${location.origin}/api/`);
    localStorage.setItem('OpenBets', '[]');
    localStorage.setItem('lotus_url', 'https://games.example/');
  }, BASE_URL_KEY);

  await page.getByTestId('user-menu').getByRole('button').first().click();
  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(`${TEST_HOST}/auth/login`);
  await expect(page.getByTestId('login-page')).toBeVisible();
  expect(await storageOf(page)).toEqual({ [BASE_URL_KEY]: `${TEST_HOST}/api/` });

  // The saved base URL is used: logging in again works through it.
  await page.getByRole('button', { name: 'Login with demo ID' }).click();
  await expect(page).toHaveURL(/\/matchlist\/3$/);
});

test('an expired session is logged out on reload', async ({ page }) => {
  await loginAsDemo(page, `${TEST_HOST}/auth/login`);
  await page.goto(`${TEST_HOST}/change-button-values`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stake buttons');
  // The expiry is written as the reloaded page starts, before the app reads it: written from
  // the running page, it could be written over by the session's next save (a balance push).
  await page.addInitScript(() => {
    if (sessionStorage.getItem('expired-once') !== null) return;
    sessionStorage.setItem('expired-once', '1');
    localStorage.setItem('expire_in', String(Date.now() - 1000));
    localStorage.setItem('OpenBets', '[{"eventId":1}]');
  });

  await page.reload();

  await expect(page).toHaveURL(/\/auth\/login\?to=%2Fchange-button-values$/);
  await expect(page.getByTestId('login-page')).toBeVisible();
  const stored = await storageOf(page);
  for (const key of [...SESSION_KEYS, 'OpenBets']) expect(stored[key], key).toBeUndefined();
});

test('a 401 mid-session sends the player to /auth/login', async ({ page, context }) => {
  await loginAsDemo(page, `${TEST_HOST}/auth/login`);

  // Another tab of the same site replaces the token with one the server refuses; the
  // running app hears of it through the storage event, as it would of a real change.
  const other = await context.newPage();
  await other.goto(`${TEST_HOST}/api/health`);
  await other.evaluate(() => localStorage.setItem('accessToken', 'corrupted.token.value'));
  await other.close();

  // A protected call: the change-password page loads the player's login attempts.
  await page.getByTestId('user-menu').getByRole('button').first().click();
  await page.getByRole('link', { name: 'Change password' }).click();

  await expect(page).toHaveURL(`${TEST_HOST}/auth/login`);
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByTestId('toasts')).toContainText('Your session has ended');
  const stored = await storageOf(page);
  for (const key of SESSION_KEYS) expect(stored[key], key).toBeUndefined();
});

test('stake buttons are edited, validated and saved for the player', async ({ page }) => {
  await loginAsDemo(page, `${TEST_HOST}/auth/login`);
  await page.goto(`${TEST_HOST}/change-button-values`);
  const amounts = page.getByLabel('Amount');
  await expect(amounts).toHaveCount(8);
  await expect(amounts.first()).toHaveValue('100');

  await amounts.nth(1).fill('0');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Amount: more than 0')).toBeVisible();

  await amounts.nth(1).fill('750');
  await page.getByLabel('Label').nth(1).fill('750');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toasts')).toContainText('Your stake buttons are saved.');

  await page.reload();
  await expect(page.getByLabel('Amount').nth(1)).toHaveValue('750');
  const stakes = JSON.parse((await storageOf(page)).userinfo ?? '{}').stakes;
  expect(stakes[1]).toEqual({ title: '750', value: 750 });
});
