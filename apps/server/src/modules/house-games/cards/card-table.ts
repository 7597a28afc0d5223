/**
 * A card table (Teen Patti, Andar Bahar, Dragon Tiger or Lucky 7): one round at a time on the
 * server's clock, shared by every player of the game, decided in one place. Its rounds:
 *
 * 1. `openBetting`: a fresh 32-byte server seed is drawn and kept; the round is written to the
 *    log with the seed (secret) and its hash, and the hash is published with the window.
 *    The deck, and so the winner, follow from the seed and the round number alone
 *    (`cardRoundFromSeed` of the contract): nothing a player does afterwards changes them.
 * 2. `placeBet` during the window: limits checked synchronously on the table's state (so two
 *    bets racing each other both count), the bet recorded PENDING, then its debit decides it.
 * 3. `closeBetting`: waits for the debits still out, writes DEALING (from here a restart
 *    completes the round rather than refunding it), and the cards are revealed one every
 *    `cardMs` (`revealDue`).
 * 4. `decide`: the outcome is written (the seed revealed), each placed bet decided by the rule
 *    table (`cardBetReturnMinor`) and written before its credit is sent; then `settle` waits
 *    for every credit and marks the round SETTLED.
 *
 * A bet is decided once: in memory (only a PLACED bet is decided, synchronously), in the log
 * (a conditional move that a repeat finds already made), and at the wallet (fixed transaction
 * ids): `decide` or a recovery running twice pays nothing twice.
 */
import { randomBytes } from 'node:crypto';
import {
  CARD_GAMES,
  CARD_HISTORY_LENGTH,
  CARD_REFUSALS,
  cardBetOutcome,
  cardBetReturnMinor,
  cardBetRule,
  cardRoundFromSeed,
  seedHashOf,
  type CardBetKind,
  type CardBetOutcome,
  type CardGameCode,
  type CardHistoryEntry,
  type CardMyBet,
  type CardPauseReason,
  type CardRefusalCode,
  type CardRound,
  type CardRoundResult,
  type CardServerMessage,
  type CardTable as CardTableView,
} from '@backlay/contract/card-games';
import type { Database } from '../../../db/database';
import type { BetCallbacks } from '../bet-callbacks';
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
} from '../studio-bets';
import type { WalletClient } from '../wallet-client';
import {
  cardBetLog,
  insertCardRound,
  lastCardRoundNumber,
  moveCardRound,
  readCardRound,
  recentCardRounds,
  type CardBetDecision,
  type CardRoundRow,
  type NewCardBet,
} from './card-round-log';
import { recoverCardRounds } from './card-recovery';
import type { CardTableSettings } from './card-settings';

/** A player at the table, as the wallet named them when they joined. */
export type CardPlayer = StudioPlayer;

/** Where the table's messages go (the sockets). */
export type CardTableListener = StudioListener<CardServerMessage>;

interface TableBet extends StudioBet {
  betKind: CardBetKind;
  outcome: CardBetOutcome | null;
  returnMinor: number | null;
}

interface TableRound {
  id: string;
  number: number;
  seed: string;
  seedHash: string;
  /** Fixed by the seed when the round opens; shown card by card, then whole. */
  result: CardRoundResult;
  phase: 'BETTING' | 'CLOSING' | 'DEALING' | 'RESULT';
  bettingEndsAt: number;
  startedAt: number | null;
  cardMs: number;
  /** How many cards have been revealed. */
  revealed: number;
  nextRoundAt: number | null;
  bets: Map<string, TableBet>;
  /** Each player's bets of the round (placed or being placed). */
  byPlayer: Map<string, TableBet[]>;
  /** Debits not answered yet: the deal waits for them. */
  pending: Set<Promise<unknown>>;
  /** Credits and rollbacks still out: the round is settled when none is. */
  owed: Set<Promise<unknown>>;
}

export type CardBetAnswer =
  | { ok: true; bet: CardMyBet; balanceMinor: number }
  | { ok: false; code: CardRefusalCode; message: string; balanceMinor?: number };

export interface CardTableOptions extends StudioTableOptions {
  gameCode: CardGameCode;
  /** The table's rules, read at every round and bet (so a change applies at once). */
  settings: () => CardTableSettings;
  /** Draws a round's server seed (tests choose one to get a given outcome). */
  drawSeed?: (roundNumber: number) => string;
}

