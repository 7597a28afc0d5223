// Settlement end to end, on a server of its own whose seeded feed runs sixty times faster than
// real time. That server keeps a core busy, so this file runs after all the others (its own
// Playwright project), not beside them.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import { test } from './support/test';
import { PORT } from './support/brand';
import { api, type ListedEvent } from './support/page-api';
import { loginAsDemo } from './support/session';

/** The lowest price of the ladder: a back bet asking it takes the best price offered. */
const LOWEST_PRICE = 1.01;

interface BetHistory {
  totalCount: number;
  items: { eventName: string; runnerName: string }[];
}

/** Roughly how long after its start an event of each sport ends, in simulated hours. */
const SIMULATED_HOURS_TO_END: Record<number, number> = {
  1: 2, // football
  2: 3, // tennis
  3: 8, // cricket
  25: 1, // kabaddi
  26: 0.1, // horse racing
};

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
    test.setTimeout(480_000);
    // At sixty times real time the embedded database is busy with the feed, and a first call
    // can wait seconds behind it.
    await loginAsDemo(page, `${origin}/auth/login`, { timeout: 30_000 });

    // Back a runner of each of the few events likely to end soonest that still take bets, then
    // let the feed run them; the first to settle is looked for on the pages. Races are the
    // shortest events, but they run in their venues' daytime only: at night in India the next
    // one can be six simulated hours away, six minutes here, so a football or kabaddi match
    // already under way (or about to start) comes first when it ends sooner. Each bet asks the
    // lowest price there is, so it takes whatever the ladder offers when it arrives: at sixty
    // times real time the price read a moment before has often moved, and a bet left unmatched
    // is cancelled at the off instead of settling.
    const wanted = 3;
    const backed = new Set<number>();
    await expect
      .poll(
        async () => {
          const tree = await api<{ id: number; events: ListedEvent[] }[]>(
            page,
            'GET',
            'Event/TreeSportWithEvent',
          );
          const endsAt = (event: ListedEvent) =>
            Date.parse(event.openDate) + (SIMULATED_HOURS_TO_END[event.sportId] ?? 24) * 3_600_000;
          const events = tree.result
            .flatMap((sport) => sport.events)
            .filter((e) => e.status === 'UPCOMING' || e.status === 'IN_PLAY')
            .filter((e) => !backed.has(e.id))
            .sort((a, b) => endsAt(a) - endsAt(b));
          for (const candidate of events) {
            if (backed.size >= wanted) break;
            const runner = candidate.matchOdds?.runners.find((r) => r.back !== null);
            if (!candidate.matchOdds || !runner) continue;
            const placed = await api<{ bet: { id: number; matchedStake: number } }>(
              page,
              'POST',
              'Bet/PlaceBetV2',
              {
                marketId: candidate.matchOdds.marketId,
                runnerId: runner.id,
                side: 'BACK',
                price: LOWEST_PRICE,
                stake: 100,
                idempotencyKey: `e2e${Date.now()}${candidate.id}`,
              },
            );
            if (placed.success && placed.result.bet.matchedStake > 0) backed.add(candidate.id);
          }
          return backed.size;
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBe(wanted);

    let settled: { eventName: string; runnerName: string } | undefined;
    await expect
      .poll(
        async () => {
          const history = await api<BetHistory>(page, 'POST', 'Bet/GetUserBetHistory', {
            status: 'SETTLED',
          });
          settled = history.result.items[0];
          return history.result.totalCount;
        },
        // The feed requotes every market it prices, fancy run values included: on a busy
        // two-core machine it can fall behind sixty times real time.
        { timeout: 400_000, intervals: [2_000] },
      )
      .toBeGreaterThan(0);
    const bet = settled;
    if (!bet) throw new Error('A settled bet was counted but not listed');

    // Pages on this busy server get the same patience as the login.
    const busy = { timeout: 30_000 };
    await page.goto(`${origin}/bet-history`);
    const history = page.getByTestId('bet-history');
    await expect(history).toContainText(bet.runnerName, busy);
    await expect(history).toContainText(/Settled|Void/, busy);

    await page.goto(`${origin}/ProfitLoss`);
    await expect(page.getByRole('main')).toContainText(bet.eventName, busy);
  });
});
