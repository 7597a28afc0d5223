/**
 * Helpers of the studio's tests: the whole app with the studio on and its table driven by hand
 * on a clock the test moves (or playing by itself, for the socket test), players with real money
 * who launch the crash game through the casino's launch call, a page's socket that reads every
 * message with the contract's schema, a wallet a dying process's network can fail, and reads of
 * what the wallet recorded for a bet.
 */
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import type { z } from 'zod';
import { loadConfig } from '../../config';
import type { Queryable } from '../../db/database';
import type { Backend } from '../../test-helper';
import { build } from '../../test-helper';
import { casinoApp, casinoKit } from '../casino/casino-test-kit';
import { IN_PROCESS_ORIGIN, inProcessFetch } from '../payments';
import type { CrashTableSettings, HouseGamesSettings } from './house-games-settings';
import type { CrashTable } from './crash-table';
import { walletClient, type StudioFetch, type WalletClient } from './wallet-client';

/** A log that says nothing. */
export const quiet = { info: () => undefined, error: () => undefined };

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

/** What the wallet took (answered OK) for a bet: each callback's kind and amount. */
export async function takenFor(db: Queryable, betId: string): Promise<string[]> {
  return (await walletRecord(db, betId))
    .filter((r) => r.outcome === 'OK')
    .map((r) => `${r.kind} ${r.amount_minor}`);
}

/**
 * The app's wallet as the studio reaches it, sound (`wallet`) and as a dying process's network
 * leaves it (`faulty`, per `faults`: credits dropped before they are sent, debits' answers lost
 * after the wallet took them).
 */
export function studioWallets(app: FastifyInstance): {
  wallet: WalletClient;
  faulty: WalletClient;
  faults: { dropCredits: boolean; loseDebitAnswers: boolean };
} {
  const secretOf = (code: string) => app.casino.providers.secretOf(code)?.secret;
  const real = inProcessFetch(app);
  const faults = { dropCredits: false, loseDebitAnswers: false };
  const faultyFetch: StudioFetch = async (url, init) => {
    if (faults.dropCredits && url.endsWith('/credit')) throw new Error('connection reset');
    if (faults.loseDebitAnswers && url.endsWith('/debit')) {
      await real(url, init);
      throw new Error('connection reset after the request was sent');
    }
    return real(url, init);
  };
  return {
    wallet: walletClient({ walletOrigin: IN_PROCESS_ORIGIN, fetch: real, secretOf }),
    faulty: walletClient({ walletOrigin: IN_PROCESS_ORIGIN, fetch: faultyFetch, secretOf }),
    faults,
  };
}

/**
 * A page's socket: every message parsed with the contract's schema (those that fail it kept in
 * `invalid`), read in order: `next` takes the first unread one that matches, skipping the
 * others, or waits for it.
 */
export function pageSocket<Message extends { type: string }>(
  url: string,
  origin: string,
  schema: z.ZodType<Message>,
) {
  const ws = new WebSocket(url, { origin });
  const messages: Message[] = [];
  const invalid: unknown[] = [];
  let cursor = 0;
  let waiter: { match: (m: Message) => boolean; resolve: () => void } | null = null;
  ws.on('message', (data) => {
    const parsed = schema.safeParse(JSON.parse(data.toString()));
    if (!parsed.success) {
      invalid.push(JSON.parse(data.toString()));
      return;
    }
    messages.push(parsed.data);
    if (waiter?.match(parsed.data)) waiter.resolve();
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return {
    ws,
    messages,
    invalid,
    opened,
    closed,
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    /** The first unread message that matches, now or when it comes. */
    async next<T extends Message>(match: (m: Message) => m is T, timeoutMs = 20_000): Promise<T> {
      const take = () => {
        const at = messages.findIndex((m, i) => i >= cursor && match(m));
        if (at === -1) return null;
        cursor = at + 1;
        return messages[at] as T;
      };
      const now = take();
      if (now) return now;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no such message came after: ${messages
                  .slice(cursor)
                  .map((m) => m.type)
                  .join(' ')}`,
              ),
            ),
          timeoutMs,
        );
        waiter = {
          match,
          resolve: () => {
            clearTimeout(timer);
            waiter = null;
            resolve();
          },
        };
      });
      const later = take();
      if (!later) throw new Error('the message went missing');
      return later;
    },
  };
}

/** Matchers of a game's messages by kind (and anything more to check), for `next`. */
export const messageMatchers =
  <Message extends { type: string }>() =>
  <K extends Message['type']>(
    type: K,
    extra: (m: Extract<Message, { type: K }>) => boolean = () => true,
  ) =>
  (m: Message): m is Extract<Message, { type: K }> =>
    m.type === type && extra(m as Extract<Message, { type: K }>);

/** The host the tests' pages are served on. */
export const HOST = { host: '99exch.com' };

/**
 * A game launched through its provider's launch call, the launch URL followed to the game's
 * page, and its bundle (in `distDir/<dir>`): a clear 503 before it is built, the page and its
 * immutable assets once built. Answers the page's path and the built page's response.
 */
export async function launchAndServeBundle(
  kit: ReturnType<typeof casinoKit>,
  game: {
    launchPath: string;
    gameCode: string;
    gameId: number;
    /** What the studio calls it, and the built page's title. */
    name: string;
    title: string;
    dir: string;
  },
  distDir: string,
) {
  const player = await kit.player(100);
  const launched = await player.call('POST', game.launchPath, {
    gameCode: game.gameCode,
    gameId: game.gameId,
    country: 'IN',
  });
  const url = launched.body.result.url as string;
  expect(url.startsWith('/games/mac/?')).toBe(true);
  const hop = await kit.app.inject({ url, headers: HOST });
  expect(hop.statusCode).toBe(302);
  const page = String(hop.headers.location);
  expect(page).toBe(`/games/mac/${game.gameCode}/${url.slice(url.indexOf('?'))}`);

  const notBuilt = await kit.app.inject({ url: page, headers: HOST });
  expect(notBuilt.statusCode).toBe(503);
  expect(notBuilt.body).toContain(`${game.name} has not been built`);

  fs.mkdirSync(path.join(distDir, game.dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(distDir, game.dir, 'index.html'),
    `<!doctype html><title>${game.title}</title>`,
  );
  fs.writeFileSync(path.join(distDir, game.dir, 'assets', 'game-1a2b.js'), 'export {};');
  const built = await kit.app.inject({ url: page, headers: HOST });
  expect(built.statusCode).toBe(200);
  expect(built.body).toContain(`<title>${game.title}</title>`);
  const asset = await kit.app.inject({
    url: `/games/mac/${game.gameCode}/assets/game-1a2b.js`,
    headers: HOST,
  });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['content-type']).toContain('javascript');
  expect(asset.headers['cache-control']).toContain('immutable');
  return { page, built };
}
