/**
 * What a card table's page knows, as one value changed only by events: the server's messages,
 * the connection's changes and the page's own requests. Pure, so every rule of the page (what a
 * spot shows, which bet the page may send, what a reconnect restores, what a round paid) is
 * tested without a socket or a browser.
 */
import type {
  CardBetKind,
  CardHistoryEntry,
  CardMyBet,
  CardRefusalCode,
  CardRound,
  CardServerMessage,
  CardTable,
  CardWinner,
  DealtCardMessage,
} from '@backlay/contract/card-games';
import type { SocketStatus } from '../shared/reconnecting-socket';
import type { StudioState } from '../shared/studio-client';
import { HISTORY_LENGTH } from './contract-values';
import type { TableRule } from './protocol';

/** A bet sent and not answered yet: its stake shows on its spot meanwhile. */
export interface PendingBet {
  requestId: string;
  betKind: CardBetKind;
  amountMinor: number;
}

/** A bet as the player last placed it, to place again in a later round. */
export interface BetChoice {
  betKind: CardBetKind;
  amountMinor: number;
}

/** The player's part of a finished round: their bets as settled and what they returned. */
export interface RoundOutcome {
  roundId: string;
  winner: CardWinner | null;
  bets: CardMyBet[];
  stakeMinor: number;
  /** Every bet's return together, stake included. */
  returnMinor: number;
}

export type Notice = {
  kind: 'refused';
  code: CardRefusalCode;
  message: string;
  balanceMinor: number | null;
};

export interface CardTableState extends StudioState<CardRefusalCode> {
  table: CardTable | null;
  /** The rule table the server pays from (the page draws payouts and edges from it only). */
  rules: TableRule[];
  round: CardRound | null;
  /** The last rounds, newest first. */
  history: CardHistoryEntry[];
  /** The player's bets in the round `betsRoundId`. */
  myBets: CardMyBet[];
  betsRoundId: string | null;
  pending: PendingBet[];
  /** The bets of the player's last round with bets, for "bet again". */
  lastBets: BetChoice[];
  /** The player's outcome of the round just finished (until the next betting window). */
  outcome: RoundOutcome | null;
  notice: Notice | null;
}

export type CardTableEvent =
  | CardServerMessage
  | { type: 'connection'; status: SocketStatus }
  | { type: 'sent'; requestId: string; betKind: CardBetKind; amountMinor: number }
  | { type: 'unanswered'; requestId: string }
  /** A bet the page did not send, for the reason the server would have given. */
  | { type: 'declined'; code: CardRefusalCode }
  | { type: 'dismiss' };

export const INITIAL_CARD_STATE: CardTableState = {
  connection: 'connecting',
  joined: false,
  table: null,
  rules: [],
  round: null,
  history: [],
  myBets: [],
  betsRoundId: null,
  pending: [],
  lastBets: [],
  outcome: null,
  balanceMinor: null,
  notice: null,
  fatal: null,
};

/** The round's id, or null while the table is paused. */
export function roundIdOf(round: CardRound | null): string | null {
  return round && round.phase !== 'PAUSED' ? round.roundId : null;
}

/** The cards of a round dealt so far, in the order of reveal. */
export function cardsOf(round: CardRound | null): DealtCardMessage[] {
  return round && (round.phase === 'DEALING' || round.phase === 'RESULT') ? round.cards : [];
}

/** Cards with one more, each position once, in the order of reveal. */
function withCard(cards: DealtCardMessage[], card: DealtCardMessage): DealtCardMessage[] {
  if (cards.some((known) => known.position === card.position)) return cards;
  return [...cards, card].sort((a, b) => a.position - b.position);
}

/** The history with a round that just ended at its head (once). */
function recordResult(
  history: CardHistoryEntry[],
  round: CardRound,
  endedAt: number,
): CardHistoryEntry[] {
  if (round.phase !== 'RESULT' || history.some((entry) => entry.roundId === round.roundId)) {
    return history;
  }
  const entry: CardHistoryEntry = {
    gameCode: round.gameCode,
    roundId: round.roundId,
    number: round.number,
    winner: round.winner,
    cards: round.cards,
    ...(round.hands ? { hands: round.hands } : {}),
    seedHash: round.seedHash,
    seed: round.seed,
    endedAt,
  };
  return [entry, ...history].slice(0, HISTORY_LENGTH);
}

const stakeOf = (bets: readonly { amountMinor: number }[]) =>
  bets.reduce((total, bet) => total + bet.amountMinor, 0);

/** The bets of a round as choices to place again: one per kind, its stakes together. */
function choicesOf(bets: CardMyBet[]): BetChoice[] {
  const byKind = new Map<CardBetKind, number>();
  for (const bet of bets) {
    if (bet.state === 'REFUNDED') continue;
    byKind.set(bet.betKind, (byKind.get(bet.betKind) ?? 0) + bet.amountMinor);
  }
  return [...byKind].map(([betKind, amountMinor]) => ({ betKind, amountMinor }));
}

/** The player's outcome from bets that are all settled, or null while any is still placed. */
function outcomeOf(
  roundId: string,
  winner: CardWinner | null,
  bets: CardMyBet[],
): RoundOutcome | null {
  if (bets.length === 0 || bets.some((bet) => bet.state === 'PLACED')) return null;
  return {
    roundId,
    winner,
    bets,
    stakeMinor: stakeOf(bets),
    returnMinor: bets.reduce((total, bet) => total + (bet.returnMinor ?? 0), 0),
  };
}

