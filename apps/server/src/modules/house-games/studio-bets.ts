/**
 * The bet plumbing every studio table shares (the crash table and the card tables), so each
 * says only what is its own game:
 *
 * - `BetWrites`: a table's round-log writes in groups: the bets recorded in the same moment go
 *   in one INSERT, the decisions of one kind in one UPDATE (`batch-queue.ts`);
 * - `recordAndDebit`: a bet recorded PENDING before its debit goes, and how the debit's answer
 *   decides it (placed, refused, or given back at once when the answer is unclear);
 * - `writePlaced`: the round's placed bets written PLACED in one statement when betting closes;
 * - `owe`: the round's credits and rollbacks still out, so the round settles once none is;
 * - `TableListeners`, `TableTimers` and `playRounds`: where the table's messages go, its waits
 *   that a stop ends at once, and its rounds played one after another;
 * - the player, options and bet fields every table has (`StudioPlayer`, `StudioTableOptions`,
 *   `StudioBet`), and how a bet goes to the log and to its callbacks (`newBetOf`, `callbackBetOf`).
 */
import type { CasinoWalletErrorCode } from '@backlay/contract/casino-wallet';
import type { Database } from '../../db/database';
import { BatchQueue } from '../../db/batch-queue';
import { betCallbacks, type BetCallbacks, type CallbackBet } from './bet-callbacks';
import { exactNumber, type BetStatus, type NewStudioBet, type StudioBetRow } from './round-log';
import type { WalletClient } from './wallet-client';

/** A player at a table, as the wallet named them when they joined. */
export interface StudioPlayer {
  provider: string;
  playerId: string;
  token: string;
  currency: string;
}

/** What every table is made with, besides its game's own rules. */
export interface StudioTableOptions {
  db: Database;
  wallet: WalletClient;
  /** Reads changed rules (saved on another instance) again; called before each round. */
  refreshSettings?: () => Promise<void>;
  log: {
    info(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
  };
  /** The server's clock, epoch ms (tests move it). */
  now?: () => number;
  /** Retry waits of owed callbacks (tests shorten them). */
  retryDelaysMs?: readonly number[];
}

/** A game's round-log writes of its bets (its own table and decision columns). */
export interface BetLog<NewBet extends { id: string }, Decision> {
  /** Records bets as PENDING; answers the ids stored. */
  insert(bets: readonly NewBet[]): Promise<Set<string>>;
  /** Moves bets to `to` where the bet's table of moves allows it; answers the ids that moved. */
  move(to: BetStatus, bets: readonly { id: string; decision?: Decision }[]): Promise<Set<string>>;
}

/**
 * Round-log batches of one kind written at once. Two measured better than one on the crash
 * benchmark (cash-out p99 0.65x side by side): a write that comes while a batch is out goes at
 * once instead of waiting for it.
 */
const STUDIO_WRITES_IN_FLIGHT = { inFlight: 2 };

/** A table's bet writes, grouped: many bets a statement under load, each alone at once when quiet. */
export class BetWrites<NewBet extends { id: string }, Decision> {
  private readonly inserts: BatchQueue<NewBet, boolean>;
  private readonly moves: BatchQueue<{ id: string; to: BetStatus; decision?: Decision }, boolean>;

  constructor(log: BetLog<NewBet, Decision>) {
    this.inserts = new BatchQueue(async (bets) => {
      const stored = await log.insert(bets);
      return bets.map((b) => stored.has(b.id));
    }, STUDIO_WRITES_IN_FLIGHT);
    // Decisions of one kind made in the same moment go in one UPDATE.
    this.moves = new BatchQueue(async (items) => {
      const moved = new Set<string>();
      const byTarget = new Map<BetStatus, typeof items>();
      for (const item of items) {
        const group = byTarget.get(item.to);
        if (group) group.push(item);
        else byTarget.set(item.to, [item]);
      }
      for (const [to, group] of byTarget) {
        for (const id of await log.move(to, group)) moved.add(id);
      }
      return items.map((item) => moved.has(item.id));
    }, STUDIO_WRITES_IN_FLIGHT);
  }

  /** Records a bet as PENDING; answers whether it was stored. */
  record(bet: NewBet): Promise<boolean> {
    return this.inserts.add(bet);
  }

