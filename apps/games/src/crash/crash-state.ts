/**
 * What the crash game's page knows, as one value changed only by events: the server's messages,
 * the connection's changes and the page's own requests. Pure, so every rule of the page (what a
 * slot shows, when a bet for the next round goes, what a reconnect restores) is tested without
 * a socket or a browser.
 */
import type {
  CrashFairness,
  CrashHistoryEntry,
  CrashLiveBet,
  CrashMyBet,
  CrashRefusalCode,
  CrashRound,
  CrashServerMessage,
  CrashSlot,
  CrashTable,
} from '@backlay/contract/house-games';
import type { SocketStatus } from '../shared/reconnecting-socket';
import type { StudioState } from '../shared/studio-client';
import { HISTORY_LENGTH } from './contract-values';

export type RequestKind = 'bet' | 'cancelBet' | 'cashOut';

export interface SlotState {
  /** The slot's bet in the current round (or, until the next betting window, the last one's). */
  bet: CrashMyBet | null;
  /** A request sent and not answered yet. */
  pending: { requestId: string; kind: RequestKind } | null;
  /** A bet the player made outside a betting window: it goes when the next one opens. */
  queued: { amountMinor: number; autoCashOutCenti: number | null } | null;
}

/** What the page tells the player about their last move. */
export type Notice =
  | {
      kind: 'refused';
      slot: CrashSlot | null;
      code: CrashRefusalCode;
      message: string;
      balanceMinor: number | null;
    }
  | {
      kind: 'cashedOut';
      slot: CrashSlot;
      multiplierCenti: number;
      winMinor: number;
      reason: 'MANUAL' | 'AUTO' | 'MAX_WIN';
    };

export interface CrashState extends StudioState<CrashRefusalCode> {
  table: CrashTable | null;
  fairness: CrashFairness | null;
  round: CrashRound | null;
  /** The last rounds, newest first. */
  history: CrashHistoryEntry[];
  /** The live list of the round `betsRoundId`. */
  bets: CrashLiveBet[];
  betsRoundId: string | null;
  /** How many bets the round has in all (the live list holds only its biggest). */
  betCount: number;
  slots: Record<CrashSlot, SlotState>;
  notice: Notice | null;
}

export type CrashEvent =
  | CrashServerMessage
  | { type: 'connection'; status: SocketStatus }
  | { type: 'sent'; slot: CrashSlot; kind: RequestKind; requestId: string }
  | { type: 'unanswered'; slot: CrashSlot; requestId: string }
  | {
      type: 'queue';
      slot: CrashSlot;
      amountMinor: number;
      autoCashOutCenti: number | null;
    }
  | { type: 'unqueue'; slot: CrashSlot }
  | { type: 'dismiss' };

const EMPTY_SLOT: SlotState = { bet: null, pending: null, queued: null };

export const INITIAL_CRASH_STATE: CrashState = {
  connection: 'connecting',
  joined: false,
  table: null,
  fairness: null,
  round: null,
  history: [],
  bets: [],
  betsRoundId: null,
  betCount: 0,
  slots: { 1: EMPTY_SLOT, 2: EMPTY_SLOT },
  balanceMinor: null,
  notice: null,
  fatal: null,
};

function roundIdOf(round: CrashRound | null): string | null {
  return round && round.phase !== 'PAUSED' ? round.roundId : null;
}

function withSlot(state: CrashState, slot: CrashSlot, change: Partial<SlotState>): CrashState {
  return { ...state, slots: { ...state.slots, [slot]: { ...state.slots[slot], ...change } } };
}

/** The slot's pending request cleared when `requestId` (or, with none, any of `kind`) answers it. */
function answered(
  slot: SlotState,
  requestId: string | undefined,
  kind: RequestKind,
): SlotState['pending'] {
  const pending = slot.pending;
  if (!pending) return null;
  if (requestId !== undefined ? pending.requestId === requestId : pending.kind === kind) {
    return null;
  }
  return pending;
}

