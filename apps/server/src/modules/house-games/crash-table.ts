/**
 * The crash table: one round at a time, shared by every player of the game, decided in one
 * place. Everything that decides a bet (a bet taken, a cash-out, an auto cash-out, the crash)
 * runs synchronously on the table's state in this process's one thread, so two decisions on one
 * bet never interleave: whichever the table sees first wins, and the other finds the bet
 * already decided. Every decision is then written to the round log before its callback goes.
 *
 * The clock is the server's: a round starts at `startedAt`, its multiplier is
 * `multiplierCentiAt(now − startedAt)` and it crashes at `elapsedMsToReach(crashPoint)` ms.
 * - A manual cash-out is decided at the moment the table receives it: before the crash's
 *   millisecond it wins at the multiplier of that moment; at or after it (even if the crash's
 *   timer has not fired yet) it is refused CRASHED.
 * - An auto cash-out (or the max win, which works as one at the multiplier where the win reaches
 *   it) needs no clock: a target at or below the crash point wins exactly the target, whenever
 *   the table gets to it (a tick, a manual cash-out that came later, or the crash), so no lag
 *   makes one miss.
 */
import { randomBytes } from 'node:crypto';
import {
  CRASH_GROWTH_RATE_PER_MS,
  crashPointFromHash,
  elapsedMsToReach,
  multiplierCentiAt,
} from '@backlay/contract/crash-fairness';
import {
  CRASH_HISTORY_LENGTH,
  CRASH_LIVE_LIST_LENGTH,
  CRASH_REFUSALS,
  MIN_AUTO_CASH_OUT_CENTI,
  type CrashBetTotals,
  type CrashFairness,
  type CrashHistoryEntry,
  type CrashLiveBet,
  type CrashMyBet,
  type CrashRefusalCode,
  type CrashRound,
  type CrashServerMessage,
  type CrashSlot,
  type CrashTable as CrashTableView,
} from '@backlay/contract/house-games';
import type { Database } from '../../db/database';
import type { BetCallbacks } from './bet-callbacks';
import { newSeed, openHashChain, type HashChain } from './hash-chain';
import type { CrashTableSettings } from './house-games-settings';
import {
  crashBetLog,
  currentChain,
  insertChain,
  insertRound,
  lastRoundNumber,
  moveRound,
  recentRounds,
  retireChain,
  type BetDecision,
  type CashOutReason,
  type ChainRow,
  type NewBet,
} from './round-log';
import {
  newBetOf,
  owe,
  playRounds,
  recordAndDebit,
  TableListeners,
  tableBets,
  TableTimers,
  whilePending,
  writeHeldFinals,
  writePlaced,
  type BetLog,
  type BetWrites,
  type StudioBet,
  type StudioListener,
  type StudioPlayer,
  type StudioTableOptions,
  type TableBetState,
} from './studio-bets';
import type { WalletAnswer } from './wallet-client';

/** A player at the table, as the wallet named them when they joined. */
export type TablePlayer = StudioPlayer;

/** Where the table's messages go (the sockets). */
export type TableListener = StudioListener<CrashServerMessage>;

interface TableBet extends StudioBet {
  slot: CrashSlot;
  autoCashOutCenti: number | null;
  /** Where it cashes out by itself: its auto target or the max win's multiplier, if lower. */
  targetCenti: number;
  targetReason: 'AUTO' | 'MAX_WIN';
  cashedOutCenti: number | null;
  winMinor: number | null;
  label: string;
}

interface TableRound {
  id: string;
  /** The max win in force when its betting opened: it holds for the whole round. */
  maxWinMinor: number;
  chainId: number;
  number: number;
  hash: string;
  crashPointCenti: number;
  /** The millisecond after the start at which it crashes. */
  crashMs: number;
  phase: 'BETTING' | 'STARTING' | 'RUNNING' | 'CRASHED';
  bettingEndsAt: number;
  startedAt: number | null;
  crashedAt: number | null;
  nextRoundAt: number | null;
  bets: Map<string, TableBet>;
  /** Bets whose debit has not been answered yet: the start waits for them. */
  pending: Set<Promise<unknown>>;
  /** Credits and rollbacks of the round still out: the round is settled when none is. */
  owed: Set<Promise<unknown>>;
  /**
   * The round's row in the log, written with its first bet (a round nobody bets on is written
   * once, whole, when it crashes): null until then.
   */
  stored: Promise<void> | null;
  /** The live list: the round's biggest placed bets, at most `CRASH_LIVE_LIST_LENGTH`. */
  listed: TableBet[];
  totals: CrashBetTotals;
}