/** How often a table paused for maintenance looks whether it is switched on again. */
export const CARD_PAUSED_RECHECK_MS = 1_000;

const refused = (code: CardRefusalCode, message: string = CARD_REFUSALS[code]) =>
  ({ ok: false, code, message }) as const;

const playerKey = (provider: string, playerId: string) => `${provider}\n${playerId}`;

/** Whether a bet still counts toward its player's limits in the round. */
const counts = (bet: TableBet) => bet.state !== 'REFUNDING';

/** A decided bet's state as the page reads it. */
function myBetOf(bet: TableBet): CardMyBet {
  const state =
    bet.state === 'PENDING' || bet.state === 'PLACED'
      ? 'PLACED'
      : bet.state === 'REFUNDING'
        ? 'REFUNDED'
        : (bet.outcome ?? 'LOST');
  return {
    betId: bet.id,
    roundId: bet.roundId,
    betKind: bet.betKind,
    amountMinor: bet.amountMinor,
    state,
    returnMinor: bet.returnMinor,
  };
}

/** A decided round of the log as a history entry. */
export function historyEntryOf(row: CardRoundRow, gameCode: CardGameCode): CardHistoryEntry {
  const result = cardRoundFromSeed(gameCode, row.seed, row.number);
  return {
    gameCode,
    roundId: row.id,
    number: row.number,
    winner: row.winner ?? result.winner,
    cards: row.cards ?? result.cards,
    ...(result.hands ? { hands: result.hands } : {}),
    seedHash: row.seed_hash,
    seed: row.seed,
    endedAt: (row.revealed_at ?? row.betting_ends_at).getTime(),
  };
}

/** A fresh server seed: 32 random bytes as 64 hex digits. */
export const newServerSeed = () => randomBytes(32).toString('hex');

export class CardTable {
  readonly gameCode: CardGameCode;
  private readonly db: Database;
  private readonly readSettings: () => CardTableSettings;
  private readonly refreshSettings: () => Promise<void>;
  private readonly callbacks: BetCallbacks;
  private readonly now: () => number;
  private readonly log: CardTableOptions['log'];
  private readonly drawSeed: (roundNumber: number) => string;
  private readonly wallet: WalletClient;
  private readonly retryDelaysMs: readonly number[] | undefined;
  /** A round ended with callbacks the wallet did not take: finish them at the next round. */
  private owedLeft = false;
  private catchingUp: Promise<void> | null = null;
  private readonly listeners = new TableListeners<CardServerMessage>();
  private readonly betLog: BetLog<NewCardBet, CardBetDecision>;
  private readonly writes: BetWrites<NewCardBet, CardBetDecision>;
  private round: TableRound | null = null;
  private nextNumber = 1;
  private opened = false;
  private paused: { reason: CardPauseReason; message: string } = {
    reason: 'STARTING',
    message: 'The table is opening.',
  };
  private history: CardHistoryEntry[] = [];
  private readonly timers = new TableTimers();
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(options: CardTableOptions) {
    this.db = options.db;
    this.gameCode = options.gameCode;
    this.readSettings = options.settings;
    this.refreshSettings = options.refreshSettings ?? (() => Promise.resolve());
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.drawSeed = options.drawSeed ?? newServerSeed;
    this.wallet = options.wallet;
    this.retryDelaysMs = options.retryDelaysMs;
    this.betLog = cardBetLog(options.db);
    ({ writes: this.writes, callbacks: this.callbacks } = tableBets(this.betLog, options));
  }

  /** The rules in force now (read at each use, never kept). */
  private get settings(): CardTableSettings {
    return this.readSettings();
  }

  // -------------------------------------------------------------------------------------------
  // What the sockets read.

  subscribe(listener: CardTableListener): () => void {
    return this.listeners.subscribe(listener);
  }

  /** Whether the table is open (its rounds recovered and its history read). */
  isOpen(): boolean {
    return this.opened;
  }

