import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { brandUrl, PORT } from './support/brand';
import { loginAsDemo } from './support/session';

interface ListedEvent {
  id: number;
  title: string;
  status: string;
  openDate: string;
  sportId: number;
  matchOdds: {
    marketId: string;
    status: string;
    runners: { id: number; name: string; back: { price: number } | null }[];
  } | null;
}

interface Envelope<T> {
  success: boolean;
  result: T;
  error: { message: string; details: string | null } | null;
}

/** Calls the API from the page, as the player (the token the page stored). */
async function api<T>(
  page: Page,
  method: 'GET' | 'POST',
  call: string,
  input: Record<string, unknown> = {},
): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, call, input }) => {
      const token = localStorage.getItem('accessToken');
      const query =
        method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
      const response = await fetch(`/api/${call}${query}`, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
      });
      return response.json();
    },
    { method, call, input },
  ) as Promise<Envelope<T>>;
}

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
  const matchOdds = page.getByRole('region', { name: 'Match Odds' });

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

test.describe('settlement on a seeded feed running sixty times faster', () => {
  const port = PORT + 10;
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-e2e-feed-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        FEED_SEED: '11',
        FEED_TIME_SCALE: '60',
        ...(process.env.E2E_DOMAINS_DIR ? { DOMAINS_DIR: process.env.E2E_DOMAINS_DIR } : {}),
      },
      stdio: 'ignore',
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${origin}/api/health`)).ok;
          } catch {
            return false;
          }
        },
        { timeout: 60_000 },
      )
      .toBe(true);
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('a settled bet shows in bet history and in profit and loss', async ({ page }) => {
    test.setTimeout(240_000);
    await loginAsDemo(page, `${origin}/auth/login`);

    // Back the favourite of the soonest short event (a race, a kabaddi or football match) that
    // still takes bets, then let the feed play it out.
    let placed: { eventTitle: string; runnerName: string } | null = null;
    await expect
      .poll(
        async () => {
          const tree = await api<{ id: number; events: ListedEvent[] }[]>(
            page,
            'GET',
            'Event/TreeSportWithEvent',
          );
          const events = tree.result
            .flatMap((sport) => sport.events)
            .filter((e) => [1, 25, 26].includes(e.sportId) && e.status === 'UPCOMING')
            .sort((a, b) => a.openDate.localeCompare(b.openDate));
          for (const candidate of events) {
            const runner = candidate.matchOdds?.runners.find((r) => r.back !== null);
            if (!candidate.matchOdds || !runner?.back) continue;
            const bet = await api<unknown>(page, 'POST', 'Bet/PlaceBetV2', {
              marketId: candidate.matchOdds.marketId,
              runnerId: runner.id,
              side: 'BACK',
              price: runner.back.price,
              stake: 100,
              idempotencyKey: `e2e${Date.now()}${candidate.id}`,
            });
            if (bet.success) {
              placed = { eventTitle: candidate.title, runnerName: runner.name };
              return true;
            }
          }
          return false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const bet = placed as { eventTitle: string; runnerName: string } | null;
    if (!bet) return;

    await expect
      .poll(
        async () =>
          (
            await api<{ totalCount: number }>(page, 'POST', 'Bet/GetUserBetHistory', {
              status: 'SETTLED',
            })
          ).result.totalCount,
        { timeout: 200_000, intervals: [2_000] },
      )
      .toBe(1);

    await page.goto(`${origin}/bet-history`);
    const history = page.getByTestId('bet-history');
    await expect(history).toContainText(bet.runnerName);
    await expect(history).toContainText(/Settled|Void/);

    await page.goto(`${origin}/ProfitLoss`);
    await expect(page.getByRole('main')).toContainText(bet.eventTitle);
  });
});
