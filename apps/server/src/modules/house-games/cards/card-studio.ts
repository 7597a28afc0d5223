/**
 * The studio's card tables as one piece the studio's plugin wires in: a table and a socket per
 * game (Teen Patti, Andar Bahar, Dragon Tiger, Lucky 7), their start (on the instance holding the
 * studio's tables role: finish the rounds a restart cut off, then open), the rounds list for the
 * verify pages, and their stop. Tables start lazily: a table plays rounds while someone is at
 * it, and a while after the last player left, as the crash table does.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  CARD_GAME_CODES,
  CARD_GAMES,
  CARD_HISTORY_LENGTH,
  isCardGameCode,
  type CardGameCode,
  type CardRoundsAnswer,
} from '@backlay/contract/card-games';
import type { Database } from '../../../db/database';
import type { WalletClient } from '../wallet-client';
import { recoverCardRounds, type CardRecoveryReport } from './card-recovery';
import { hasUnfinishedCardRounds } from './card-round-log';
import type { CardTableSettings } from './card-settings';
import { cardSockets, type CardSockets } from './card-sockets';
import { CardTable } from './card-table';

/** How long a table goes on playing rounds after the last player left. */
export const IDLE_CARD_TABLE_MS = 5 * 60_000;

export interface CardStudio {
  tables: Record<CardGameCode, CardTable>;
  sockets: Record<CardGameCode, CardSockets>;
  /** Whether a game code is one of the card tables. */
  has(gameCode: string): gameCode is CardGameCode;
  /**
   * Opens the tables on this instance (once): finishes the rounds a restart cut off and reads
   * their history; null when another instance runs the tables.
   */
  start(): Promise<Record<CardGameCode, CardRecoveryReport> | null>;
  /** Hands an upgrade of a card game's socket to its table (after `start`). */
  upgrade(
    gameCode: CardGameCode,
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    provider: string,
  ): void;
  /** A game's last rounds with their revealed seeds, for the verify page. */
  rounds(gameCode: CardGameCode): CardRoundsAnswer;
  /** Finishes cut-off rounds soon after start-up, without waiting for a player. */
  recoverSoon(): void;
  stop(): Promise<void>;
}

export function cardStudio(options: {
  db: Database;
  wallet: WalletClient;
  /** Each table's rules, read per round and bet (the console may change them later). */
  settings: (gameCode: CardGameCode) => CardTableSettings;
  log: {
    info(object: unknown, message: string): void;
    warn(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
  };
  /** Takes the studio's tables role (the crash table's start): null when another has it. */
  takeRole: () => Promise<unknown>;
  /** Whether tables play rounds by themselves when a player joins (not in by-hand tests). */
  autoRun: boolean;
  connectionsPerAddress: number;
  now?: () => number;
  retryDelaysMs?: readonly number[];
}): CardStudio {
  const tables = {} as Record<CardGameCode, CardTable>;
  const sockets = {} as Record<CardGameCode, CardSockets>;
  let closing = false;
  for (const gameCode of CARD_GAME_CODES) {
    const table = new CardTable({
      db: options.db,
      wallet: options.wallet,
      gameCode,
      settings: () => options.settings(gameCode),
      log: options.log,
      ...(options.now ? { now: options.now } : {}),
      ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    });
    let lastPlayerAt = 0;
    const keepGoing = () => {
      if (sockets[gameCode].joined() > 0) lastPlayerAt = Date.now();
      return !closing && Date.now() - lastPlayerAt < IDLE_CARD_TABLE_MS;
    };
    tables[gameCode] = table;
    sockets[gameCode] = cardSockets({
      table,
      wallet: options.wallet,
      log: options.log,
      connectionsPerAddress: options.connectionsPerAddress,
      onJoin: () => {
        lastPlayerAt = Date.now();
        if (options.autoRun) table.run(keepGoing);
      },
    });
  }

  let starting: Promise<Record<CardGameCode, CardRecoveryReport> | null> | null = null;
  function start() {
    starting ??= (async () => {
      if (closing || (await options.takeRole()) === null) return null;
      const reports = {} as Record<CardGameCode, CardRecoveryReport>;
      for (const gameCode of CARD_GAME_CODES) {
        reports[gameCode] = await recoverCardRounds({
          db: options.db,
          wallet: options.wallet,
          gameCode,
          log: options.log,
          ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
        });
        await tables[gameCode].open();
      }
      return reports;
    })().catch((error: unknown) => {
      options.log.error({ err: error }, 'house games: the card tables could not start');
      starting = null;
      throw error;
    });
    return starting;
  }

  return {
    tables,
    sockets,
    has: isCardGameCode,
    start,
    upgrade(gameCode, request, socket, head, provider) {
      sockets[gameCode].upgrade(
        request,
        socket,
        head,
        provider,
        request.socket.remoteAddress ?? '',
      );
    },
    rounds: (gameCode) => ({
      gameCode,
      rules: CARD_GAMES[gameCode].rules.map((rule) => ({
        ...rule,
        otherwise: [...rule.otherwise],
      })),
      rounds: tables[gameCode].recentHistory().slice(0, CARD_HISTORY_LENGTH),
    }),
    recoverSoon() {
      setImmediate(() => {
        void (async () => {
          if (await hasUnfinishedCardRounds(options.db, CARD_GAME_CODES)) await start();
        })().catch(() => undefined);
      });
    },
    async stop() {
      closing = true;
      await starting?.catch(() => null);
      await Promise.all(CARD_GAME_CODES.map((code) => tables[code].stop()));
      await Promise.all(CARD_GAME_CODES.map((code) => sockets[code].close()));
    },
  };
}