interface ChainInPlay {
  row: ChainRow;
  chain: HashChain;
  nextNumber: number;
}

export type BetAnswer =
  | { ok: true; bet: CrashMyBet; balanceMinor: number }
  | { ok: false; code: CrashRefusalCode; message: string; balanceMinor?: number };

export type MoveAnswer = { ok: true } | { ok: false; code: CrashRefusalCode; message: string };

export interface CrashTableOptions extends StudioTableOptions {
  gameCode: string;
  /**
   * The table's rules, or where to read them: read at each decision, so a change of a limit
   * applies from the next bet, of the max win and timings from the next round.
   */
  settings: CrashTableSettings | (() => CrashTableSettings);
}

/** How often a table paused for maintenance looks whether it is switched on again. */
export const PAUSED_RECHECK_MS = 1_000;

const refused = (code: CrashRefusalCode, message: string = CRASH_REFUSALS[code]) =>
  ({ ok: false, code, message }) as const;

const slotKey = (provider: string, playerId: string, slot: number) =>
  `${provider}\n${playerId}\n${slot}`;

/**
 * While no round runs, the live list's changes go out at most this often: each time is a write
 * to every connection (with thousands at a table, as costly as a tick), and a list people read
 * needs no more than twice a second. While a round runs they go with its ticks.
 */
export const LIVE_LIST_WAITING_MS = 500;

/** How a player shows in the live list: enough to tell players apart, not to name them. */
export function maskedPlayer(playerId: string): string {
  const plain = playerId.replaceAll('-', '');
  return `${plain.slice(0, 1)}***${plain.slice(-3)}`;
}

/** What a win pays: the stake times the multiplier, floored to the paisa, at most the max win. */
export function winOf(amountMinor: number, centi: number, maxWinMinor: number): number {
  return Math.min(maxWinMinor, Math.floor((amountMinor * centi) / 100));
}

/** The multiplier at which a stake's win reaches the max win. */
export function maxWinCenti(amountMinor: number, maxWinMinor: number): number {
  return Math.ceil((maxWinMinor * 100) / amountMinor);
}

export class CrashTable {
  private readonly db: Database;
  private readonly readSettings: () => CrashTableSettings;
  private readonly refreshSettings: () => Promise<void>;
  private readonly callbacks: BetCallbacks;
  private readonly now: () => number;
  private readonly log: CrashTableOptions['log'];
  readonly gameCode: string;
  private readonly listeners = new TableListeners<CrashServerMessage>();
  private readonly bySlot = new Map<string, TableBet>();
  private readonly betLog: BetLog<NewBet, BetDecision>;
  private readonly writes: BetWrites<NewBet, BetDecision>;
  private chain: ChainInPlay | null = null;
  private round: TableRound | null = null;
  private paused: {
    reason: 'STARTING' | 'WALLET_UNAVAILABLE' | 'MAINTENANCE' | 'STOPPING';
    message: string;
  } = {
    reason: 'STARTING',
    message: 'The table is opening.',
  };
  private history: CrashHistoryEntry[] = [];
  private liveDelta: {
    placed: CrashLiveBet[];
    cancelled: string[];
    cashedOut: { betId: string; cashedOutCenti: number; winMinor: number }[];
  } = {
    placed: [],
    cancelled: [],
    cashedOut: [],
  };
  private liveDirty = false;
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly timers = new TableTimers();
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(options: CrashTableOptions) {
    this.db = options.db;
    const settings = options.settings;
    this.readSettings = typeof settings === 'function' ? settings : () => settings;
    this.refreshSettings = options.refreshSettings ?? (() => Promise.resolve());
    this.gameCode = options.gameCode;
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.betLog = crashBetLog(options.db);
    ({ writes: this.writes, callbacks: this.callbacks } = tableBets(this.betLog, options));
  }

  /** The rules in force now. */
  private get settings(): CrashTableSettings {
    return this.readSettings();
  }

  // -------------------------------------------------------------------------------------------
  // What the sockets read.

  subscribe(listener: TableListener): () => void {
    return this.listeners.subscribe(listener);
  }

  table(currency: string): CrashTableView {
    const s = this.settings;
    return {
      gameCode: this.gameCode,
      currency,
      houseEdgeBp: this.chain?.row.house_edge_bp ?? s.houseEdgeBp,
      minBetMinor: s.minBetMinor,
      maxBetMinor: s.maxBetMinor,
      maxWinMinor: s.maxWinMinor,
      minAutoCashOutCenti: MIN_AUTO_CASH_OUT_CENTI,
      maxAutoCashOutCenti: s.maxAutoCashOutCenti,
      bettingMs: s.bettingMs,
      tickMs: s.tickMs,
      pauseMs: s.pauseMs,
      growthRatePerMs: CRASH_GROWTH_RATE_PER_MS,
      slots: 2,
    };
  }

