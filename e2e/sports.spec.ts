import { expect } from '@playwright/test';
import { test } from './support/test';
import { brandUrl } from './support/brand';
import { api, type ListedEvent } from './support/page-api';
import { loginAsDemo } from './support/session';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a demo player backs a cricket runner from the ladder, then cancels an unmatched lay', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAsDemo(page, brandUrl('127.0.0.1', '/auth/login'));
  await expect(page.getByTestId('wallet-exposure')).toHaveText('0.00');

  // A cricket event that has not started, with prices on its match odds.
  const listed = await api<ListedEvent[]>(page, 'GET', 'event/GetBySportName', { sportId: '3' });
  const event = listed.result
    .filter(
      (e) =>
        e.status === 'UPCOMING' &&
        e.matchOdds?.status === 'OPEN' &&
        e.matchOdds.runners.every((r) => r.back !== null),
    )
    .at(-1);
  expect(event, 'an upcoming cricket event with prices').toBeDefined();
  if (!event?.matchOdds) return;
  const [first, second] = event.matchOdds.runners;
  if (!first || !second) throw new Error('a match odds market with two runners');

  await page.getByRole('link', { name: event.title }).click();
  await expect(page).toHaveURL(new RegExp(`/markets/${event.id}/`));
  const matchOdds = page.getByRole('region', { name: 'Match Odds', exact: true });

  // Back the first runner at its best price with a stake button.
  await matchOdds
    .getByRole('button', { name: new RegExp(`^Back ${escape(first.name)} \\d`) })
    .first()
    .click();
  const slip = page.getByRole('dialog', { name: 'Bet slip' });
  await slip
    .getByRole('group', { name: 'Stake buttons' })
    .getByRole('button', { name: '500', exact: true })
    .click();
  await slip.getByRole('button', { name: 'Place bet' }).click();
  await slip.getByRole('button', { name: 'Confirm bet' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Bet matched' })).toBeVisible();
  await expect(slip).toBeHidden();

  // The header's exposure is the stake; the balance is unchanged (cash moved into exposure).
  await expect(page.getByTestId('wallet-exposure')).toHaveText('500.00');
  await expect(page.getByTestId('wallet-balance')).toHaveText('1,00,000.00');

  // The per-runner P&L under each name: + stake × (price − 1) on the backed runner, − stake on
  // the other, at the price the bet actually got.
  const open = await api<{ openBets: { runnerId: number; averagePrice: number }[] }>(
    page,
    'GET',
    'Bet/GetUserOpenBets',
  );
  const average = open.result.openBets.find((b) => b.runnerId === first.id)?.averagePrice;
  expect(average).toBeGreaterThan(1);
  const win = (500 * ((average ?? 0) - 1)).toFixed(2);
  await expect(matchOdds.getByTestId(`pnl-${first.id}`)).toContainText(`+${win}`);
  await expect(matchOdds.getByTestId(`pnl-${second.id}`)).toContainText('500.00');

  await page.goto(brandUrl('127.0.0.1', '/open-bets'));
  await expect(page.getByRole('list', { name: 'Matched bets' })).toContainText(first.name);

  // Lay the second runner three ticks below its best lay price: nobody backs that low, so it
  // waits unmatched, and cancelling it gives its liability back.
  await page.goBack();
  await matchOdds
    .getByRole('button', { name: new RegExp(`^Lay ${escape(second.name)} \\d`) })
    .first()
    .click();
  for (let i = 0; i < 3; i++) await slip.getByRole('button', { name: 'Lower price' }).click();
  await slip
    .getByRole('group', { name: 'Stake buttons' })
    .getByRole('button', { name: '100', exact: true })
    .click();
  await slip.getByRole('button', { name: 'Place bet' }).click();
  await slip.getByRole('button', { name: 'Confirm bet' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /unmatched/i })).toBeVisible();
  await expect(page.getByTestId('wallet-exposure')).not.toHaveText('500.00');

  await page.goto(brandUrl('127.0.0.1', '/open-bets'));
  const unmatched = page.getByRole('list', { name: 'Unmatched bets' });
  await expect(unmatched).toContainText(second.name);
  await unmatched
    .getByRole('button', { name: new RegExp(`^Cancel unmatched Lay ${escape(second.name)}`) })
    .click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Cancelled' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Unmatched bets' })).toHaveCount(0);
  await expect(page.getByTestId('wallet-exposure')).toHaveText('500.00');
});