  table(currency: string): CardTableView {
    const s = this.settings;
    const game = CARD_GAMES[this.gameCode];
    return {
      gameCode: this.gameCode,
      gameId: game.gameId,
      name: game.name,
      currency,
      bettingMs: s.bettingMs,
      cardMs: s.cardMs,
      pauseMs: s.pauseMs,
      limits: { ...s.limits },
      maxRoundStakeMinor: s.maxRoundStakeMinor,
    };
  }

  roundView(): CardRound {
    const round = this.round;
    if (!round || this.stopped) return { phase: 'PAUSED', gameCode: this.gameCode, ...this.paused };
    const base = {
      gameCode: this.gameCode,
      roundId: round.id,
      number: round.number,
      seedHash: round.seedHash,
    };
    switch (round.phase) {
      case 'BETTING':
      case 'CLOSING':
        return { phase: 'BETTING', ...base, bettingEndsAt: round.bettingEndsAt };
      case 'DEALING':
        return {
          phase: 'DEALING',
          ...base,
          startedAt: round.startedAt ?? round.bettingEndsAt,
          cardMs: round.cardMs,
          cards: round.result.cards.slice(0, round.revealed),
        };
      case 'RESULT':
        return {
          phase: 'RESULT',
          ...base,
          cards: round.result.cards,
          winner: round.result.winner,
          ...(round.result.hands ? { hands: round.result.hands } : {}),
          seed: round.seed,
          nextRoundAt: round.nextRoundAt ?? this.now(),
        };
    }
  }

  recentHistory(): CardHistoryEntry[] {
    return [...this.history];
  }

  /** A player's own bets in the current round (a pending one is answered soon). */
  myBets(provider: string, playerId: string): CardMyBet[] {
    const mine = this.round?.byPlayer.get(playerKey(provider, playerId)) ?? [];
    return mine.filter((bet) => bet.state !== 'PENDING').map(myBetOf);
  }

  /** The current round, for tests. */
  currentRound(): { id: string; number: number; phase: string; result: CardRoundResult } | null {
    const round = this.round;
    return round
      ? { id: round.id, number: round.number, phase: round.phase, result: round.result }
      : null;
  }

  // -------------------------------------------------------------------------------------------
  // The round's life.

  /** Reads the last rounds and the next round number. Call once cut-off rounds were finished. */
  async open(): Promise<void> {
    this.nextNumber = (await lastCardRoundNumber(this.db, this.gameCode)) + 1;
    const rows = await recentCardRounds(this.db, this.gameCode, CARD_HISTORY_LENGTH);
    this.history = rows.map((row) => historyEntryOf(row, this.gameCode));
    this.opened = true;
  }

  /**
   * Opens the next round's betting window with a fresh seed, written before it is published;
   * false when the table is switched off (paused for maintenance).
   */
  async openBetting(): Promise<boolean> {
    await this.refreshSettings();
    const s = this.settings;
    if (!s.enabled) {
      const wasPlaying = this.round !== null;
      this.round = null;
      if (wasPlaying || this.paused.reason !== 'MAINTENANCE') {
        this.paused = { reason: 'MAINTENANCE', message: 'The table is paused for maintenance.' };
        this.emitRound();
      }
      return false;
    }
    const number = this.nextNumber;
    this.nextNumber += 1;
    const seed = this.drawSeed(number);
    const round: TableRound = {
      id: `${this.gameCode}-${number}`,
      number,
      seed,
      seedHash: seedHashOf(seed),
      result: cardRoundFromSeed(this.gameCode, seed, number),
      phase: 'BETTING',
      bettingEndsAt: this.now() + s.bettingMs,
      startedAt: null,
      cardMs: s.cardMs,
      revealed: 0,
      nextRoundAt: null,
      bets: new Map(),
      byPlayer: new Map(),
      pending: new Set(),
      owed: new Set(),
    };
    await insertCardRound(this.db, {
      id: round.id,
      gameCode: this.gameCode,
      number,
      seed,
      seedHash: round.seedHash,
      bettingEndsAt: new Date(round.bettingEndsAt),
    });
    // The window is counted from when it is published.
    round.bettingEndsAt = this.now() + s.bettingMs;
    this.round = round;
    this.emitRound();
    this.catchUp(round.id);
    return true;
  }