/**
 * The live list with the player's own bets marked. The list's changes go to every player alike,
 * so the page marks its own by the bets the studio accepted from it.
 */
function markMine(state: CrashState): CrashState {
  const mine = new Set([state.slots[1].bet?.betId, state.slots[2].bet?.betId]);
  if (!state.bets.some((bet) => !bet.mine && mine.has(bet.betId))) return state;
  return {
    ...state,
    bets: state.bets.map((bet) => (mine.has(bet.betId) ? { ...bet, mine: true } : bet)),
  };
}

function mergeBets(bets: CrashLiveBet[], placed: CrashLiveBet[]): CrashLiveBet[] {
  const known = new Set(bets.map((bet) => bet.betId));
  return [...bets, ...placed.filter((bet) => !known.has(bet.betId))];
}

/** The history with a round that just crashed at its head (once). */
function recordCrash(history: CrashHistoryEntry[], round: CrashRound): CrashHistoryEntry[] {
  if (round.phase !== 'CRASHED' || history.some((entry) => entry.roundId === round.roundId)) {
    return history;
  }
  const entry: CrashHistoryEntry = {
    roundId: round.roundId,
    chainId: round.chainId,
    number: round.number,
    crashPointCenti: round.crashPointCenti,
    hash: round.hash,
    crashedAt: round.crashedAt,
  };
  return [entry, ...history].slice(0, HISTORY_LENGTH);
}