  fairness(): CrashFairness | null {
    const chain = this.chain?.row;
    return chain ? fairnessOf(chain) : null;
  }

  roundView(): CrashRound {
    const round = this.round;
    if (!round || this.stopped) return { phase: 'PAUSED', ...this.paused };
    const base = { roundId: round.id, number: round.number, chainId: round.chainId };
    switch (round.phase) {
      case 'BETTING':
      case 'STARTING':
        return { phase: 'BETTING', ...base, bettingEndsAt: round.bettingEndsAt };
      case 'RUNNING':
        return {
          phase: 'RUNNING',
          ...base,
          startedAt: round.startedAt ?? round.bettingEndsAt,
          growthRatePerMs: CRASH_GROWTH_RATE_PER_MS,
        };
      case 'CRASHED':
        return {
          phase: 'CRASHED',
          ...base,
          startedAt: round.startedAt ?? round.bettingEndsAt,
          crashedAt: round.crashedAt ?? this.now(),
          crashPointCenti: round.crashPointCenti,
          hash: round.hash,
          nextRoundAt: round.nextRoundAt ?? this.now(),
        };
    }
  }

  recentHistory(): CrashHistoryEntry[] {
    return [...this.history];
  }

  /** The current round's live list (its biggest bets), as one player reads it. */
  liveBets(player?: { provider: string; playerId: string }): CrashLiveBet[] {
    const round = this.round;
    if (!round) return [];
    return [...round.listed]
      .sort((a, b) => b.amountMinor - a.amountMinor)
      .map((bet) => liveOf(bet, player));
  }

  /** The current round's counts. */
  totals(): CrashBetTotals {
    return { ...(this.round?.totals ?? { bets: 0, stakeMinor: 0, cashedOut: 0, winMinor: 0 }) };
  }

  /** A player's own bets in the current round (placed ones: a pending one is answered soon). */
  myBets(provider: string, playerId: string): CrashMyBet[] {
    const mine: CrashMyBet[] = [];
    for (const slot of [1, 2] as const) {
      const bet = this.bySlot.get(slotKey(provider, playerId, slot));
      if (bet && bet.state !== 'PENDING' && bet.state !== 'REFUNDING') mine.push(myBetOf(bet));
    }
    return mine;
  }

  /** The current round's bets, for tests and the benchmark. */
  currentRound(): { id: string; crashPointCenti: number; crashMs: number; phase: string } | null {
    const round = this.round;
    return round
      ? {
          id: round.id,
          crashPointCenti: round.crashPointCenti,
          crashMs: round.crashMs,
          phase: round.phase,
        }
      : null;
  }

  // -------------------------------------------------------------------------------------------
  // The round's life.

  /**
   * Opens the chain in play (a new one when there is none, it is played out, or the table's
   * edge, salt or length changed) and the last rounds. Call once finished rounds were recovered.
   */
  async open(): Promise<void> {
    await this.ensureChain();
    const rows = await recentRounds(this.db, this.gameCode, CRASH_HISTORY_LENGTH);
    this.history = rows.map((row) => ({
      roundId: row.id,
      chainId: row.chain_id,
      number: row.number,
      crashPointCenti: row.crash_point_centi,
      hash: row.hash,
      crashedAt: (row.crashed_at ?? row.betting_ends_at).getTime(),
    }));
  }

  private async ensureChain(): Promise<void> {
    const s = this.settings;
    let row = await currentChain(this.db, this.gameCode);
    if (
      row &&
      (row.house_edge_bp !== s.houseEdgeBp || row.salt !== s.salt || row.length !== s.chainLength)
    ) {
      await retireChain(this.db, row.id);
      row = null;
    }
    if (row && (await lastRoundNumber(this.db, row.id)) >= row.length) {
      await retireChain(this.db, row.id);
      row = null;
    }
    let fresh = false;
    if (!row) {
      const seed = newSeed();
      const chain = openHashChain(seed, s.chainLength);
      row = await insertChain(this.db, {
        gameCode: this.gameCode,
        seed,
        terminatingHash: chain.terminatingHash,
        salt: s.salt,
        houseEdgeBp: s.houseEdgeBp,
        length: s.chainLength,
      });
      this.chain = { row, chain, nextNumber: 1 };
      fresh = true;
    } else {
      const chain = openHashChain(row.seed, row.length);
      if (chain.terminatingHash !== row.terminating_hash) {
        throw new Error(`hash chain ${row.id} does not lead to its terminating hash`);
      }
      this.chain = { row, chain, nextNumber: (await lastRoundNumber(this.db, row.id)) + 1 };
    }
    if (fresh) {
      this.log.info(
        { chain: row.id, terminatingHash: row.terminating_hash },
        'house games: a new hash chain was published',
      );
      this.emit({ type: 'chain', fairness: fairnessOf(row) });
    }
  }

