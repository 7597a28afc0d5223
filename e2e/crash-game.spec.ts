// The studio's crash game end to end at a phone's width: on a casino-only brand a demo player
// lands in the crash game in the lobby's frame, bets, cashes out on the server's clock, and sees
// the balance change in the header (the wallet callbacks' movements, pushed by the hub) and the
// round's bet and win in the statement.
import { expect, type Page } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';
import { headerBalance } from './support/real-money';

const BRAND = 'aviatorclub.in';
const STAKE = 100;
/** Rounds tried: one that crashes before the cash-out reaches the server is lost, and retried. */
const ATTEMPTS = 4;
/**
 * How long a wait for the next round may take. The multiplier grows as e^(0.00006·t): a round
 * that reaches 36× runs a minute, and one round in 37 does (the chance of reaching m is 0.99/m);
 * two minutes is reached by about one round in 1,300.
 */
const ROUND_WAIT_MS = 120_000;

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ''));
const twoPlaces = (amount: number) => Math.round(amount * 100) / 100;

async function demoLogin(page: Page) {
  await page.goto(brandUrl(BRAND, '/auth/login'));
  await page.getByRole('button', { name: 'Login with demo ID' }).click();
  await expect(page.getByTestId('user-name')).toHaveText('Demo');
}

test.use({ viewport: { width: 390, height: 844 } });

test('a player lands in the crash game, bets, cashes out, and sees it in the header and the statement', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await demoLogin(page);
  await expect(page).toHaveURL(/\/lobby$/);
  const game = page.frameLocator('iframe[title="Casino game"]');
  await expect(game.getByRole('heading', { name: 'Sky Ace' })).toBeVisible();
  await expect(game.getByTestId('game-balance')).toHaveText(/^Balance ₹/);
  await expect(game.getByText('House edge 1%')).toBeVisible();
  await expect(page.getByTestId('hub-status').first()).toHaveAttribute('data-state', 'connected');
  const before = await headerBalance(page);

  const slot = game.locator('[data-slot="1"]');
  const result = slot.locator('p[data-state="CASHED_OUT"], p[data-state="LOST"]');
  let staked = 0;
  let won = 0;
  for (let attempt = 1; attempt <= ATTEMPTS && won === 0; attempt++) {
    // A bet in a betting window (the button then reads "Bet ₹100", not "… on the next round"),
    // or, if the window closes during the click, kept for the next round.
    const bet = slot.getByRole('button', { name: new RegExp(`^Bet ₹${STAKE}$`) });
    await expect(bet).toBeVisible({ timeout: ROUND_WAIT_MS });
    await bet.click();
    const cashOut = slot.getByRole('button', { name: /^Cash out ₹/ });
    await expect(cashOut).toBeVisible({ timeout: ROUND_WAIT_MS });
    staked += STAKE;
    // Cashing out at 1.00× only returns the stake: wait until the multiplier has risen (or the
    // round crashed first, which the result below shows).
    await expect
      .poll(
        async () =>
          (await result.isVisible()) ||
          rupees((await cashOut.textContent({ timeout: 1_000 }).catch(() => '')) ?? '') > STAKE,
        { timeout: 60_000, intervals: [50] },
      )
      .toBe(true);
    // The round may crash between the look and the click: the result then says LOST.
    await cashOut.click({ timeout: 2_000 }).catch(() => undefined);
    await expect(result).toBeVisible({ timeout: 60_000 });
    const text = (await result.textContent()) ?? '';
    if ((await result.getAttribute('data-state')) === 'CASHED_OUT') {
      won = rupees(text.split('won')[1] ?? '');
      await expect(game.getByRole('status').filter({ hasText: 'You cashed out at' })).toBeVisible();
    } else {
      // Lost to the crash: the next round's window clears the slot.
      await expect(result).toBeHidden({ timeout: 30_000 });
    }
  }
  expect(won).toBeGreaterThan(STAKE);

  // The header follows the wallet: the stakes went out, the win came in; the game agrees.
  const after = twoPlaces(before - staked + won);
  await expect.poll(() => headerBalance(page), { timeout: 15_000 }).toBe(after);
  await expect
    .poll(async () => rupees((await game.getByTestId('game-balance').textContent()) ?? ''))
    .toBe(after);

  // The statement names the game on the round's bet and its win.
  await page.goto(brandUrl(BRAND, '/account-cash-statement'));
  const statement = page.getByTestId('statement');
  const wonText = `+${won.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  await expect(
    statement
      .getByRole('row')
      .filter({ hasText: 'Casino win · Sky Ace' })
      .filter({ hasText: wonText }),
  ).toHaveCount(1);
  await expect(
    statement.getByRole('row').filter({ hasText: 'Casino bet · Sky Ace' }).first(),
  ).toBeVisible();
});
