/**
 * The card tables' side of the studio's protocol (`packages/contract/src/card-games.ts`): the
 * server's messages read with the small wire readers (see `shared/wire.ts` for why not zod),
 * each reader typed by the contract's type, so the two cannot drift apart silently.
 */
import type {
  CardHistoryEntry,
  CardMyBet,
  CardRefusalCode,
  CardRound,
  CardRoundsAnswer,
  CardServerMessage,
  CardTable,
  CardWelcome,
  DealtCardMessage,
} from '@backlay/contract/card-games';
import {
  array,
  bool,
  byTag,
  int,
  matching,
  nullable,
  num,
  object,
  oneOf,
  optional,
  readOrNull,
  reject,
  str,
  type Reader,
} from '../shared/wire';
import {
  BET_KIND_LIST,
  BET_STATE_LIST,
  CARD_PATTERN,
  GAME_CODE_LIST,
  HAND_LIST,
  PAUSE_REASON_LIST,
  SEED_PATTERN,
  SIDE_LIST,
  WINNER_LIST,
} from './contract-values';

const gameCode = oneOf(...GAME_CODE_LIST);
const betKind = oneOf(...BET_KIND_LIST);
const winner = oneOf(...WINNER_LIST);
const seed = matching(SEED_PATTERN);
const hands = object({ A: oneOf(...HAND_LIST), B: oneOf(...HAND_LIST) });
/**
 * A refusal's code. A newer server may refuse with a code this page does not know yet (the
 * protocol only ever adds): the message is still read, and the page says the server's sentence.
 */
const refusalCode = str as Reader<CardRefusalCode>;

const limits: Reader<CardTable['limits']> = (value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return reject();
  const read = object({ minBetMinor: int, maxBetMinor: int });
  const out: CardTable['limits'] = {};
  for (const [kind, limit] of Object.entries(value)) {
    // A bet kind this page does not know is a newer game's: left out.
    if ((BET_KIND_LIST as string[]).includes(kind)) out[kind as keyof typeof out] = read(limit);
  }
  return out;
};

const table: Reader<CardTable> = object({
  gameCode,
  gameId: int,
  name: str,
  currency: str,
  bettingMs: int,
  cardMs: int,
  pauseMs: int,
  limits,
  maxRoundStakeMinor: int,
});

/** A row of the rule table as the wire carries it (the contract's `CardBetRule`). */
export type TableRule = CardWelcome['rules'][number];

const rule: Reader<TableRule> = object({
  kind: betKind,
  label: str,
  winsOn: winner,
  payoutCenti: int,
  otherwise: array(object({ on: winner, returnCenti: int })),
  houseEdgePpm: int,
  opposite: optional(betKind),
});

const dealtCard: Reader<DealtCardMessage> = object({
  position: int,
  side: oneOf(...SIDE_LIST),
  card: matching(CARD_PATTERN),
});

const roundBase = { gameCode, roundId: str, number: int, seedHash: seed };
const roundByPhase: Record<CardRound['phase'], Reader<CardRound>> = {
  BETTING: object({ phase: oneOf('BETTING'), ...roundBase, bettingEndsAt: int }),
  DEALING: object({
    phase: oneOf('DEALING'),
    ...roundBase,
    startedAt: int,
    cardMs: int,
    cards: array(dealtCard),
  }),
  RESULT: object({
    phase: oneOf('RESULT'),
    ...roundBase,
    cards: array(dealtCard),
    winner,
    hands: optional(hands),
    seed,
    nextRoundAt: int,
  }),
  PAUSED: object({
    phase: oneOf('PAUSED'),
    gameCode,
    reason: oneOf(...PAUSE_REASON_LIST),
    message: str,
  }),
};
const round: Reader<CardRound> = (v) => byTag(roundByPhase, 'phase', v) ?? reject();

const historyEntry: Reader<CardHistoryEntry> = object({
  gameCode,
  roundId: str,
  number: int,
  winner,
  cards: array(dealtCard),
  hands: optional(hands),
  seedHash: seed,
  seed,
  endedAt: int,
});

const myBet: Reader<CardMyBet> = object({
  betId: str,
  roundId: str,
  betKind,
  amountMinor: int,
  state: oneOf(...BET_STATE_LIST),
  returnMinor: nullable(int),
});

type ByType = {
  [T in CardServerMessage['type']]: Reader<Extract<CardServerMessage, { type: T }>>;
};

const messages: ByType = {
  welcome: object({
    type: oneOf('welcome'),
    protocol: int,
    gameCode,
    serverTime: int,
    playerId: str,
    currency: str,
    balanceMinor: int,
    table,
    rules: array(rule),
    round,
    history: array(historyEntry),
    myBets: array(myBet),
  }),
  round: object({ type: oneOf('round'), gameCode, serverTime: int, round }),
  card: object({ type: oneOf('card'), gameCode, roundId: str, serverTime: int, card: dealtCard }),
  betAccepted: object({
    type: oneOf('betAccepted'),
    gameCode,
    requestId: str,
    bet: myBet,
    balanceMinor: int,
  }),
  refused: object({
    type: oneOf('refused'),
    gameCode,
    requestId: str,
    betKind: optional(betKind),
    code: refusalCode,
    message: str,
    balanceMinor: optional(int),
  }),
  settled: object({
    type: oneOf('settled'),
    gameCode,
    roundId: str,
    winner: nullable(winner),
    bets: array(myBet),
    returnMinor: int,
    balanceMinor: int,
  }),
  balance: object({ type: oneOf('balance'), balanceMinor: int }),
  pong: object({ type: oneOf('pong'), clientTime: num, serverTime: int }),
  error: object({ type: oneOf('error'), code: refusalCode, message: str, fatal: bool }),
};

/**
 * A server message, or null for one this page does not know (a newer server's `type`) or
 * cannot read: the page ignores those, as the protocol asks.
 */
export function readServerMessage(value: unknown): CardServerMessage | null {
  return readOrNull((v) => byTag<CardServerMessage>(messages, 'type', v) ?? null, value);
}

/** The answer of `GET …/rounds` (the verify page's list), or null. */
export function readRoundsAnswer(value: unknown): CardRoundsAnswer | null {
  return readOrNull(object({ gameCode, rules: array(rule), rounds: array(historyEntry) }), value);
}