export function crashReducer(state: CrashState, event: CrashEvent): CrashState {
  switch (event.type) {
    case 'connection':
      // Requests in flight on a dropped connection are answered by the next welcome's state.
      return {
        ...state,
        connection: event.status,
        joined: event.status === 'open' ? state.joined : false,
      };
    case 'welcome': {
      const roundId = roundIdOf(event.round);
      const slots = { ...state.slots };
      for (const slot of [1, 2] as const) {
        const bet = event.myBets.find((mine) => mine.slot === slot && mine.roundId === roundId);
        slots[slot] = { bet: bet ?? null, pending: null, queued: state.slots[slot].queued };
      }
      return {
        ...state,
        joined: true,
        table: event.table,
        fairness: event.fairness,
        round: event.round,
        history: event.history.slice(0, HISTORY_LENGTH),
        bets: event.bets,
        betsRoundId: roundId,
        betCount: event.totals?.bets ?? event.bets.length,
        slots,
        balanceMinor: event.balanceMinor,
        fatal: null,
      };
    }
    case 'round': {
      const round = event.round;
      const next: CrashState = { ...state, round, history: recordCrash(state.history, round) };
      if (round.phase !== 'BETTING' || roundIdOf(state.round) === round.roundId) return next;
      // A new round: last round's bets are over, and its live list with them.
      return {
        ...next,
        bets: [],
        betsRoundId: round.roundId,
        betCount: 0,
        slots: {
          1: { ...state.slots[1], bet: null },
          2: { ...state.slots[2], bet: null },
        },
      };
    }
    case 'chain':
      return { ...state, fairness: event.fairness };
    case 'betAccepted': {
      const slot = state.slots[event.bet.slot];
      return markMine({
        ...withSlot(state, event.bet.slot, {
          bet: event.bet,
          pending: answered(slot, event.requestId, 'bet'),
        }),
        balanceMinor: event.balanceMinor,
      });
    }
    case 'betRefused': {
      const slot = state.slots[event.slot];
      return {
        ...withSlot(state, event.slot, { pending: answered(slot, event.requestId, 'bet') }),
        balanceMinor: event.balanceMinor ?? state.balanceMinor,
        notice: {
          kind: 'refused',
          slot: event.slot,
          code: event.code,
          message: event.message,
          balanceMinor: event.balanceMinor ?? null,
        },
      };
    }
    case 'betCancelled': {
      const slot = state.slots[event.bet.slot];
      return {
        ...withSlot(state, event.bet.slot, {
          bet: null,
          pending: answered(slot, event.requestId, 'cancelBet'),
        }),
        balanceMinor: event.balanceMinor,
      };
    }
    case 'cashedOut': {
      const slot = state.slots[event.bet.slot];
      return {
        ...withSlot(state, event.bet.slot, {
          bet: event.bet,
          pending: answered(slot, event.requestId, 'cashOut'),
        }),
        notice: {
          kind: 'cashedOut',
          slot: event.bet.slot,
          multiplierCenti: event.multiplierCenti,
          winMinor: event.winMinor,
          reason: event.reason,
        },
      };
    }
    case 'refused': {
      const slot = state.slots[event.slot];
      return {
        ...withSlot(state, event.slot, { pending: answered(slot, event.requestId, event.request) }),
        notice: {
          kind: 'refused',
          slot: event.slot,
          code: event.code,
          message: event.message,
          balanceMinor: null,
        },
      };
    }
    case 'betLost': {
      if (state.slots[event.bet.slot].bet?.betId !== event.bet.betId) return state;
      return withSlot(state, event.bet.slot, { bet: event.bet, pending: null });
    }
    case 'balance':
      return { ...state, balanceMinor: event.balanceMinor };
    case 'bets': {
      const fresh = state.betsRoundId !== event.roundId;
      const cancelled = new Set(event.cancelled);
      const cashed = new Map(event.cashedOut.map((c) => [c.betId, c]));
      const bets = mergeBets(fresh ? [] : state.bets, event.placed)
        .filter((bet) => !cancelled.has(bet.betId))
        .map((bet) => {
          const cash = cashed.get(bet.betId);
          return cash
            ? { ...bet, cashedOutCenti: cash.cashedOutCenti, winMinor: cash.winMinor }
            : bet;
        });
      return markMine({
        ...state,
        bets,
        betsRoundId: event.roundId,
        // A server without the round's totals sends every bet: the list is the count.
        betCount: event.totals?.bets ?? bets.length,
      });
    }
    case 'error':
      if (event.fatal) return { ...state, fatal: { code: event.code, message: event.message } };
      return {
        ...state,
        notice: {
          kind: 'refused',
          slot: null,
          code: event.code,
          message: event.message,
          balanceMinor: null,
        },
      };
    case 'sent':
      return withSlot(state, event.slot, {
        pending: { requestId: event.requestId, kind: event.kind },
        ...(event.kind === 'bet' ? { queued: null } : {}),
      });
    case 'unanswered': {
      const pending = state.slots[event.slot].pending;
      if (pending?.requestId !== event.requestId) return state;
      return withSlot(state, event.slot, { pending: null });
    }
    case 'queue':
      return withSlot(state, event.slot, {
        queued: { amountMinor: event.amountMinor, autoCashOutCenti: event.autoCashOutCenti },
      });
    case 'unqueue':
      return withSlot(state, event.slot, { queued: null });
    case 'dismiss':
      return { ...state, notice: null };
    case 'tick':
    case 'pong':
      // The multiplier is drawn from the clock, and the clock takes these directly.
      return state;
  }
}

/** What a slot's button does now. */
export type SlotAction =
  | { kind: 'bet' }
  | { kind: 'queued' }
  | { kind: 'cancel' }
  | { kind: 'cashOut'; bet: CrashMyBet }
  | { kind: 'waiting' };

/**
 * A slot's one button: bet (or queue one for the next round), cancel a bet while the window is
 * open or a queued one, cash out while the round runs, or wait for an answer.
 */
export function slotAction(state: CrashState, slot: CrashSlot): SlotAction {
  const { bet, pending, queued } = state.slots[slot];
  if (pending) return { kind: 'waiting' };
  if (queued) return { kind: 'queued' };
  const phase = state.round?.phase;
  if (bet?.state === 'PLACED') {
    if (phase === 'BETTING') return { kind: 'cancel' };
    if (phase === 'RUNNING') return { kind: 'cashOut', bet };
    return { kind: 'waiting' };
  }
  return { kind: 'bet' };
}
