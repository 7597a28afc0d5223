/**
 * Helpers of the studio's tests: the whole app with the studio on and its table driven by hand
 * on a clock the test moves (or playing by itself, for the socket test), players with real money
 * who launch the crash game through the casino's launch call, and reads of what the wallet
 * recorded for a bet.
 */
import { randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import type { Queryable } from '../../db/database';
import type { Backend } from '../../test-helper';
import { build } from '../../test-helper';
import { casinoApp, casinoKit } from '../casino/casino-test-kit';
import type { CrashTableSettings, HouseGamesSettings } from './house-games-settings';
import type { CrashTable } from './crash-table';

/** Table rules for tests: short timings, a 1% edge, ₹10 to ₹10,000, ₹50,000 max win. */
export const TEST_CRASH: CrashTableSettings = {
  houseEdgeBp: 100,
  minBetMinor: 1_000,
  maxBetMinor: 1_000_000,
  maxWinMinor: 5_000_000,
  maxAutoCashOutCenti: 1_000_000,
  chainLength: 20_000,
  salt: 'test-salt',
  bettingMs: 5_000,
  tickMs: 150,
  pauseMs: 3_000,
};

/** The studio's settings for a test app: its own role key, no bundle, the table by hand. */
export function testStudioSettings(
  crash: Partial<CrashTableSettings> = {},
  options: { autoRun?: boolean } = {},
): HouseGamesSettings {
  return {
    ...loadConfig({}).houseGames,
    enabled: true,
    distDir: path.join(os.tmpdir(), 'backlay-no-games-build'),
    // Test files share one PostgreSQL server: each app takes a role of its own.
    roleKey: randomInt(1_000_000, 2 ** 31 - 1),
    autoRun: options.autoRun ?? false,
    crash: { ...TEST_CRASH, ...crash },
  };
}

export interface StudioKit extends Awaited<ReturnType<typeof casinoApp>> {
  table: CrashTable;
}

/** The app with the studio on the real clock (its table by hand), its bundles in `distDir`. */
export async function liveStudioApp(
  backend: Backend,
  crash: Partial<CrashTableSettings>,
  distDir: string,
) {
  const { app, db } = await build({
    backend,
    config: { houseGames: { ...testStudioSettings(crash), distDir } },
  });
  return { ...casinoKit(app, db), table: studio(app).table };
}

/** The app with the studio, its table open (by hand unless `autoRun`). */
export async function studioApp(
  backend: Backend,
  crash: Partial<CrashTableSettings> = {},
  options: { autoRun?: boolean } = {},
): Promise<StudioKit> {
  const kit = await casinoApp(backend, { houseGames: testStudioSettings(crash, options) });
  const handle = studio(kit.app);
  await kit.app.ready();
  await handle.start();
  return { ...kit, table: handle.table };
}

export function studio(app: FastifyInstance) {
  const handle = app.houseGames;
  if (!handle) throw new Error('the studio is not on');
  return handle;
}

/** What the wallet recorded for a bet (its own round there): each callback's kind and outcome. */
export async function walletRecord(db: Queryable, betId: string) {
  return db.query<{ transaction_id: string; kind: string; outcome: string; amount_minor: string }>(
    `SELECT transaction_id, kind, outcome, amount_minor::text AS amount_minor
     FROM casino_transactions WHERE round_id = $1 ORDER BY created_at, transaction_id`,
    [betId],
  );
}

/** A bet's row in the studio's round log. */
export async function betRow(db: Queryable, betId: string) {
  const [row] = await db.query<{
    status: string;
    cashed_out_centi: number | null;
    win_minor: string | null;
    cash_out_reason: string | null;
  }>(
    'SELECT status, cashed_out_centi, win_minor::text AS win_minor, cash_out_reason FROM house_game_bets WHERE id = $1',
    [betId],
  );
  return row;
}
