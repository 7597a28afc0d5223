/**
 * The crash game's side of the studio's protocol (`packages/contract/src/house-games.ts`): the
 * server's messages read with the small wire readers (see `shared/wire.ts` for why not zod),
 * each reader typed by the contract's type, and the page's own messages built as the contract
 * types them.
 */
import type {
  CrashHistoryEntry,
  CrashRefusalCode,
  CrashLiveBet,
  CrashMyBet,
  CrashRound,
  CrashRoundsAnswer,
  CrashServerMessage,
  CrashFairness,
  CrashTable,
} from '@backlay/contract/house-games';
import { CRASH_HASH_PATTERN } from '@backlay/contract/crash-fairness';
import { BET_STATE_LIST, PAUSE_REASON_LIST } from './contract-values';
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

const slot = oneOf(1, 2);
const hash = matching(CRASH_HASH_PATTERN);
/**
 * A refusal's code. A newer server may refuse with a code this page does not know yet (the
 * protocol only ever adds): the message is still read, and the page says the server's sentence.
 */
const refusalCode = str as Reader<CrashRefusalCode>;

const table: Reader<CrashTable> = object({
  gameCode: str,
  currency: str,
  houseEdgeBp: int,
  minBetMinor: int,
  maxBetMinor: int,
  maxWinMinor: int,
  minAutoCashOutCenti: int,
  maxAutoCashOutCenti: int,
  bettingMs: int,
  tickMs: int,
  pauseMs: int,
  growthRatePerMs: num,
  slots: int,
});

const fairness: Reader<CrashFairness> = object({
  chainId: int,
  terminatingHash: hash,
  salt: str,
  houseEdgeBp: int,
  chainLength: int,
});

const roundBase = { roundId: str, number: int, chainId: int };
const roundByPhase: Record<CrashRound['phase'], Reader<CrashRound>> = {
  BETTING: object({ phase: oneOf('BETTING'), ...roundBase, bettingEndsAt: int }),
  RUNNING: object({
    phase: oneOf('RUNNING'),
    ...roundBase,
    startedAt: int,
    growthRatePerMs: num,
  }),
  CRASHED: object({
    phase: oneOf('CRASHED'),
    ...roundBase,
    startedAt: int,
    crashedAt: int,
    crashPointCenti: int,
    hash,
    nextRoundAt: int,
  }),
  PAUSED: object({ phase: oneOf('PAUSED'), reason: oneOf(...PAUSE_REASON_LIST), message: str }),
};
const round: Reader<CrashRound> = (v) => byTag(roundByPhase, 'phase', v) ?? reject();

const historyEntry: Reader<CrashHistoryEntry> = object({
  roundId: str,
  chainId: int,
  number: int,
  crashPointCenti: int,
  hash,
  crashedAt: int,
});

const liveBet: Reader<CrashLiveBet> = object({
  betId: str,
  player: str,
  mine: bool,
  slot,
  amountMinor: int,
  cashedOutCenti: nullable(int),
  winMinor: nullable(int),
});

const myBet: Reader<CrashMyBet> = object({
  betId: str,
  roundId: str,
  slot,
  amountMinor: int,
  autoCashOutCenti: nullable(int),
  state: oneOf(...BET_STATE_LIST),
  cashedOutCenti: nullable(int),
  winMinor: nullable(int),
});

const totals = object({ bets: int, stakeMinor: int, cashedOut: int, winMinor: int });

type ByType = {
  [T in CrashServerMessage['type']]: Reader<Extract<CrashServerMessage, { type: T }>>;
};

const messages: ByType = {
  welcome: object({
    type: oneOf('welcome'),
    protocol: int,
    serverTime: int,
    playerId: str,
    currency: str,
    balanceMinor: int,
    table,
    fairness,
    round,
    history: array(historyEntry),
    bets: array(liveBet),
    totals: optional(totals),
    myBets: array(myBet),
  }),
  round: object({ type: oneOf('round'), serverTime: int, round }),
  tick: object({
    type: oneOf('tick'),
    roundId: str,
    serverTime: int,
    elapsedMs: int,
    multiplierCenti: int,
  }),
  chain: object({ type: oneOf('chain'), fairness }),
  betAccepted: object({
    type: oneOf('betAccepted'),
    requestId: str,
    bet: myBet,
    balanceMinor: int,
  }),
  betRefused: object({
    type: oneOf('betRefused'),
    requestId: str,
    slot,
    code: refusalCode,
    message: str,
    balanceMinor: optional(int),
  }),
  betCancelled: object({
    type: oneOf('betCancelled'),
    requestId: str,
    bet: myBet,
    balanceMinor: int,
  }),
  cashedOut: object({
    type: oneOf('cashedOut'),
    requestId: optional(str),
    reason: oneOf('MANUAL', 'AUTO', 'MAX_WIN'),
    bet: myBet,
    multiplierCenti: int,
    winMinor: int,
  }),
  refused: object({
    type: oneOf('refused'),
    requestId: str,
    request: oneOf('cancelBet', 'cashOut'),
    slot,
    code: refusalCode,
    message: str,
  }),
  betLost: object({ type: oneOf('betLost'), bet: myBet, crashPointCenti: int }),
  balance: object({ type: oneOf('balance'), balanceMinor: int }),
  bets: object({
    type: oneOf('bets'),
    roundId: str,
    placed: array(liveBet),
    cancelled: array(str),
    cashedOut: array(object({ betId: str, cashedOutCenti: int, winMinor: int })),
    totals: optional(totals),
  }),
  pong: object({ type: oneOf('pong'), clientTime: num, serverTime: int }),
  error: object({ type: oneOf('error'), code: refusalCode, message: str, fatal: bool }),
};

/**
 * A server message, or null for one this page does not know (a newer server's `type`) or
 * cannot read: the page ignores those, as the protocol asks.
 */
export function readServerMessage(value: unknown): CrashServerMessage | null {
  return readOrNull((v) => byTag<CrashServerMessage>(messages, 'type', v) ?? null, value);
}

/** The answer of `GET …/rounds` (the verify page's list), or null. */
export function readRoundsAnswer(value: unknown): CrashRoundsAnswer | null {
  return readOrNull(object({ fairness, rounds: array(historyEntry) }), value);
}
