// Real-money players in end-to-end tests: the brand's UPI id set through the back office's
// calls, a player signed up through the brand's pages, and the header's balance as they read it.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { ownerApi } from './admin';
import { PORT } from './brand';
import { ORIGIN } from './console';
import { latestCode, PASSWORD, uniqueMobile, uniqueUserName } from './session';

export const BRAND = '99exch.com';
export const BRAND_ORIGIN = `http://${BRAND}:${PORT}`;
export const UPI_ID = 'backlay.e2e@okaxis';
/** The brand offers a UPI id to pay deposits to (set through the back office's calls). */
export async function brandTakesUpi() {
  const owner = await ownerApi(ORIGIN, `settings.${Date.now().toString(36)}`);
  const settings = await owner.call<{ version: number; upi: unknown[]; bank: unknown[] }>(
    'GET',
    'payments/settings',
    { brand: BRAND },
  );
  await owner.call('POST', 'payments/settings', {
    brand: BRAND,
    version: settings.version,
    upi: [{ upiId: UPI_ID, payeeName: 'Backlay Payments', active: true }],
    bank: [],
    paymentLink: true,
    upiIntent: true,
    limits: { minDeposit: 100, maxDeposit: 100000, minWithdrawal: 200, maxWithdrawal: 50000 },
  });
}

/** A player signed up on the brand through its pages; their page. */
export async function signedUpPlayer(browser: Browser, request: APIRequestContext) {
  const page = await (await browser.newContext()).newPage();
  const userName = uniqueUserName('pay');
  const mobile = uniqueMobile();
  await page.goto(`${BRAND_ORIGIN}/auth/signup`);
  await page.getByLabel('Username').fill(userName);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verfication$/);
  await page.getByLabel('Verification code').fill(await latestCode(request, mobile));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('user-name')).toHaveText(userName);
  return { page, userName };
}

/** The header's balance as the player reads it (₹1,500.00 → 1500). */
export async function headerBalance(page: Page): Promise<number> {
  const text = (await page.getByTestId('wallet-balance').first().textContent()) ?? '';
  return Number(text.replace(/[^\d.-]/g, ''));
}
