// The casino end to end, at a phone's and a laptop's width: a casino-only brand's demo player
// lands in the crash game's frame (the built-in studio's); on an ordinary brand a player searches
// the lobby, opens a game of the built-in test provider, plays a round in its frame (the provider's server calls the
// signed wallet callbacks), and sees the balance change in the header and the round in the
// statement and in bet history's casino tab; on a laptop, an operator finds the round in the
// console's round lookup with both of its callbacks.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';
import { headerBalance } from './support/real-money';
import { storageOf } from './support/session';
import { ORIGIN, signedInOwner } from './support/console';
import { api } from './support/page-api';

/** The stake of the test provider's one bet and what its win pays, in rupees. */
const TEST_STAKE = 10;
const TEST_WIN = 20;

async function demoLogin(page: Page, host: string) {
  await page.goto(brandUrl(host, '/auth/login'));
  await page.getByRole('button', { name: 'Login with demo ID' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Demo');
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
]) {
  test.describe(`the casino (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a casino-only brand lands its demo player in the crash game', async ({ page }) => {
      await demoLogin(page, 'aviatorclub.in');

      await expect(page).toHaveURL(/\/lobby$/);
      const frame = page.getByTitle('Casino game');
      await expect(frame).toBeVisible();
      const src = (await frame.getAttribute('src')) ?? '';
      expect(new URL(src, 'http://x').searchParams.get('game')).toBe('sbe_aviator');
      expect((await storageOf(page)).lotus_url).toBe(src);
      // The game's page answers inside the frame with the player's (play money) balance.
      const game = page.frameLocator('iframe[title="Casino game"]');
      await expect(game.getByRole('heading', { name: 'Sky Ace' })).toBeVisible();
      await expect(game.getByText(/^Balance ₹/)).toBeVisible();
      // The lobby's shell: no sports here, so the way back leads to the casino's games.
      await expect(page.getByRole('link', { name: 'All games' })).toBeVisible();
      const box = await frame.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(viewport.width * 0.8);
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height + 1);
    });

    test('a player searches the lobby, plays a round, and sees it in the header and the statement', async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      await demoLogin(page, '99exch.com');
      await page.goto(brandUrl('99exch.com', '/casino'));
      await expect(page.getByRole('heading', { level: 1, name: 'Casino' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Crash games' })).toBeVisible();

      await page.getByRole('searchbox', { name: 'Search games' }).fill('rocket');
      const results = page.getByRole('list', { name: 'Results for “rocket”' });
      await expect(results.getByRole('button', { name: /^Play / })).toHaveCount(1);
      await expect(results.locator('img')).toHaveJSProperty('complete', true);
      expect(
        await results.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await results.getByRole('button', { name: 'Play Rocket Rush' }).click();

      await expect(page).toHaveURL(/\/lobby$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Rocket Rush' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Back to sports' })).toBeVisible();
      const game = page.frameLocator('iframe[title="Rocket Rush"]');
      await expect(game.getByText(/^Balance ₹/)).toBeVisible();
      await expect(page.getByTestId('wallet-balance').first()).not.toHaveText('—');
      // The header follows the hub's pushes: the round is played once the hub is connected.
      await expect(page.getByTestId('hub-status').first()).toHaveAttribute(
        'data-state',
        'connected',
      );
      const before = await headerBalance(page);

      // One round through the provider's page: a bet, then a win.
      await game.getByRole('button', { name: `Bet ₹${TEST_STAKE}` }).click();
      await expect(game.getByRole('status')).toHaveText(`Bet ₹${TEST_STAKE} placed.`);
      await expect.poll(() => headerBalance(page)).toBe(before - TEST_STAKE);
      await game.getByRole('button', { name: `Win ₹${TEST_WIN}` }).click();
      await expect(game.getByRole('status')).toHaveText(`You won ₹${TEST_WIN}!`);
      await expect.poll(() => headerBalance(page)).toBe(before - TEST_STAKE + TEST_WIN);

      // The statement names the game on both movements of the round.
      await page.goto(brandUrl('99exch.com', '/account-cash-statement'));
      const statement = page.getByTestId('statement');
      const win = statement.getByRole('row').filter({ hasText: 'Casino win · Rocket Rush' });
      await expect(win).toHaveCount(1);
      await expect(win).toContainText(`+${TEST_WIN}.00`);
      await expect(
        statement.getByRole('row').filter({ hasText: 'Casino bet · Rocket Rush' }),
      ).toHaveCount(1);

      // Bet history's casino tab: the round with its stake, win and net.
      await page.goto(brandUrl('99exch.com', '/bet-history?tab=casino'));
      const round = page.getByTestId('casino-rounds').locator('tbody tr').first();
      await expect(round).toContainText('Rocket Rush');
      await expect(round.locator('[data-label="Stake"]')).toHaveText(`${TEST_STAKE}.00`);
      await expect(round.locator('[data-label="Win"]')).toHaveText(`${TEST_WIN}.00`);
      await expect(round.locator('[data-label="Net"]')).toHaveText(`+${TEST_WIN - TEST_STAKE}.00`);

      // The operator's round lookup (the console is laid out for a laptop; once is enough).
      if (viewport.name !== 'laptop') return;
      const me = await api<{ userId: string }>(page, 'GET', 'Setting/GetSetting');
      const playerId = me.result?.userId ?? '';
      expect(playerId).not.toBe('');
      const console_ = await signedInOwner(browser, `casino.${Date.now().toString(36)}`);
      await console_.goto(`${ORIGIN}/admin/casino/rounds?playerId=${playerId}`);
      const rounds = console_.getByRole('table', { name: 'Casino rounds' });
      await expect(rounds.getByRole('row').filter({ hasText: 'Rocket Rush' })).toHaveCount(1);
      await rounds
        .getByRole('row')
        .filter({ hasText: 'Rocket Rush' })
        .getByRole('link')
        .first()
        .click();
      const callbacks = console_.getByRole('table', { name: 'Callbacks' });
      await expect(callbacks.getByRole('row').filter({ hasText: 'Debit (bet)' })).toHaveCount(1);
      await expect(callbacks.getByRole('row').filter({ hasText: 'Credit (win)' })).toHaveCount(1);
    });
  });
}