  /**
   * Opens the next round's betting window with the rules in force; false when the table is
   * switched off (it shows as paused for maintenance and plays no round). A changed house edge
   * retires the chain in play here: the round opens on a new chain, published first.
   */
  async openBetting(): Promise<boolean> {
    await this.refreshSettings();
    if (this.settings.enabled === false) {
      const wasPlaying = this.round !== null;
      this.round = null;
      this.bySlot.clear();
      if (wasPlaying || this.paused.reason !== 'MAINTENANCE') {
        this.paused = { reason: 'MAINTENANCE', message: 'The table is paused for maintenance.' };
        this.emitRound();
      }
      return false;
    }
    if (
      !this.chain ||
      this.chain.nextNumber > this.chain.row.length ||
      this.chain.row.house_edge_bp !== this.settings.houseEdgeBp
    ) {
      await this.ensureChain();
    }
    const inPlay = this.chain;
    if (!inPlay) throw new Error('no hash chain in play');
    const number = inPlay.nextNumber;
    inPlay.nextNumber += 1;
    const hash = inPlay.chain.roundHash(number);
    const crashPointCenti = crashPointFromHash(hash, {
      houseEdgeBp: inPlay.row.house_edge_bp,
      salt: inPlay.row.salt,
    });
    const bettingEndsAt = this.now() + this.settings.bettingMs;
    const round: TableRound = {
      id: `${this.gameCode}-${inPlay.row.id}-${number}`,
      maxWinMinor: this.settings.maxWinMinor,
      chainId: inPlay.row.id,
      number,
      hash,
      crashPointCenti,
      crashMs: elapsedMsToReach(crashPointCenti),
      phase: 'BETTING',
      bettingEndsAt,
      startedAt: null,
      crashedAt: null,
      nextRoundAt: null,
      bets: new Map(),
      pending: new Set(),
      owed: new Set(),
      stored: null,
      listed: [],
      totals: { bets: 0, stakeMinor: 0, cashedOut: 0, winMinor: 0 },
    };
    this.bySlot.clear();
    this.liveDelta = { placed: [], cancelled: [], cashedOut: [] };
    this.liveDirty = false;
    this.round = round;
    this.emitRound();
    return true;
  }

  /**
   * Closes the betting window, waits for the debits still out, writes the placed bets PLACED
   * (all in one statement) and starts the multiplier.
   */
  async start(): Promise<void> {
    const round = this.round;
    if (!round || round.phase !== 'BETTING') throw new Error('no round is taking bets');
    round.phase = 'STARTING';
    while (round.pending.size > 0) await Promise.allSettled([...round.pending]);
    const startedAt = this.now();
    if (round.stored) {
      await round.stored;
      await writePlaced(this.betLog, round.bets.values());
      await moveRound(this.db, round.id, 'RUNNING', { startedAt: new Date(startedAt) });
    }
    round.startedAt = startedAt;
    round.phase = 'RUNNING';
    this.emitRound();
  }

  /**
   * The running round's tick: pays the auto cash-outs now due, crashes the round when its
   * millisecond has come, else sends the multiplier to everyone. Answers whether it crashed.
   */
  tick(): boolean {
    const round = this.round;
    if (!round || round.phase !== 'RUNNING' || round.startedAt === null) return false;
    const elapsedMs = Math.max(0, this.now() - round.startedAt);
    if (elapsedMs >= round.crashMs) {
      this.crash();
      return true;
    }
    const multiplierCenti = multiplierCentiAt(elapsedMs);
    for (const bet of round.bets.values()) {
      if (bet.state === 'PLACED' && bet.targetCenti <= multiplierCenti)
        this.autoCashOut(round, bet);
    }
    this.flushLive();
    this.emit({
      type: 'tick',
      roundId: round.id,
      serverTime: this.now(),
      elapsedMs,
      multiplierCenti,
    });
    return false;
  }