  /** Moves a bet to `to`; answers whether it moved (false: a repeat, or a race it lost). */
  move(move: { id: string; to: BetStatus; decision?: Decision }): Promise<boolean> {
    return this.moves.add(move);
  }
}

/**
 * A table's bet writes and callbacks, on its game's round log. The callbacks hold their credits'
 * final states: the table writes them when its round settles (`BetCallbacks.writeFinals`).
 */
export function tableBets<NewBet extends { id: string }, Decision>(
  log: BetLog<NewBet, Decision>,
  options: StudioTableOptions & { gameCode: string },
): { writes: BetWrites<NewBet, Decision>; callbacks: BetCallbacks } {
  return {
    writes: new BetWrites(log),
    callbacks: betCallbacks({
      wallet: options.wallet,
      gameCode: options.gameCode,
      log: options.log,
      ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
      moveBets: log.move,
      holdFinals: true,
    }),
  };
}

/**
 * Writes PLACED, in one statement, every bet the table placed in a round whose betting has
 * closed (its debits all answered), before the round moves on: from the round's next state a
 * restart decides a PLACED bet by the round (a PENDING one is given back), and a decision on a
 * bet (WON, LOST) moves it only from PLACED. Until then a placed bet is PENDING in the log, which
 * a restart gives back as it does a PLACED bet of a round still taking bets.
 */
export async function writePlaced(
  log: { move(to: 'PLACED', bets: readonly { id: string }[]): Promise<Set<string>> },
  bets: Iterable<{ id: string; state: TableBetState }>,
): Promise<void> {
  const placed = [...bets].filter((bet) => bet.state === 'PLACED').map((bet) => ({ id: bet.id }));
  if (placed.length > 0) await log.move('PLACED', placed);
}

/**
 * Writes the final states a table's callbacks hold (`BetCallbacks.writeFinals`); false, and
 * logged, when it could not: they stay held for the next round's, and a restart meanwhile sends
 * their credits again (the wallet answers them as the first time).
 */
export async function writeHeldFinals(
  callbacks: BetCallbacks,
  log: { error(object: unknown, message: string): void },
  gameCode: string,
): Promise<boolean> {
  try {
    await callbacks.writeFinals();
    return true;
  } catch (error) {
    log.error(
      { err: error, game: gameCode },
      'house games: final states of bets could not be written',
    );
    return false;
  }
}

/** The states a table holds a bet in while its round is in play. */
export type TableBetState = 'PENDING' | 'PLACED' | 'WON' | 'LOST' | 'REFUNDING';

/** What every table keeps of a bet. */
export interface StudioBet extends CallbackBet {
  roundId: string;
  playerId: string;
  state: TableBetState;
}

/** What every game records of a table's new bet (the game adds its own columns). */
export function newBetOf(bet: StudioBet): NewStudioBet {
  return {
    id: bet.id,
    roundId: bet.roundId,
    provider: bet.provider,
    playerId: bet.playerId,
    playerToken: bet.token,
    currency: bet.currency,
    amountMinor: bet.amountMinor,
  };
}

/** A logged bet as its callbacks send it. */
export function callbackBetOf(row: StudioBetRow): CallbackBet {
  return {
    id: row.id,
    provider: row.provider,
    token: row.player_token,
    currency: row.currency,
    amountMinor: exactNumber(row.amount_minor),
  };
}

/** The wallet's refusals of a debit, as every game's page reads them. */
const DEBIT_REFUSALS = {
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  PLAYER_BLOCKED: 'PLAYER_BLOCKED',
  LIMIT_REACHED: 'LIMIT_REACHED',
  UNKNOWN_GAME: 'UNKNOWN_GAME',
  INVALID_TOKEN: 'INVALID_TOKEN',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  RATE_LIMITED: 'RATE_LIMITED',
} as const satisfies Partial<Record<CasinoWalletErrorCode, string>>;

export type DebitRefusalCode =
  (typeof DEBIT_REFUSALS)[keyof typeof DEBIT_REFUSALS] | 'WALLET_UNAVAILABLE';

export type DebitAnswer =
  | { ok: true; balanceMinor: number }
  /** The bet could not be recorded: no debit was sent. */
  | { ok: false; code: 'NOT_RECORDED' }
  /** `message`: the wallet's own words, where the game has none for the refusal. */
  | { ok: false; code: DebitRefusalCode; message?: string; balanceMinor?: number };

const debitRefusal = (code: CasinoWalletErrorCode): DebitRefusalCode =>
  (DEBIT_REFUSALS as Partial<Record<CasinoWalletErrorCode, DebitRefusalCode>>)[code] ??
  'WALLET_UNAVAILABLE';

/**
 * Records a bet PENDING (so a restart finds it, whatever its debit did), then sends its debit
 * and decides the bet by the answer: OK places it at the table (PLACED is written for the whole
 * round when its betting closes, `writePlaced`); a clear refusal refuses it (nothing moved at the
 * wallet); no clear answer gives it back at once (the debit may have been taken: its rollback,
 * under the bet's fixed ids, is owed, and the wallet refuses the debit should it arrive late).
 * `free` takes a bet that does not stand off the table.
 */
export async function recordAndDebit(
  bet: StudioBet,
  table: {
    record: () => Promise<boolean>;
    callbacks: BetCallbacks;
    writes: Pick<BetWrites<{ id: string }, { refusal?: string }>, 'move'>;
    free: () => void;
    owe: (work: Promise<unknown>) => void;
    log: { error(object: unknown, message: string): void };
  },
): Promise<DebitAnswer> {
  const stored = await table.record().catch((error: unknown) => {
    table.log.error({ err: error, bet: bet.id }, 'house games: a bet could not be recorded');
    return false;
  });
  if (!stored) {
    table.free();
    return { ok: false, code: 'NOT_RECORDED' };
  }
  const answer = await table.callbacks.debit(bet);
  if (answer.status === 'OK') {
    bet.state = 'PLACED';
    return { ok: true, balanceMinor: answer.balanceMinor };
  }
  if (answer.status === 'ERROR' && answer.code !== 'GENERAL_ERROR') {
    // Refused: nothing moved at the wallet.
    table.free();
    await table.writes.move({ id: bet.id, to: 'REFUSED', decision: { refusal: answer.code } });
    const code = debitRefusal(answer.code);
    return {
      ok: false,
      code,
      ...(code === 'WALLET_UNAVAILABLE' ? { message: answer.message } : {}),
      ...(answer.balanceMinor === undefined ? {} : { balanceMinor: answer.balanceMinor }),
    };
  }
  // No clear answer: the debit may have been taken. Give it back under the same ids.
  table.free();
  bet.state = 'REFUNDING';
  await table.writes.move({ id: bet.id, to: 'REFUNDING' });
  table.owe(table.callbacks.refund(bet));
  return { ok: false, code: 'WALLET_UNAVAILABLE' };
}

/** Keeps `work` in `pending` until it ends (a round's close waits for its debits still out). */
export async function whilePending<T>(
  pending: Set<Promise<unknown>>,
  work: Promise<T>,
): Promise<T> {
  pending.add(work);
  try {
    return await work;
  } finally {
    pending.delete(work);
  }
}

/**
 * Tracks a round's owed callback work until it ends (a failure is logged, never thrown): the
 * round is settled once `owed` is empty.
 */
export function owe(
  owed: Set<Promise<unknown>>,
  work: Promise<unknown>,
  failed: (error: unknown) => void,
): void {
  const tracked = work.catch(failed);
  owed.add(tracked);
  void tracked.finally(() => owed.delete(tracked));
}

/** Where a table's messages go (the sockets). */
export interface StudioListener<Message> {
  /** To every connection. */
  broadcast(message: Message): void;
  /** To every connection of one player. */
  toPlayer(provider: string, playerId: string, message: Message): void;
}

export class TableListeners<Message> {
  private readonly listeners = new Set<StudioListener<Message>>();

