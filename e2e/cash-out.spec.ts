// Cash out end to end: a demo player backs a runner, opens that event's market page, cashes out
// the whole position from the open-bets panel (confirming again if the price moved meanwhile),
// and then their profit or loss is the same on every runner, within the bound that
// packages/exchange/src/cash-out.ts proves, as the market page's own P&L call reads it.
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/test';
import { backSomething, ORIGIN, screenshots } from './support/console';
import { api } from './support/page-api';
import { loginAsDemo } from './support/session';

/** The player's bet, in rupees. */
const STAKE = 500;

interface CashOutOrder {
  runnerId: number;
  side: 'BACK' | 'LAY';
  price: number;
  stake: number;
}

type ExpectedProfitLoss = {
  marketId: string;
  runners: { runnerId: number; profitLoss: number }[];
}[];

/** The player's if-win P&L per runner of a market, in paise, as the market page reads it. */
async function profitLossPaise(page: Page, marketId: string): Promise<number[]> {
  const answer = await api<ExpectedProfitLoss>(page, 'GET', 'Bet/GetUserExpectedProfitLoss');
  expect(answer.success).toBe(true);
  const market = answer.result.find((m) => m.marketId === marketId);
  expect(market, `the player's P&L on ${marketId}`).toBeDefined();
  return (market?.runners ?? []).map((r) => Math.round(r.profitLoss * 100));
}

/**
 * How far apart, in paise, a full cash out may leave the runners (packages/exchange/src/
 * cash-out.ts, "The bound"): with g = ceil(price) of each runner the hedge moves, at most
 * floor(g / 2) when it moves one runner, else at most the largest g less one.
 */
function spreadBoundPaise(orders: readonly CashOutOrder[]): number {
  const gaps = orders.map((order) => Math.ceil(order.price));
  const [only] = gaps;
  if (gaps.length === 1 && only !== undefined) return Math.floor(only / 2);
  return Math.max(...gaps) - 1;
}

interface CashOutEnvelope {
  success: boolean;
  result: { done: boolean; requote: { guaranteed: number } | null; reason: string | null } | null;
  error: { message: string } | null;
}

/**
 * Confirms the cash out in its dialog until it is done, confirming the new quote again each
 * time the price moved since the last one; the orders of the confirmation that was done.
 */
async function confirmUntilDone(page: Page, dialog: Locator): Promise<CashOutOrder[]> {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes('/api/Bet/CashOut') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Confirm cash out' }).click();
    const response = await answered;
    const sent = response.request().postDataJSON() as { quote: CashOutOrder[]; fraction: number };
    expect(sent.fraction).toBe(1);
    const envelope = (await response.json()) as CashOutEnvelope;
    expect(envelope.success, envelope.error?.message).toBe(true);
    const answer = envelope.result;
    if (answer?.done) {
      await expect(
        page
          .getByTestId('toasts')
          .getByText(/^Cashed out 100% of .+: [+−]?₹[\d,]+\.\d\d locked in\.$/),
      ).toBeVisible();
      return sent.quote;
    }
    expect(answer?.requote, `not done: ${answer?.reason}`).toBeTruthy();
    // The price moved since the quote: the dialog shows the quote as it is now, to confirm.
    await expect(dialog.getByRole('status')).toHaveText(
      /^The price moved: cash out is now [+−]?₹[\d,]+\.\d\d\.$/,
    );
    await expect(dialog.getByRole('button', { name: 'Confirm cash out' })).toBeEnabled();
  }
  throw new Error('the price moved at every confirmation');
}

test('a player cashes out a whole position from the market page and is level on every runner', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await loginAsDemo(page, `${ORIGIN}/auth/login`);
  // Enough that every hedge order clears the ₹100 minimum stake (₹100 itself would not: its
  // hedge at the favourite's lay price is a little under ₹100).
  const placed = await backSomething(page, STAKE);
  // The bet went in through the API, behind the app's back: the copy of the player's bets the
  // app keeps for a reload (read at login) lacks it, and a reload within half a minute of that
  // read shows the copy without asking again. A bet placed in the app refreshes it.
  await page.evaluate(() => localStorage.removeItem('OpenBets'));
  await page.goto(`${ORIGIN}/markets/${placed.eventId}/${placed.eventExternalId}`);

  // The panel is open at this width; its cash out block quotes the match odds as they move.
  const panel = page.getByRole('region', { name: 'Open bets on this event' });
  const box = panel.getByRole('region', { name: /^Cash out: / });
  await expect(box).toHaveCount(1);
  await expect(box.getByRole('radio', { name: '100%' })).toBeChecked();
  const offer = box.getByTestId('cash-out-offer');
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer).toHaveText(/^Cash out [+−]?₹[\d,]+\.\d\d$/);
  const before = await profitLossPaise(page, placed.marketId);
  // That runner wins something, every other one loses the stake.
  expect(Math.min(...before)).toBe(-STAKE * 100);
  expect(Math.max(...before)).toBeGreaterThan(0);
  await screenshots(page, 'player-cash-out', testInfo);

  // The confirmation: each runner now and after, the orders, then confirmed as sent.
  await offer.click();
  const dialog = page.getByRole('dialog', { name: /^Cash out 100% of / });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('row')).toHaveCount(before.length + 1);
  await expect(dialog.getByRole('list', { name: 'Orders to be placed' })).not.toBeEmpty();
  await screenshots(page, 'player-cash-out-confirm', testInfo);

  const confirmed = await confirmUntilDone(page, dialog);
  await expect(dialog).toBeHidden();

  // The position after, as the market page reads it (the cash out was committed before its
  // answer): level within the bound.
  const after = await profitLossPaise(page, placed.marketId);
  expect(after).toHaveLength(before.length);
  const spread = Math.max(...after) - Math.min(...after);
  const bound = spreadBoundPaise(confirmed);
  testInfo.annotations.push({
    type: 'cash out',
    description: `P&L per runner ${before.join('/')} → ${after.join('/')} paise; spread ${spread}, bound ${bound}`,
  });
  expect(spread).toBeLessThanOrEqual(bound);
  // Nothing is left to cash out: the block goes, offering no amount.
  await expect(box).toHaveCount(0, { timeout: 15_000 });
  await expect(offer).toHaveCount(0);
  const matched = panel.getByRole('list', { name: 'Matched bets on this event' });
  await expect(matched.getByRole('listitem')).toHaveCount(1 + confirmed.length);
});