export function cardTableReducer(state: CardTableState, event: CardTableEvent): CardTableState {
  switch (event.type) {
    case 'connection':
      // Requests in flight on a dropped connection are answered by the next welcome's bets.
      return {
        ...state,
        connection: event.status,
        joined: event.status === 'open' ? state.joined : false,
      };
    case 'welcome': {
      const roundId = roundIdOf(event.round);
      const myBets = event.myBets.filter((bet) => bet.roundId === roundId);
      const winner = event.round.phase === 'RESULT' ? event.round.winner : null;
      return {
        ...state,
        joined: true,
        table: event.table,
        rules: event.rules,
        round: event.round,
        history: event.history.slice(0, HISTORY_LENGTH),
        myBets,
        betsRoundId: roundId,
        pending: [],
        lastBets: myBets.length > 0 ? choicesOf(myBets) : state.lastBets,
        outcome:
          roundId && event.round.phase === 'RESULT' ? outcomeOf(roundId, winner, myBets) : null,
        balanceMinor: event.balanceMinor,
        fatal: null,
      };
    }
    case 'round': {
      const round = event.round;
      const history = recordResult(state.history, round, event.serverTime);
      const roundId = roundIdOf(round);
      if (round.phase !== 'BETTING' || roundId === state.betsRoundId) {
        return { ...state, round, history };
      }
      // A new round: the last one's bets become the ones to place again, its outcome goes.
      return {
        ...state,
        round,
        history,
        myBets: [],
        betsRoundId: roundId,
        pending: [],
        lastBets: state.myBets.length > 0 ? choicesOf(state.myBets) : state.lastBets,
        outcome: null,
      };
    }
    case 'card': {
      const round = state.round;
      if (round?.phase !== 'DEALING' || round.roundId !== event.roundId) return state;
      const cards = withCard(round.cards, event.card);
      return cards === round.cards ? state : { ...state, round: { ...round, cards } };
    }
    case 'betAccepted': {
      const bet = event.bet;
      const known = state.myBets.some((mine) => mine.betId === bet.betId);
      const sameRound = state.betsRoundId === null || bet.roundId === state.betsRoundId;
      return {
        ...state,
        myBets: known || !sameRound ? state.myBets : [...state.myBets, bet],
        betsRoundId: state.betsRoundId ?? bet.roundId,
        pending: state.pending.filter((p) => p.requestId !== event.requestId),
        balanceMinor: event.balanceMinor,
      };
    }
    case 'refused':
      return {
        ...state,
        pending: state.pending.filter((p) => p.requestId !== event.requestId),
        balanceMinor: event.balanceMinor ?? state.balanceMinor,
        notice: {
          kind: 'refused',
          code: event.code,
          message: event.message,
          balanceMinor: event.balanceMinor ?? null,
        },
      };
    case 'settled': {
      if (event.roundId !== state.betsRoundId)
        return { ...state, balanceMinor: event.balanceMinor };
      return {
        ...state,
        myBets: event.bets,
        balanceMinor: event.balanceMinor,
        outcome: {
          roundId: event.roundId,
          winner: event.winner,
          bets: event.bets,
          stakeMinor: stakeOf(event.bets),
          returnMinor: event.returnMinor,
        },
      };
    }
    case 'balance':
      return { ...state, balanceMinor: event.balanceMinor };
    case 'error':
      if (event.fatal) return { ...state, fatal: { code: event.code, message: event.message } };
      return {
        ...state,
        notice: { kind: 'refused', code: event.code, message: event.message, balanceMinor: null },
      };
    case 'sent':
      return {
        ...state,
        pending: [
          ...state.pending,
          { requestId: event.requestId, betKind: event.betKind, amountMinor: event.amountMinor },
        ],
      };
    case 'unanswered':
      if (!state.pending.some((p) => p.requestId === event.requestId)) return state;
      return { ...state, pending: state.pending.filter((p) => p.requestId !== event.requestId) };
    case 'declined':
      return {
        ...state,
        notice: {
          kind: 'refused',
          code: event.code,
          message: '',
          balanceMinor: event.code === 'INSUFFICIENT_FUNDS' ? state.balanceMinor : null,
        },
      };
    case 'dismiss':
      return state.notice ? { ...state, notice: null } : state;
    case 'pong':
      // The clock takes these directly.
      return state;
  }
}

/** The player's stake on a bet kind this round: accepted bets and those still on their way. */
export function stakeOn(state: CardTableState, kind: CardBetKind): number {
  return (
    stakeOf(state.myBets.filter((bet) => bet.betKind === kind && bet.state !== 'REFUNDED')) +
    stakeOf(state.pending.filter((bet) => bet.betKind === kind))
  );
}

/** Why the page would not send a bet now (a refusal code the server would answer), or null. */
export function betRefusal(
  state: CardTableState,
  kind: CardBetKind,
  amountMinor: number,
): CardRefusalCode | null {
  const { table, round } = state;
  if (!state.joined || !table) return 'NOT_JOINED';
  if (round?.phase === 'PAUSED') return 'TABLE_PAUSED';
  if (round?.phase !== 'BETTING') return 'BETTING_CLOSED';
  const rule = state.rules.find((r) => r.kind === kind);
  const limit = table.limits[kind];
  if (!rule || !limit) return 'UNKNOWN_BET';
  if (rule.opposite && stakeOn(state, rule.opposite) > 0) return 'OPPOSITE_SIDE';
  if (amountMinor < limit.minBetMinor) return 'BELOW_MIN_BET';
  if (stakeOn(state, kind) + amountMinor > limit.maxBetMinor) return 'ABOVE_MAX_BET';
  const roundStake = state.rules.reduce((total, r) => total + stakeOn(state, r.kind), 0);
  if (roundStake + amountMinor > table.maxRoundStakeMinor) return 'ABOVE_ROUND_MAX';
  const inFlight = stakeOf(state.pending);
  if (state.balanceMinor !== null && inFlight + amountMinor > state.balanceMinor) {
    return 'INSUFFICIENT_FUNDS';
  }
  return null;
}