  /**
   * The crash: every bet still in is decided at once (its target reached: won at the target;
   * else lost), the crash and the hash are revealed, and the bets' callbacks go.
   */
  crash(): void {
    const round = this.round;
    if (!round || round.phase !== 'RUNNING') return;
    round.phase = 'CRASHED';
    round.crashedAt = (round.startedAt ?? this.now()) + round.crashMs;
    round.nextRoundAt = Math.max(this.now(), round.crashedAt) + this.settings.pauseMs;
    const lost: TableBet[] = [];
    for (const bet of round.bets.values()) {
      if (bet.state !== 'PLACED') continue;
      if (bet.targetCenti <= round.crashPointCenti) this.autoCashOut(round, bet);
      else {
        bet.state = 'LOST';
        lost.push(bet);
      }
    }
    this.flushLive();
    this.history.unshift({
      roundId: round.id,
      chainId: round.chainId,
      number: round.number,
      crashPointCenti: round.crashPointCenti,
      hash: round.hash,
      crashedAt: round.crashedAt,
    });
    this.history.length = Math.min(this.history.length, CRASH_HISTORY_LENGTH);
    this.emitRound();
    // The crash is written first: a restart then finishes every bet still PLACED by the rule
    // above (target reached or lost), the same way as here.
    const startedAt = new Date(round.startedAt ?? round.crashedAt);
    const crashedAt = new Date(round.crashedAt);
    const written = round.stored
      ? round.stored.then(() => moveRound(this.db, round.id, 'CRASHED', { startedAt, crashedAt }))
      : insertRound(this.db, { ...this.roundRecord(round), finished: { startedAt, crashedAt } });
    this.owe(round, written);
    for (const bet of lost) {
      this.owe(
        round,
        written.then(async () => {
          if (!(await this.writes.move({ id: bet.id, to: 'LOST' }))) return;
          await this.callbacks.settle(bet, 'LOST', 0, (answer) => {
            this.toPlayer(bet, {
              type: 'betLost',
              bet: myBetOf(bet),
              crashPointCenti: round.crashPointCenti,
            });
            this.sendBalance(bet, answer);
          });
        }),
      );
    }
  }

  /**
   * Resolves when every callback of the current round is answered, writes its bets' final
   * states, and marks it settled.
   */
  async settle(): Promise<void> {
    const round = this.round;
    if (!round || round.phase !== 'CRASHED') return;
    while (round.owed.size > 0) await Promise.allSettled([...round.owed]);
    // A round nobody bet on was written settled at its crash.
    if (round.stored && (await this.writeFinals())) await this.markSettledIfDone(round.id);
  }

  /** Writes the final states of the bets whose credits were taken (see writeHeldFinals). */
  private writeFinals(): Promise<boolean> {
    return writeHeldFinals(this.callbacks, this.log, this.gameCode);
  }

  private async markSettledIfDone(roundId: string): Promise<void> {
    await moveRound(this.db, roundId, 'SETTLED', { unlessBetsOpen: true });
  }

  private roundRecord(round: TableRound) {
    return {
      id: round.id,
      gameCode: this.gameCode,
      chainId: round.chainId,
      number: round.number,
      hash: round.hash,
      crashPointCenti: round.crashPointCenti,
      bettingEndsAt: new Date(round.bettingEndsAt),
    };
  }

  /** The round's row, written once (before its first bet's). */
  private storeRound(round: TableRound): Promise<void> {
    round.stored ??= insertRound(this.db, this.roundRecord(round));
    return round.stored;
  }

  /** Whether rounds are being played. */
  running(): boolean {
    return this.loop !== null;
  }

