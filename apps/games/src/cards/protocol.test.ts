import { describe, expect, it } from 'vitest';
import {
  cardRoundsAnswerSchema,
  cardServerMessageSchema,
  type CardServerMessage,
} from '@backlay/contract/card-games';
import { readRoundsAnswer, readServerMessage } from './protocol';
import {
  aHistoryEntry,
  aTable,
  betting,
  dealing,
  myBet,
  NOW,
  result,
  rulesOf,
  TEEN_PATTI_CARDS,
  welcome,
} from './test/fixtures';

/** One of every message the server sends, as the contract's schemas take them. */
const MESSAGES: CardServerMessage[] = [
  welcome(),
  welcome({
    gameCode: 'mac_dragon_tiger',
    table: aTable({
      gameCode: 'mac_dragon_tiger',
      limits: { DRAGON: { minBetMinor: 1_000, maxBetMinor: 100_000 } },
    }),
    rules: rulesOf('mac_dragon_tiger'),
    round: result({ gameCode: 'mac_dragon_tiger', hands: undefined, winner: 'TIE' }),
    myBets: [myBet({ betKind: 'DRAGON', state: 'HALF_BACK', returnMinor: 5_000 })],
  }),
  { type: 'round', gameCode: 'mac_teen_patti', serverTime: NOW, round: betting() },
  { type: 'round', gameCode: 'mac_teen_patti', serverTime: NOW, round: dealing(TEEN_PATTI_CARDS) },
  {
    type: 'round',
    gameCode: 'mac_teen_patti',
    serverTime: NOW,
    round: { phase: 'PAUSED', gameCode: 'mac_teen_patti', reason: 'STARTING', message: 'Wait.' },
  },
  {
    type: 'card',
    gameCode: 'mac_teen_patti',
    roundId: 'tp-7',
    serverTime: NOW,
    card: { position: 0, side: 'A', card: '10H' },
  },
  {
    type: 'betAccepted',
    gameCode: 'mac_teen_patti',
    requestId: 'bet-1',
    bet: myBet(),
    balanceMinor: 90_000,
  },
  {
    type: 'refused',
    gameCode: 'mac_teen_patti',
    requestId: 'bet-2',
    code: 'OPPOSITE_SIDE',
    message: 'You already backed the other side in this round.',
  },
  {
    type: 'settled',
    gameCode: 'mac_teen_patti',
    roundId: 'tp-7',
    winner: null,
    bets: [myBet({ state: 'REFUNDED', returnMinor: 10_000 })],
    returnMinor: 10_000,
    balanceMinor: 100_000,
  },
  { type: 'balance', balanceMinor: 5 },
  { type: 'pong', clientTime: 1.5, serverTime: NOW },
  { type: 'error', code: 'NOT_JOINED', message: 'Join the table first.', fatal: false },
];

describe('the card protocol’s readers', () => {
  it('read every server message exactly as the contract’s schema does', () => {
    for (const message of MESSAGES) {
      const wire = JSON.parse(JSON.stringify(message)) as unknown;
      expect(readServerMessage(wire)).toEqual(cardServerMessageSchema.parse(wire));
    }
  });

  it('drop fields they do not know and ignore messages of a newer server', () => {
    expect(readServerMessage({ type: 'balance', balanceMinor: 7, extra: true })).toEqual({
      type: 'balance',
      balanceMinor: 7,
    });
    expect(readServerMessage({ type: 'lobby', tables: [] })).toBeNull();
    expect(readServerMessage('balance')).toBeNull();
  });

  it('refuse a message whose fields do not have the contract’s shape', () => {
    const broken = [
      { ...welcome(), balanceMinor: '100' },
      {
        type: 'card',
        gameCode: 'mac_teen_patti',
        roundId: 'r',
        serverTime: NOW,
        card: { position: 0, side: 'A', card: '1S' },
      },
      {
        type: 'round',
        gameCode: 'mac_teen_patti',
        serverTime: NOW,
        round: { ...betting(), seedHash: 'ABC' },
      },
      { type: 'round', gameCode: 'mac_poker', serverTime: NOW, round: betting() },
      {
        type: 'settled',
        gameCode: 'mac_teen_patti',
        roundId: 'r',
        winner: 'NOBODY',
        bets: [],
        returnMinor: 0,
        balanceMinor: 0,
      },
    ];
    for (const message of broken) {
      expect(cardServerMessageSchema.safeParse(message).success).toBe(false);
      expect(readServerMessage(message)).toBeNull();
    }
  });

  it('read the verify page’s rounds as the contract’s schema does', () => {
    const answer = {
      gameCode: 'mac_teen_patti',
      rules: rulesOf('mac_teen_patti'),
      rounds: [
        aHistoryEntry(),
        aHistoryEntry({ roundId: 'tp-5', number: 5, hands: { A: 'PAIR', B: 'COLOR' } }),
      ],
    };
    expect(readRoundsAnswer(answer)).toEqual(cardRoundsAnswerSchema.parse(answer));
    expect(readRoundsAnswer({ ...answer, rounds: 'none' })).toBeNull();
  });
});