  /**
   * Finishes, beside the round in play, the earlier rounds whose credits or rollbacks the
   * wallet did not take (as a restart would), so a wallet outage is caught up without one.
   */
  private catchUp(inPlay: string): void {
    if (!this.owedLeft || this.catchingUp) return;
    this.owedLeft = false;
    this.catchingUp = recoverCardRounds({
      db: this.db,
      wallet: this.wallet,
      gameCode: this.gameCode,
      log: this.log,
      except: inPlay,
      ...(this.retryDelaysMs ? { retryDelaysMs: this.retryDelaysMs } : {}),
    })
      .then((report) => {
        if (report.unfinished > 0) this.owedLeft = true;
      })
      .catch((error: unknown) => {
        this.owedLeft = true;
        this.log.error({ err: error, game: this.gameCode }, 'house games: catching up failed');
      })
      .finally(() => {
        this.catchingUp = null;
      });
  }

  /** Resolves once the earlier rounds being finished beside play are (for tests). */
  async caughtUp(): Promise<void> {
    await this.catchingUp;
  }

  /**
   * Closes the window, waits for the debits still out, writes the placed bets PLACED (all in
   * one statement), and starts dealing.
   */
  async closeBetting(): Promise<void> {
    const round = this.round;
    if (!round || round.phase !== 'BETTING') throw new Error('no round is taking bets');
    round.phase = 'CLOSING';
    while (round.pending.size > 0) await Promise.allSettled([...round.pending]);
    const startedAt = this.now();
    await writePlaced(this.betLog, round.bets.values());
    await moveCardRound(this.db, round.id, 'DEALING', { dealtAt: new Date(startedAt) });
    round.startedAt = startedAt;
    round.cardMs = this.settings.cardMs;
    round.phase = 'DEALING';
    this.emitRound();
    this.revealDue();
  }

  /**
   * Reveals every card whose time has come (card p at `startedAt + p × cardMs`); answers
   * whether all are out.
   */
  revealDue(): boolean {
    const round = this.round;
    if (!round || round.phase !== 'DEALING' || round.startedAt === null) return false;
    const due = Math.min(
      round.result.cards.length,
      Math.floor((this.now() - round.startedAt) / round.cardMs) + 1,
    );
    while (round.revealed < due) this.revealNext(round);
    return round.revealed >= round.result.cards.length;
  }

  private revealNext(round: TableRound): void {
    const card = round.result.cards[round.revealed];
    if (!card) return;
    round.revealed += 1;
    this.emit({
      type: 'card',
      gameCode: this.gameCode,
      roundId: round.id,
      serverTime: this.now(),
      card,
    });
  }

  /**
   * The result: every card out, the outcome written and the seed revealed, each placed bet
   * decided by the rule table and paid. Once per round: a second call does nothing.
   */
  decide(): void {
    const round = this.round;
    if (!round || round.phase !== 'DEALING') return;
    while (round.revealed < round.result.cards.length) this.revealNext(round);
    round.phase = 'RESULT';
    round.nextRoundAt = this.now() + this.settings.pauseMs;
    const { winner } = round.result;
    const byPlayer = new Map<string, TableBet[]>();
    for (const bet of round.bets.values()) {
      if (bet.state !== 'PLACED') continue;
      const rule = cardBetRule(this.gameCode, bet.betKind);
      if (!rule) throw new Error(`no rule for ${bet.betKind} in ${this.gameCode}`);
      bet.outcome = cardBetOutcome(rule, winner);
      bet.returnMinor = cardBetReturnMinor(rule, winner, bet.amountMinor);
      bet.state = bet.returnMinor > 0 ? 'WON' : 'LOST';
      const key = playerKey(bet.provider, bet.playerId);
      const mine = byPlayer.get(key);
      if (mine) mine.push(bet);
      else byPlayer.set(key, [bet]);
    }
    this.history.unshift({
      gameCode: this.gameCode,
      roundId: round.id,
      number: round.number,
      winner,
      cards: round.result.cards,
      ...(round.result.hands ? { hands: round.result.hands } : {}),
      seedHash: round.seedHash,
      seed: round.seed,
      endedAt: this.now(),
    });
    this.history.length = Math.min(this.history.length, CARD_HISTORY_LENGTH);
    this.emitRound();
    // The outcome is written first: a restart then decides every bet still PLACED the same way.
    const written = moveCardRound(this.db, round.id, 'RESULT', {
      outcome: { winner, cards: round.result.cards },
    });
    this.owe(round, written);
    for (const bets of byPlayer.values()) {
      this.owe(
        round,
        written.then(() => this.pay(round, bets)),
      );
    }
  }