  /**
   * Plays rounds (betting, running with ticks, the crash, the pause) until `stop()`, or until
   * `keepGoing` says no one is left to play for after a round; `run` again to resume.
   */
  run(keepGoing: () => boolean = () => true): void {
    if (this.loop || this.stopped) return;
    this.loop = this.runLoop(keepGoing)
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'house games: the crash table stopped');
        this.paused = { reason: 'MAINTENANCE', message: 'The table is paused just now.' };
        this.emitRound();
      })
      .finally(() => {
        this.loop = null;
      });
  }

  private runLoop(keepGoing: () => boolean): Promise<void> {
    return playRounds(
      {
        stopped: () => this.stopped,
        openBetting: () => this.openBetting(),
        round: () => this.round,
        play: async () => {
          await this.start();
          await this.runUntilCrash();
        },
        settle: () => this.settle(),
      },
      { timers: this.timers, now: this.now, recheckMs: PAUSED_RECHECK_MS },
      keepGoing,
    );
  }

  private runUntilCrash(): Promise<void> {
    return new Promise((resolve) => {
      const round = this.round;
      if (!round || round.startedAt === null) return resolve();
      const every = this.settings.tickMs;
      const step = () => {
        if (this.stopped) return resolve();
        if (this.tick()) return resolve();
        const untilCrash = (round.startedAt ?? 0) + round.crashMs - this.now();
        this.timers.later(Math.max(0, Math.min(every, untilCrash)), step);
      };
      this.timers.later(Math.min(every, round.crashMs), step);
    });
  }

  /**
   * Stops after the round in hand: a round still taking bets is left as it is (the next start
   * refunds it); a running one is left too. Resolves when the loop has ended.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.paused = { reason: 'STOPPING', message: 'The table is closing for a moment.' };
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    // Every wait ends now (each step sees `stopped` and ends the loop).
    this.timers.endAll();
    this.emitRound();
    await this.loop?.catch(() => undefined);
    const round = this.round;
    if (round) {
      await Promise.allSettled([...round.pending, ...round.owed]);
    }
    await this.writeFinals();
  }

  // -------------------------------------------------------------------------------------------
  // The players' moves.

  /** A bet in a slot while the betting window is open: the debit's answer decides it. */
  async placeBet(
    player: TablePlayer,
    request: { slot: CrashSlot; amountMinor: number; autoCashOutCenti: number | null },
  ): Promise<BetAnswer> {
    const round = this.round;
    const s = this.settings;
    if (this.stopped || !round) return refused('TABLE_PAUSED');
    if (round.phase !== 'BETTING' || this.now() >= round.bettingEndsAt) {
      return refused('BETTING_CLOSED');
    }
    if (request.amountMinor < s.minBetMinor) return refused('BELOW_MIN_BET');
    if (request.amountMinor > s.maxBetMinor) return refused('ABOVE_MAX_BET');
    const auto = request.autoCashOutCenti;
    if (auto !== null && (auto < MIN_AUTO_CASH_OUT_CENTI || auto > s.maxAutoCashOutCenti)) {
      return refused('BAD_AUTO_CASH_OUT');
    }
    const key = slotKey(player.provider, player.playerId, request.slot);
    if (this.bySlot.has(key)) return refused('SLOT_TAKEN');

    const cap = maxWinCenti(request.amountMinor, round.maxWinMinor);
    const bet: TableBet = {
      id: `${round.id}.${request.slot}${randomBytes(5).toString('hex')}`,
      roundId: round.id,
      provider: player.provider,
      playerId: player.playerId,
      token: player.token,
      currency: player.currency,
      slot: request.slot,
      amountMinor: request.amountMinor,
      autoCashOutCenti: auto,
      targetCenti: Math.min(auto ?? Number.POSITIVE_INFINITY, cap),
      targetReason: auto !== null && auto <= cap ? 'AUTO' : 'MAX_WIN',
      state: 'PENDING',
      cashedOutCenti: null,
      winMinor: null,
      label: maskedPlayer(player.playerId),
    };
    this.bySlot.set(key, bet);
    round.bets.set(bet.id, bet);
    return whilePending(round.pending, this.debit(round, bet));
  }

  private async debit(round: TableRound, bet: TableBet): Promise<BetAnswer> {
    const free = () => {
      round.bets.delete(bet.id);
      if (this.bySlot.get(slotKey(bet.provider, bet.playerId, bet.slot)) === bet) {
        this.bySlot.delete(slotKey(bet.provider, bet.playerId, bet.slot));
      }
    };
    const debited = await recordAndDebit(bet, {
      // The round's row first (written with its first bet); a slot taken in the database is not
      // stored.
      record: () =>
        this.storeRound(round).then(() =>
          this.writes.record({
            ...newBetOf(bet),
            slot: bet.slot,
            autoCashOutCenti: bet.autoCashOutCenti,
          }),
        ),
      callbacks: this.callbacks,
      writes: this.writes,
      free,
      owe: (work) => this.owe(round, work),
      log: this.log,
    });
    if (!debited.ok) {
      if (debited.code === 'NOT_RECORDED') return refused('SLOT_TAKEN');
      return { ...debited, message: debited.message ?? CRASH_REFUSALS[debited.code] };
    }
    this.listPlaced(round, bet);
    return { ok: true, bet: myBetOf(bet), balanceMinor: debited.balanceMinor };
  }

  /** Takes a bet back while the betting window is open: its stake is given back. */
  async cancelBet(player: TablePlayer, slot: CrashSlot): Promise<BetAnswer> {
    const round = this.round;
    if (this.stopped || !round) return refused('TABLE_PAUSED');
    const bet = this.bySlot.get(slotKey(player.provider, player.playerId, slot));
    if (!bet) return refused('NO_BET');
    if (bet.state === 'PENDING') return refused('BUSY');
    if (round.phase !== 'BETTING' || this.now() >= round.bettingEndsAt) {
      return refused('BETTING_CLOSED');
    }
    if (bet.state !== 'PLACED') return refused('NO_BET');
    // Decided here, before anything is awaited: the start finds the bet gone.
    bet.state = 'REFUNDING';
    this.bySlot.delete(slotKey(bet.provider, bet.playerId, bet.slot));
    round.bets.delete(bet.id);
    this.unlist(round, bet);
    const answer = await whilePending(
      round.pending,
      (async () => {
        await this.writes.move({ id: bet.id, to: 'REFUNDING' });
        return this.callbacks.refund(bet);
      })(),
    );
    return answer.status === 'OK'
      ? {
          ok: true,
          bet: { ...myBetOf(bet), state: 'CANCELLED' },
          balanceMinor: answer.balanceMinor,
        }
      : refused('WALLET_UNAVAILABLE');
  }

  /** Cashes out a slot's bet at the multiplier of the moment the table receives the request. */
  cashOut(player: TablePlayer, slot: CrashSlot, requestId?: string): MoveAnswer {
    const round = this.round;
    if (this.stopped || !round) return refused('TABLE_PAUSED');
    const bet = this.bySlot.get(slotKey(player.provider, player.playerId, slot));
    if (!bet || bet.state === 'REFUNDING') return refused('NO_BET');
    if (round.phase === 'BETTING' || round.phase === 'STARTING' || round.startedAt === null) {
      return refused('NOT_RUNNING');
    }
    if (bet.state === 'WON') return refused('ALREADY_CASHED_OUT');
    if (bet.state !== 'PLACED') return refused('CRASHED');
    const elapsedMs = this.now() - round.startedAt;
    if (round.phase === 'CRASHED' || elapsedMs >= round.crashMs) {
      // The crash's millisecond has come, whether or not its timer has fired: the crash wins.
      this.crash();
      // The crash decided the bet: won if its target was reached by then.
      return stateOf(bet) === 'WON' ? refused('ALREADY_CASHED_OUT') : refused('CRASHED');
    }
    const multiplierCenti = multiplierCentiAt(elapsedMs);
    if (bet.targetCenti <= multiplierCenti) {
      // Its auto cash-out (or the max win) came first.
      this.autoCashOut(round, bet);
      return refused('ALREADY_CASHED_OUT');
    }
    this.decideWin(round, bet, multiplierCenti, 'MANUAL', requestId);
    return { ok: true };
  }

  private autoCashOut(round: TableRound, bet: TableBet): void {
    this.decideWin(round, bet, bet.targetCenti, bet.targetReason);
  }

  /** Decides a win (synchronously: the bet is WON from here on), then writes and pays it. */
  private decideWin(
    round: TableRound,
    bet: TableBet,
    centi: number,
    reason: CashOutReason,
    requestId?: string,
  ): void {
    const winMinor = winOf(bet.amountMinor, centi, round.maxWinMinor);
    bet.state = 'WON';
    bet.cashedOutCenti = centi;
    bet.winMinor = winMinor;
    round.totals.cashedOut += 1;
    round.totals.winMinor += winMinor;
    if (round.listed.includes(bet)) {
      this.liveDelta.cashedOut.push({ betId: bet.id, cashedOutCenti: centi, winMinor });
    }
    this.liveChanged();
    this.owe(
      round,
      (async () => {
        const decided = await this.writes.move({
          id: bet.id,
          to: 'WON',
          decision: { cashedOutCenti: centi, cashOutReason: reason, winMinor },
        });
        if (!decided) return;
        // The win stands from here on, whatever the wallet answers and however long it takes
        // (an unpaid win is retried, or paid at the next start): the player hears it now, and
        // the balance once the wallet has credited it.
        this.toPlayer(bet, {
          type: 'cashedOut',
          ...(requestId ? { requestId } : {}),
          reason,
          bet: myBetOf(bet),
          multiplierCenti: centi,
          winMinor,
        });
        await this.callbacks.settle(bet, 'WON', winMinor, (answer) =>
          this.sendBalance(bet, answer),
        );
      })(),
    );
  }

  private owe(round: TableRound, work: Promise<unknown>): void {
    owe(round.owed, work, (error) =>
      this.log.error({ err: error, round: round.id }, 'house games: a bet could not be finished'),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Messages.

  private emit(message: CrashServerMessage): void {
    this.listeners.broadcast(message);
  }

  private emitRound(): void {
    this.emit({ type: 'round', serverTime: this.now(), round: this.roundView() });
  }

  private toPlayer(bet: TableBet, message: CrashServerMessage): void {
    this.listeners.toPlayer(bet, message);
  }

  private sendBalance(bet: TableBet, answer: WalletAnswer): void {
    if (answer.status === 'UNAVAILABLE' || answer.balanceMinor === undefined) return;
    this.toPlayer(bet, { type: 'balance', balanceMinor: answer.balanceMinor });
  }

  /** Counts a placed bet, and lists it if it is among the round's biggest. */
  private listPlaced(round: TableRound, bet: TableBet): void {
    round.totals.bets += 1;
    round.totals.stakeMinor += bet.amountMinor;
    if (round.listed.length >= CRASH_LIVE_LIST_LENGTH) {
      let smallest = 0;
      round.listed.forEach((listed, i) => {
        if (listed.amountMinor < (round.listed[smallest]?.amountMinor ?? 0)) smallest = i;
      });
      const out = round.listed[smallest];
      if (!out || out.amountMinor >= bet.amountMinor) {
        this.liveChanged();
        return;
      }
      round.listed.splice(smallest, 1);
      this.liveDelta.cancelled.push(out.id);
    }
    round.listed.push(bet);
    this.liveDelta.placed.push(liveOf(bet));
    this.liveChanged();
  }

  /** Takes a cancelled bet out of the counts and the list. */
  private unlist(round: TableRound, bet: TableBet): void {
    round.totals.bets -= 1;
    round.totals.stakeMinor -= bet.amountMinor;
    const at = round.listed.indexOf(bet);
    if (at !== -1) {
      round.listed.splice(at, 1);
      this.liveDelta.cancelled.push(bet.id);
    }
    this.liveChanged();
  }

  /**
   * The live list changed: while the round runs it goes out with the next tick (the same write to
   * each connection as the tick, where a timer of its own cost one more); otherwise within
   * `LIVE_LIST_WAITING_MS` (or a tick's time, if longer).
   */
  private liveChanged(): void {
    this.liveDirty = true;
    if (this.flushTimer || this.stopped || this.round?.phase === 'RUNNING') return;
    this.flushTimer = setTimeout(
      () => {
        this.flushTimer = null;
        this.flushLive();
      },
      Math.max(this.settings.tickMs, LIVE_LIST_WAITING_MS),
    );
    this.flushTimer.unref();
  }

  /** Sends the live list's changes and the round's counts since the last time, if any. */
  flushLive(): void {
    const round = this.round;
    if (!round || !this.liveDirty) return;
    const delta = this.liveDelta;
    this.liveDirty = false;
    this.liveDelta = { placed: [], cancelled: [], cashedOut: [] };
    this.emit({ type: 'bets', roundId: round.id, ...delta, totals: { ...round.totals } });
  }
}

/** A bet's state as it is now (read through a call, as other calls may have changed it). */
function stateOf(bet: TableBet): TableBetState {
  return bet.state;
}

function fairnessOf(row: ChainRow): CrashFairness {
  return {
    chainId: row.id,
    terminatingHash: row.terminating_hash,
    salt: row.salt,
    houseEdgeBp: row.house_edge_bp,
    chainLength: row.length,
  };
}

function myBetOf(bet: TableBet): CrashMyBet {
  return {
    betId: bet.id,
    roundId: bet.roundId,
    slot: bet.slot,
    amountMinor: bet.amountMinor,
    autoCashOutCenti: bet.autoCashOutCenti,
    state:
      bet.state === 'WON'
        ? 'CASHED_OUT'
        : bet.state === 'LOST'
          ? 'LOST'
          : bet.state === 'REFUNDING'
            ? 'CANCELLED'
            : 'PLACED',
    cashedOutCenti: bet.cashedOutCenti,
    winMinor: bet.winMinor,
  };
}

function liveOf(bet: TableBet, reader?: { provider: string; playerId: string }): CrashLiveBet {
  return {
    betId: bet.id,
    player: bet.label,
    mine:
      reader !== undefined && reader.provider === bet.provider && reader.playerId === bet.playerId,
    slot: bet.slot,
    amountMinor: bet.amountMinor,
    cashedOutCenti: bet.cashedOutCenti,
    winMinor: bet.winMinor,
  };
}
