// Every account page within two taps: on a phone from the bottom bar's Account sheet, on a
// desktop from the header's user menu, for a registered player (who has the money pages too).
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { screenshots } from './support/console';
import { BRAND_ORIGIN, signedUpPlayer } from './support/real-money';

/** The account pages, by their link's name, and where each one lands. */
const PAGES: [string, RegExp][] = [
  ['Open bets', /\/open-bets$/],
  ['Current bets', /\/current-bet$/],
  ['Bet history', /\/bet-history$/],
  ['Profit & loss', /\/ProfitLoss$/],
  ['Deposit', /\/depositw\/deposit$/],
  ['Withdraw', /\/depositw\/withdrawal$/],
  ['Deposit & withdrawal requests', /\/dwrequests$/],
  ['Account statement', /\/account-cash-statement$/],
  ['Bonus', /\/bonus$/],
  ['Stake buttons', /\/change-button-values$/],
  ['Change password', /\/change-password$/],
  ['Responsible gambling', /\/responsible-gambling$/],
  ['Rules', /\/rules$/],
];

async function reachEach(page: Page, open: () => Promise<void>, menu: Locator) {
  for (const [name, url] of PAGES) {
    await page.goto(`${BRAND_ORIGIN}/index`);
    await open(); // tap one
    await menu.getByRole('link', { name, exact: true }).click(); // tap two
    await expect(page, name).toHaveURL(url);
  }
}

test('every account page is two taps away on a phone and on a desktop', async ({
  browser,
  request,
}, testInfo) => {
  // Twenty-six page loads, thirteen at each width.
  test.setTimeout(240_000);
  const { page } = await signedUpPlayer(browser, request);

  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByTestId('bottom-nav');
  await expect(bar).toBeVisible();
  await reachEach(
    page,
    () => bar.getByRole('button', { name: 'Account' }).click(),
    page.getByRole('navigation', { name: 'Account' }),
  );
  await page.goto(`${BRAND_ORIGIN}/index`);
  await bar.getByRole('button', { name: 'Account' }).click();
  await screenshots(page, 'player-account-sheet', testInfo);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${BRAND_ORIGIN}/index`);
  await expect(bar).toBeHidden();
  await reachEach(page, () => page.getByTestId('user-name').click(), page.getByTestId('user-menu'));
  await page.getByTestId('user-name').click();
  await screenshots(page, 'player-user-menu', testInfo);
});