  /** Writes a player's decided bets, sends their credits, then tells the player. */
  private async pay(round: TableRound, bets: TableBet[]): Promise<void> {
    let balanceMinor: number | null = null;
    await Promise.all(
      bets.map(async (bet) => {
        const decided = await this.writes.move({
          id: bet.id,
          to: bet.state,
          decision: { outcome: bet.outcome ?? 'LOST', returnMinor: bet.returnMinor ?? 0 },
        });
        if (!decided) return;
        const answer = await this.callbacks.settle(
          bet,
          bet.state === 'WON' ? 'WON' : 'LOST',
          bet.returnMinor ?? 0,
        );
        if (answer.status !== 'UNAVAILABLE' && answer.balanceMinor !== undefined) {
          // Credits only add: the highest balance answered is the one after them all.
          balanceMinor = Math.max(balanceMinor ?? answer.balanceMinor, answer.balanceMinor);
        }
      }),
    );
    const [first] = bets;
    if (!first || balanceMinor === null) return;
    this.toPlayer(first, {
      type: 'settled',
      gameCode: this.gameCode,
      roundId: round.id,
      winner: round.result.winner,
      bets: bets.map(myBetOf),
      returnMinor: bets.reduce((sum, bet) => sum + (bet.returnMinor ?? 0), 0),
      balanceMinor,
    });
  }

  /**
   * Resolves when every callback of the current round is answered, writes its bets' final
   * states, and marks it settled.
   */
  async settle(): Promise<void> {
    const round = this.round;
    if (!round || round.phase !== 'RESULT') return;
    while (round.owed.size > 0) await Promise.allSettled([...round.owed]);
    await this.writeFinals();
    const settled = await moveCardRound(this.db, round.id, 'SETTLED', { unlessBetsOpen: true });
    // Not settled: a credit went unanswered (or a repeat came after the first settled it).
    if (!settled && (await readCardRound(this.db, round.id))?.status !== 'SETTLED') {
      this.owedLeft = true;
    }
  }

  running(): boolean {
    return this.loop !== null;
  }

