/**
 * The studio as one plugin: its pages and bundles under `/games/`, the crash game's WebSocket,
 * and the crash table, which starts once the app is ready (its first step finishes the rounds a
 * restart cut off, through the same wallet callbacks) and stops when the app closes.
 *
 * The studio talks to Backlay only as an outside provider does: signed callbacks to
 * `walletOrigin` (in the app, Backlay's own callback API reached in-process) with the secret
 * Backlay gave each provider. One instance among those sharing the database runs the table (a
 * database role, as the sports feed does); the others serve the pages and refuse the socket
 * with 503, so a load balancer sends games to the one that has it.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import { CRASH_GAME_CODE, HOUSE_GAMES_PREFIX } from '@backlay/contract/house-games';
import { crashTableValuesSchema } from '@backlay/contract/admin-studio-tables';
import { HUB_PATH } from '@backlay/contract/hub';
import type { Database } from '../../db/database';
import { cardStudio, type CardStudio } from './cards/card-studio';
import { CrashTable } from './crash-table';
import { crashSockets, type CrashSockets } from './crash-sockets';
import type { HouseGamesSettings } from './house-games-settings';
import { hasUnfinishedRounds } from './round-log';
import { recoverRounds, type RecoveryReport } from './recovery';
import { studioRoutes } from './studio-routes';
import { createTableSettings, type TableSettings } from './table-settings';
import { registerCardTables } from './table-settings-cards';
import { walletClient, type StudioFetch } from './wallet-client';

/** How long the table goes on playing rounds after the last player left. */
export const IDLE_TABLE_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in studio (tests and the benchmark drive its table). */
    houseGames?: HouseGamesHandle;
  }
}

export interface HouseGamesHandle {
  table: CrashTable;
  /** Each table's settings in force, changed from the console without a restart. */
  tableSettings: TableSettings;
  sockets: CrashSockets;
  /** The card tables (Teen Patti, Andar Bahar, Dragon Tiger, Lucky 7), when served. */
  cards: CardStudio | null;
  /**
   * Opens the table on this instance (once): finishes the rounds a restart cut off and opens
   * the chain; null when another instance runs the tables.
   */
  start: () => Promise<RecoveryReport | null>;
}

export interface HouseGamesPluginOptions {
  db: Database;
  settings: HouseGamesSettings;
  /** Backlay's origin as the studio's server calls it, and how. */
  walletOrigin: string;
  fetch: StudioFetch;
  /** The signing secret Backlay gave a provider; undefined: no such provider. */
  secretOf: (provider: string) => string | undefined;
  /** Where the test provider serves a provider's games when it runs (games the studio lacks). */
  testProviderPrefix: string | null;
  /** The table's clock (tests move it). */
  now?: () => number;
  retryDelaysMs?: readonly number[];
}

/** A game's socket: `/games/<provider>/<game code>/ws`. */
const SOCKET_PATH = new RegExp(
  `^${HOUSE_GAMES_PREFIX}/([a-z][a-z0-9-]{1,30})/([a-z0-9_]{1,64})/ws/?$`,
);

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  );
}

