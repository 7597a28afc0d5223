/**
 * The bet plumbing every studio table shares (the crash table and the card tables), so each
 * says only what is its own game:
 *
 * - `BetWrites`: a table's round-log writes in groups: the bets recorded in the same moment go
 *   in one INSERT, the decisions of one kind in one UPDATE (`batch-queue.ts`);
 * - `debitBet`: a recorded bet's debit, and how its answer decides the bet (placed, refused, or
 *   given back at once when the answer is unclear);
 * - `owe`: the round's credits and rollbacks still out, so the round settles once none is;
 * - `TableListeners` and `TableTimers`: where the table's messages go, and its waits that a stop
 *   ends at once.
 */
import type { CasinoWalletErrorCode } from '@backlay/contract/casino-wallet';
import { BatchQueue } from './batch-queue';
import type { BetCallbacks, CallbackBet } from './bet-callbacks';
import { exactNumber, type BetStatus } from './round-log';

/** A game's round-log writes of its bets (its own table and decision columns). */
export interface BetLog<NewBet extends { id: string }, Decision> {
  /** Records bets as PENDING; answers the ids stored. */
  insert(bets: readonly NewBet[]): Promise<Set<string>>;
  /** Moves bets to `to` where the bet's table of moves allows it; answers the ids that moved. */
  move(to: BetStatus, bets: readonly { id: string; decision?: Decision }[]): Promise<Set<string>>;
}

/** A table's bet writes, grouped: many bets a statement under load, each alone at once when quiet. */
export class BetWrites<NewBet extends { id: string }, Decision> {
  private readonly inserts: BatchQueue<NewBet, boolean>;
  private readonly moves: BatchQueue<{ id: string; to: BetStatus; decision?: Decision }, boolean>;

  constructor(log: BetLog<NewBet, Decision>) {
    this.inserts = new BatchQueue(async (bets) => {
      const stored = await log.insert(bets);
      return bets.map((b) => stored.has(b.id));
    });
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
    });
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

/** The states a table holds a bet in while its round is in play. */
export type TableBetState = 'PENDING' | 'PLACED' | 'WON' | 'LOST' | 'REFUNDING';

/** What every table keeps of a bet. */
export interface StudioBet extends CallbackBet {
  roundId: string;
  playerId: string;
  state: TableBetState;
}

/** A bet's row as both round logs read it: what its callbacks need. */
export interface LoggedBet {
  id: string;
  provider: string;
  player_token: string;
  currency: string;
  amount_minor: string | number;
  status: BetStatus;
}

/** A logged bet as its callbacks send it. */
export function callbackBetOf(row: LoggedBet): CallbackBet {
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
  /** `message`: the wallet's own words, where the game has none for the refusal. */
  | { ok: false; code: DebitRefusalCode; message?: string; balanceMinor?: number };

const debitRefusal = (code: CasinoWalletErrorCode): DebitRefusalCode =>
  (DEBIT_REFUSALS as Partial<Record<CasinoWalletErrorCode, DebitRefusalCode>>)[code] ??
  'WALLET_UNAVAILABLE';

/**
 * Sends a recorded bet's debit and decides the bet by its answer: OK places it (PLACED written,
 * then the bet is PLACED at the table); a clear refusal refuses it (nothing moved at the wallet);
 * no clear answer gives it back at once (the debit may have been taken: its rollback, under the
 * bet's fixed ids, is owed, and the wallet refuses the debit should it arrive late). `free` takes
 * a bet that does not stand off the table.
 */
export async function debitBet(
  bet: StudioBet,
  table: {
    callbacks: BetCallbacks;
    writes: Pick<BetWrites<{ id: string }, { refusal?: string }>, 'move'>;
    free: () => void;
    owe: (work: Promise<unknown>) => void;
  },
): Promise<DebitAnswer> {
  const answer = await table.callbacks.debit(bet);
  if (answer.status === 'OK') {
    await table.writes.move({ id: bet.id, to: 'PLACED' });
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
