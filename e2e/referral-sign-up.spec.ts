import { expect } from '@playwright/test';
import { screenshots } from './support/console';
import { api } from './support/page-api';
import { BRAND_ORIGIN, signedUpPlayer } from './support/real-money';
import { latestCode, PASSWORD, uniqueMobile, uniqueUserName } from './support/session';
import { test } from './support/test';

interface Referral {
  code: string;
  link: string;
  invited: number;
}

test('a referral link opens the sign-up form with the code, and the friend joins with it', async ({
  browser,
  request,
}, testInfo) => {
  const referrer = await signedUpPlayer(browser, request);
  const bonuses = await api<{ referral: Referral }>(referrer.page, 'GET', 'Bonus/GetBonuses');
  const { code, link } = bonuses.result.referral;
  const linkPath = new URL(link).pathname + new URL(link).search;
  expect(linkPath).toBe(`/auth/signup?ref=${code}`);

  // A guest follows the link: the form has the code filled in.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`${BRAND_ORIGIN}${linkPath}`);
  const field = guest.getByLabel('Referral code (optional)');
  await expect(field).toHaveValue(code);
  await screenshots(guest, 'referral-sign-up', testInfo);

  const mobile = uniqueMobile();
  await guest.getByLabel('Username').fill(uniqueUserName('ref'));
  await guest.getByLabel('Mobile number').fill(mobile);
  await guest.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await guest.getByLabel('Confirm password').fill(PASSWORD);
  await guest.getByRole('button', { name: 'Create account' }).click();
  await expect(guest).toHaveURL(/\/auth\/verfication$/);
  await guest.getByLabel('Verification code').fill(await latestCode(request, mobile));
  await guest.getByRole('button', { name: 'Verify' }).click();
  await expect(guest).toHaveURL(/\/matchlist\/3$/);

  // The referrer counts a friend who joined with the code.
  const after = await api<{ referral: Referral }>(referrer.page, 'GET', 'Bonus/GetBonuses');
  expect(after.result.referral.invited).toBe(1);

  // A logged-in player who follows a referral link is taken to the bonus page's offer.
  await guest.goto(`${BRAND_ORIGIN}${linkPath}`);
  await expect(guest).toHaveURL(new RegExp(`/bonus\\?ref=${code}$`));
});