  /** Answers the unsubscribe. */
  subscribe(listener: StudioListener<Message>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  broadcast(message: Message): void {
    for (const listener of this.listeners) listener.broadcast(message);
  }

  toPlayer(player: { provider: string; playerId: string }, message: Message): void {
    for (const listener of this.listeners) {
      listener.toPlayer(player.provider, player.playerId, message);
    }
  }
}

/** A table's timers: each wait can be ended at once by a stop (its callback runs then). */
export class TableTimers {
  private readonly timers = new Set<{ timer: NodeJS.Timeout; fn: () => void }>();

  later(ms: number, fn: () => void): void {
    const entry = {
      fn,
      timer: setTimeout(() => {
        this.timers.delete(entry);
        fn();
      }, ms),
    };
    this.timers.add(entry);
  }

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(ms, resolve));
  }

  /** Ends every wait now, running its callback (each step then sees the table stopped). */
  endAll(): void {
    for (const entry of [...this.timers]) {
      clearTimeout(entry.timer);
      this.timers.delete(entry);
      entry.fn();
    }
  }
}

/** A table's rounds, as `playRounds` plays them. */
export interface TableRounds {
  stopped(): boolean;
  /** Opens the next betting window; false while the table is switched off. */
  openBetting(): Promise<boolean>;
  /** The round in play (its window's end, and once decided the next round's start), if any. */
  round(): { bettingEndsAt: number; nextRoundAt: number | null } | null;
  /** From the window's close to the round's decision (the crash's flight, the cards' deal). */
  play(): Promise<void>;
  /** Resolves when the decided round's callbacks are answered (a round not decided: at once). */
  settle(): Promise<void>;
}

/**
 * Plays rounds until the table stops, or until `keepGoing` says no one is left after a round:
 * each round's window, its play, then the pause, during which it settles (the next round opens
 * once both are over). A table switched off looks again every `recheckMs`.
 */
export async function playRounds(
  table: TableRounds,
  clock: { timers: TableTimers; now: () => number; recheckMs: number },
  keepGoing: () => boolean,
): Promise<void> {
  const until = (at: number | null | undefined) =>
    clock.timers.wait(Math.max(0, (at ?? clock.now()) - clock.now()));
  while (!table.stopped()) {
    if (!(await table.openBetting())) {
      await clock.timers.wait(clock.recheckMs);
      if (!keepGoing()) break;
      continue;
    }
    await until(table.round()?.bettingEndsAt);
    if (table.stopped()) break;
    await table.play();
    const round = table.round();
    const settled = table.settle();
    await until(round?.nextRoundAt);
    await settled;
    if (!keepGoing()) break;
  }
}