  /** Plays rounds until `stop()`, or until `keepGoing` says no one is left after a round. */
  run(keepGoing: () => boolean = () => true): void {
    if (this.loop || this.stopped) return;
    this.loop = this.runLoop(keepGoing)
      .catch((error: unknown) => {
        this.log.error({ err: error, game: this.gameCode }, 'house games: a card table stopped');
        this.round = null;
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
          await this.closeBetting();
          await this.dealCards();
          // Stopped while dealing: the round is left as it is (the next start completes it).
          if (!this.stopped) this.decide();
        },
        settle: () => this.settle(),
      },
      { timers: this.timers, now: this.now, recheckMs: CARD_PAUSED_RECHECK_MS },
      keepGoing,
    );
  }

  /** Reveals the cards on their times; resolves when the last is out (or the table stops). */
  private dealCards(): Promise<void> {
    return new Promise((resolve) => {
      const step = () => {
        const round = this.round;
        if (this.stopped || !round || round.startedAt === null) return resolve();
        if (this.revealDue()) return resolve();
        const nextAt = round.startedAt + round.revealed * round.cardMs;
        this.timers.later(Math.max(0, nextAt - this.now()), step);
      };
      step();
    });
  }

  /**
   * Stops after what is in hand: a round taking bets or dealing is left as it is (the next
   * start refunds or completes it from the log). Resolves when the loop has ended.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.paused = { reason: 'STOPPING', message: 'The table is closing for a moment.' };
    this.timers.endAll();
    this.emitRound();
    await this.loop?.catch(() => undefined);
    const round = this.round;
    if (round) await Promise.allSettled([...round.pending, ...round.owed]);
    await this.writeFinals();
    await this.catchingUp;
  }

  /**
   * Writes the final states of the bets whose credits were taken (see writeHeldFinals); a round
   * left open by a failure is caught up later.
   */
  private async writeFinals(): Promise<void> {
    await writeHeldFinals(this.callbacks, this.log, this.gameCode);
  }

  // -------------------------------------------------------------------------------------------
  // The players' bets.

  /** A bet in the betting window: the table's limits, then the debit's answer, decide it. */
  async placeBet(
    player: CardPlayer,
    request: { betKind: CardBetKind; amountMinor: number },
  ): Promise<CardBetAnswer> {
    const round = this.round;
    if (this.stopped || !round) return refused('TABLE_PAUSED');
    if (round.phase !== 'BETTING' || this.now() >= round.bettingEndsAt) {
      return refused('BETTING_CLOSED');
    }
    const rule = cardBetRule(this.gameCode, request.betKind);
    const s = this.settings;
    const limits = s.limits[request.betKind];
    if (!rule || !limits) return refused('UNKNOWN_BET');
    if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor < limits.minBetMinor) {
      return refused('BELOW_MIN_BET');
    }
    const key = playerKey(player.provider, player.playerId);
    const mine = (round.byPlayer.get(key) ?? []).filter(counts);
    if (rule.opposite && mine.some((bet) => bet.betKind === rule.opposite)) {
      return refused('OPPOSITE_SIDE');
    }
    const onKind = mine
      .filter((bet) => bet.betKind === request.betKind)
      .reduce((sum, bet) => sum + bet.amountMinor, 0);
    if (onKind + request.amountMinor > limits.maxBetMinor) return refused('ABOVE_MAX_BET');
    const inRound = mine.reduce((sum, bet) => sum + bet.amountMinor, 0);
    if (inRound + request.amountMinor > s.maxRoundStakeMinor) return refused('ABOVE_ROUND_MAX');

    // Counted from here, before anything is awaited: a bet racing this one sees it.
    const bet: TableBet = {
      id: `${round.id}.${request.betKind.toLowerCase()}${randomBytes(5).toString('hex')}`,
      roundId: round.id,
      provider: player.provider,
      playerId: player.playerId,
      token: player.token,
      currency: player.currency,
      betKind: request.betKind,
      amountMinor: request.amountMinor,
      state: 'PENDING',
      outcome: null,
      returnMinor: null,
    };
    round.bets.set(bet.id, bet);
    const list = round.byPlayer.get(key);
    if (list) list.push(bet);
    else round.byPlayer.set(key, [bet]);
    return whilePending(round.pending, this.debit(round, bet));
  }

  private async debit(round: TableRound, bet: TableBet): Promise<CardBetAnswer> {
    const free = () => {
      round.bets.delete(bet.id);
      const key = playerKey(bet.provider, bet.playerId);
      const left = (round.byPlayer.get(key) ?? []).filter((other) => other !== bet);
      if (left.length > 0) round.byPlayer.set(key, left);
      else round.byPlayer.delete(key);
    };
    const debited = await recordAndDebit(bet, {
      record: () => this.writes.record({ ...newBetOf(bet), betKind: bet.betKind }),
      callbacks: this.callbacks,
      writes: this.writes,
      free,
      owe: (work) => this.owe(round, work),
      log: this.log,
    });
    if (!debited.ok) {
      if (debited.code === 'NOT_RECORDED') {
        return refused('WALLET_UNAVAILABLE', 'The bet could not be recorded. Try again.');
      }
      return { ...debited, message: debited.message ?? CARD_REFUSALS[debited.code] };
    }
    return { ok: true, bet: myBetOf(bet), balanceMinor: debited.balanceMinor };
  }

  private owe(round: TableRound, work: Promise<unknown>): void {
    owe(round.owed, work, (error) =>
      this.log.error({ err: error, round: round.id }, 'house games: a card bet was not finished'),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Messages.

  private emit(message: CardServerMessage): void {
    this.listeners.broadcast(message);
  }

  private emitRound(): void {
    this.emit({
      type: 'round',
      gameCode: this.gameCode,
      serverTime: this.now(),
      round: this.roundView(),
    });
  }

  private toPlayer(bet: TableBet, message: CardServerMessage): void {
    this.listeners.toPlayer(bet, message);
  }
}
