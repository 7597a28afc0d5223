// The rules page with the brand's own figures, at a desktop and a phone width.
import { expect } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';
import { screenshots } from './support/console';

test("/rules explains the markets and shows the brand's figures per sport", async ({
  page,
}, testInfo) => {
  await page.goto(brandUrl('raceday.bet', '/auth/login'));
  await page.getByRole('button', { name: 'Login with demo ID' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Demo');
  await page.goto(brandUrl('raceday.bet', '/rules'));
  // raceday.bet takes 5% commission (config/domains/betting.json), not the default 2%.
  const table = page.getByRole('table').first();
  await expect(table).toBeVisible();
  await expect(table).toContainText('5%');
  await expect(page.getByText(/lay/i).first()).toBeVisible();
  await screenshots(page, 'player-rules', testInfo);
});