/** Whether an upgrade's Origin (when a browser sent one) is the host it was sent to. */
function sameOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export const houseGamesPlugin = fp<HouseGamesPluginOptions>(
  async (app, options) => {
    if (!options.settings.enabled) return;
    const log = app.log.child({ module: 'house-games' });
    const wallet = walletClient({
      walletOrigin: options.walletOrigin,
      fetch: options.fetch,
      secretOf: options.secretOf,
    });
    // The crash table's rules: the file ← the environment (loaded at start) ← the console.
    const tableSettings = createTableSettings({
      db: options.db,
      log,
      ...(options.now ? { now: options.now } : {}),
    });
    const { salt, chainLength, ...configured } = options.settings.crash;
    const crashSettings = tableSettings.register({
      gameCode: CRASH_GAME_CODE,
      name: 'Sky Ace (crash)',
      schema: crashTableValuesSchema,
      configured: { ...configured, enabled: configured.enabled ?? true },
      fromEnvironment: options.settings.crashFromEnvironment ?? [],
    });
    // The card tables' rules, the same way.
    const cardRules = options.settings.cards
      ? registerCardTables(
          tableSettings,
          options.settings.cards,
          options.settings.cardsFromEnvironment ?? {},
          log,
        )
      : null;
    await tableSettings.refresh();
    const crashRules = () => ({ salt, chainLength, ...crashSettings.current() });
    let crashInForce = crashRules();
    tableSettings.onChange((change) => {
      if (change.gameCode === CRASH_GAME_CODE) crashInForce = crashRules();
    });
    const table = new CrashTable({
      db: options.db,
      wallet,
      gameCode: CRASH_GAME_CODE,
      settings: () => crashInForce,
      refreshSettings: () => crashSettings.refresh(),
      log,
      ...(options.now ? { now: options.now } : {}),
      ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    });
    const sockets = crashSockets({
      table,
      wallet,
      log,
      connectionsPerAddress: options.settings.connectionsPerAddress,
      onJoin: () => {
        lastPlayerAt = Date.now();
        if (options.settings.autoRun) table.run(keepGoing);
      },
    });
    let release: (() => Promise<void>) | null = null;
    let starting: Promise<RecoveryReport | null> | null = null;
    let closing = false;
    let lastPlayerAt = 0;
    // Rounds go on while someone is at the table, and a while after the last one left.
    const keepGoing = () => {
      if (sockets.joined() > 0) lastPlayerAt = Date.now();
      return Date.now() - lastPlayerAt < IDLE_TABLE_MS;
    };

    /**
     * Takes the tables' role, finishes the rounds a restart cut off and opens the table; null
     * when another instance has the role. Once, unless it failed.
     */
    function ensureStarted(): Promise<RecoveryReport | null> {
      starting ??= (async () => {
        if (closing) return null;
        release = await options.db.tryExclusiveRole(options.settings.roleKey);
        if (!release) {
          log.info({}, 'house games: another instance runs the tables');
          return null;
        }
        const report = await recoverRounds({
          db: options.db,
          wallet,
          gameCode: CRASH_GAME_CODE,
          settings: crashInForce,
          log,
          ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
        });
        await table.open();
        return report;
      })().catch((error: unknown) => {
        log.error({ err: error }, 'house games: the crash table could not start');
        starting = null;
        throw error;
      });
      return starting;
    }
    // The card tables: the same wallet and role, started with the crash table's start.
    const cards = cardRules
      ? cardStudio({
          db: options.db,
          wallet,
          settings: cardRules,
          log,
          takeRole: ensureStarted,
          autoRun: options.settings.autoRun,
          connectionsPerAddress: options.settings.connectionsPerAddress,
          ...(options.now ? { now: options.now } : {}),
          ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
        })
      : null;
    app.decorate('houseGames', { table, tableSettings, sockets, cards, start: ensureStarted });

    await studioRoutes(app, {
      table,
      distDir: options.settings.distDir,
      knows: (provider) => wallet.knows(provider),
      testProviderPrefix: options.testProviderPrefix,
      start: ensureStarted,
      cards,
    });

    const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const pathname = new URL(request.url ?? '/', 'http://studio.invalid').pathname;
      const match = SOCKET_PATH.exec(pathname);
      const game = match?.[2] ?? '';
      const card = cards?.has(game) ? game : null;
      if (!match?.[1] || (game !== CRASH_GAME_CODE && !card)) {
        // The hub takes its own path; nothing else takes upgrades, so answer rather than hang.
        if (pathname.replace(/\/+$/, '').toLowerCase() !== HUB_PATH.toLowerCase()) {
          refuse(socket, 404, 'Not Found');
        }
        return;
      }
      const provider = match[1];
      socket.on('error', () => socket.destroy());
      if (!wallet.knows(provider)) return refuse(socket, 404, 'Not Found');
      if (!sameOrigin(request)) return refuse(socket, 403, 'Forbidden');
      const opening: Promise<unknown> = card && cards ? cards.start() : ensureStarted();
      opening.then(
        (report) => {
          if (report === null || closing) return refuse(socket, 503, 'Service Unavailable');
          if (card && cards) return cards.upgrade(card, request, socket, head, provider);
          sockets.upgrade(request, socket, head, provider, request.socket.remoteAddress ?? '');
        },
        () => refuse(socket, 503, 'Service Unavailable'),
      );
    };
    app.server.on('upgrade', onUpgrade);

    app.addHook('onReady', async () => {
      // Rounds a restart cut off are finished at once, not when the next player comes. Not
      // awaited: their callbacks go through the app itself, which is getting ready.
      setImmediate(() => {
        void (async () => {
          if (await hasUnfinishedRounds(options.db, CRASH_GAME_CODE)) await ensureStarted();
        })().catch(() => undefined);
      });
      cards?.recoverSoon();
    });

    // Before the server closes: open sockets would keep it waiting.
    app.addHook('preClose', async () => {
      closing = true;
      app.server.off('upgrade', onUpgrade);
      await starting?.catch(() => null);
      await table.stop();
      await cards?.stop();
      await sockets.close();
    });
    app.addHook('onClose', async () => {
      await release?.();
    });
  },
  { name: 'house-games', dependencies: ['casino'] },
);
