import { describe, expect, it } from 'vitest';
import {
  crashBetTotalsSchema,
  crashFairnessSchema,
  crashHistoryEntrySchema,
  crashLiveBetSchema,
  crashMyBetSchema,
  crashRoundsAnswerSchema,
  crashServerMessageSchema,
  crashTableSchema,
  type CrashServerMessage,
} from '@backlay/contract/house-games';
import { readRoundsAnswer, readServerMessage } from './protocol';
import {
  aFairness,
  aHistoryEntry,
  aTable,
  betting,
  crashed,
  HASH_B,
  liveBet,
  myBet,
  NOW,
  running,
  welcome,
} from './test/fixtures';

/** One message of every type, every field present (optional ones too). */
const EVERY_MESSAGE: CrashServerMessage[] = [
  welcome({
    bets: [liveBet(), liveBet({ betId: 'b-2', cashedOutCenti: 150, winMinor: 15_000 })],
    totals: { bets: 2_000, stakeMinor: 9_000_000, cashedOut: 1, winMinor: 15_000 },
  }),
  welcome({ round: { phase: 'PAUSED', reason: 'WALLET_UNAVAILABLE', message: 'Wallet down' } }),
  welcome({ round: crashed(), myBets: [myBet({ state: 'LOST' })] }),
  { type: 'round', serverTime: NOW, round: running() },
  { type: 'tick', roundId: 'r-7', serverTime: NOW + 150, elapsedMs: 150, multiplierCenti: 100 },
  { type: 'chain', fairness: aFairness({ chainId: 2 }) },
  { type: 'betAccepted', requestId: 'bet-1-x-1', bet: myBet(), balanceMinor: 90_000 },
  {
    type: 'betRefused',
    requestId: 'bet-1-x-1',
    slot: 2,
    code: 'INSUFFICIENT_FUNDS',
    message: 'Your balance does not cover this bet.',
    balanceMinor: 500,
  },
  { type: 'betCancelled', requestId: 'c-1', bet: myBet({ state: 'CANCELLED' }), balanceMinor: 1 },
  {
    type: 'cashedOut',
    requestId: 'co-1',
    reason: 'MANUAL',
    bet: myBet({ state: 'CASHED_OUT', cashedOutCenti: 184, winMinor: 18_400 }),
    multiplierCenti: 184,
    winMinor: 18_400,
  },
  {
    type: 'refused',
    requestId: 'co-2',
    request: 'cashOut',
    slot: 1,
    code: 'CRASHED',
    message: 'Too late: the round crashed first.',
  },
  { type: 'betLost', bet: myBet({ state: 'LOST' }), crashPointCenti: 120 },
  { type: 'balance', balanceMinor: 4_200 },
  {
    type: 'bets',
    roundId: 'r-7',
    placed: [liveBet({ mine: true })],
    cancelled: ['b-9'],
    cashedOut: [{ betId: 'b-1', cashedOutCenti: 150, winMinor: 15_000 }],
    totals: { bets: 2_000, stakeMinor: 9_000_000, cashedOut: 40, winMinor: 600_000 },
  },
  { type: 'pong', clientTime: 12.5, serverTime: NOW },
  { type: 'error', code: 'TOKEN_EXPIRED', message: 'Session over', fatal: true },
];

describe('reading the studio’s messages', () => {
  it('covers every message type of the contract', () => {
    const types = new Set(EVERY_MESSAGE.map((message) => message.type));
    expect([...types].sort()).toEqual(
      crashServerMessageSchema.options.map((option) => option.shape.type.value).sort(),
    );
  });

  it('has every field of every message in its examples, so a field the contract adds is read', () => {
    for (const option of crashServerMessageSchema.options) {
      const type = option.shape.type.value;
      const seen = new Set(
        EVERY_MESSAGE.filter((message) => message.type === type).flatMap(Object.keys),
      );
      expect({ type, fields: [...seen].sort() }).toEqual({
        type,
        fields: Object.keys(option.shape).sort(),
      });
    }
    const totals = { bets: 1, stakeMinor: 1, cashedOut: 0, winMinor: 0 };
    for (const [schema, example] of [
      [crashTableSchema, aTable()],
      [crashFairnessSchema, aFairness()],
      [crashHistoryEntrySchema, aHistoryEntry()],
      [crashLiveBetSchema, liveBet()],
      [crashMyBetSchema, myBet()],
      [crashBetTotalsSchema, totals],
    ] as const) {
      expect(Object.keys(example).sort()).toEqual(Object.keys(schema.shape).sort());
    }
  });

  it.each(EVERY_MESSAGE.map((message) => [message.type, message] as const))(
    'reads %s exactly as the contract’s schema parses it',
    (_type, message) => {
      // Through JSON, as it travels, with a field a newer server might add.
      const wire = JSON.parse(JSON.stringify({ ...message, addedLater: true })) as unknown;
      expect(readServerMessage(wire)).toEqual(crashServerMessageSchema.parse(wire));
    },
  );

  it('ignores a message type it does not know, as the protocol asks', () => {
    expect(readServerMessage({ type: 'fireworks', colour: 'gold' })).toBeNull();
    expect(readServerMessage('welcome')).toBeNull();
    expect(readServerMessage(null)).toBeNull();
  });

  it('refuses a message whose fields have the wrong kinds', () => {
    const bad: unknown[] = [
      { type: 'balance', balanceMinor: '4200' },
      { type: 'balance', balanceMinor: 42.5 },
      { type: 'tick', roundId: 'r-7', serverTime: NOW, elapsedMs: 1 },
      { type: 'betAccepted', requestId: 'x', bet: { ...myBet(), slot: 3 }, balanceMinor: 1 },
      { type: 'refused', requestId: 'x', request: 'cashOut', slot: 1, code: 7, message: '' },
      { type: 'round', serverTime: NOW, round: { ...crashed(), hash: 'not-a-hash' } },
      { type: 'round', serverTime: NOW, round: { phase: 'LANDED', roundId: 'r' } },
      welcome({ history: [{ ...aHistoryEntry(), crashPointCenti: null }] as never }),
    ];
    for (const message of bad) {
      expect(crashServerMessageSchema.safeParse(message).success).toBe(false);
      expect(readServerMessage(message)).toBeNull();
    }
  });

  it('reads the verify page’s list of rounds as the contract parses it', () => {
    const answer = {
      fairness: aFairness(),
      rounds: [aHistoryEntry(), aHistoryEntry({ roundId: 'r-5', number: 5, hash: HASH_B })],
    };
    expect(readRoundsAnswer(answer)).toEqual(crashRoundsAnswerSchema.parse(answer));
    expect(readRoundsAnswer({ fairness: aFairness() })).toBeNull();
  });

  it('keeps the rounds of every phase apart', () => {
    for (const round of [betting(), running(), crashed()]) {
      expect(readServerMessage({ type: 'round', serverTime: NOW, round })).toEqual({
        type: 'round',
        serverTime: NOW,
        round,
      });
    }
  });
});
