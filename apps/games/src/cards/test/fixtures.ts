/** Messages of the card protocol as a test needs them: each builder takes what it changes. */
import {
  CARD_GAMES,
  type CardGameCode,
  type CardHistoryEntry,
  type CardMyBet,
  type CardRound,
  type CardTable,
  type CardWelcome,
  type DealtCardMessage,
} from '@backlay/contract/card-games';

export const SEED = '5e'.repeat(32);
export const SEED_HASH = 'c0'.repeat(32);
export const NOW = 1_800_000_000_000;

export function aTable(change: Partial<CardTable> = {}): CardTable {
  return {
    gameCode: 'mac_teen_patti',
    gameId: 201210,
    name: 'Teen Patti 20-20',
    currency: 'INR',
    bettingMs: 12_000,
    cardMs: 600,
    pauseMs: 4_000,
    limits: {
      A: { minBetMinor: 1_000, maxBetMinor: 2_500_000 },
      B: { minBetMinor: 1_000, maxBetMinor: 2_500_000 },
    },
    maxRoundStakeMinor: 5_000_000,
    ...change,
  };
}

/** A game's rule table, as the contract's `CARD_GAMES` has it (what the server sends). */
export function rulesOf(gameCode: CardGameCode): CardWelcome['rules'] {
  return CARD_GAMES[gameCode].rules.map((rule) => ({
    ...rule,
    otherwise: rule.otherwise.map((fallback) => ({ ...fallback })),
  }));
}

export function betting(roundId = 'tp-7', number = 7): CardRound {
  return {
    phase: 'BETTING',
    gameCode: 'mac_teen_patti',
    roundId,
    number,
    seedHash: SEED_HASH,
    bettingEndsAt: NOW + 12_000,
  };
}

export function dealing(cards: DealtCardMessage[] = [], roundId = 'tp-7'): CardRound {
  return {
    phase: 'DEALING',
    gameCode: 'mac_teen_patti',
    roundId,
    number: 7,
    seedHash: SEED_HASH,
    startedAt: NOW + 12_000,
    cardMs: 600,
    cards,
  };
}

/** Player A: K K K (a trail) against Player B: 2 7 9 (a high card). */
export const TEEN_PATTI_CARDS: DealtCardMessage[] = [
  { position: 0, side: 'A', card: 'KS' },
  { position: 1, side: 'B', card: '2H' },
  { position: 2, side: 'A', card: 'KH' },
  { position: 3, side: 'B', card: '7D' },
  { position: 4, side: 'A', card: 'KD' },
  { position: 5, side: 'B', card: '9C' },
];

export function result(change: Partial<Extract<CardRound, { phase: 'RESULT' }>> = {}): CardRound {
  return {
    phase: 'RESULT',
    gameCode: 'mac_teen_patti',
    roundId: 'tp-7',
    number: 7,
    seedHash: SEED_HASH,
    cards: TEEN_PATTI_CARDS,
    winner: 'A',
    hands: { A: 'TRAIL', B: 'HIGH_CARD' },
    seed: SEED,
    nextRoundAt: NOW + 20_000,
    ...change,
  };
}

export function myBet(change: Partial<CardMyBet> = {}): CardMyBet {
  return {
    betId: 'bet-1',
    roundId: 'tp-7',
    betKind: 'A',
    amountMinor: 10_000,
    state: 'PLACED',
    returnMinor: null,
    ...change,
  };
}

export function aHistoryEntry(change: Partial<CardHistoryEntry> = {}): CardHistoryEntry {
  return {
    gameCode: 'mac_teen_patti',
    roundId: 'tp-6',
    number: 6,
    winner: 'B',
    cards: TEEN_PATTI_CARDS,
    seedHash: SEED_HASH,
    seed: SEED,
    endedAt: NOW - 8_000,
    ...change,
  };
}

export function welcome(change: Partial<CardWelcome> = {}): CardWelcome {
  return {
    type: 'welcome',
    protocol: 1,
    gameCode: 'mac_teen_patti',
    serverTime: NOW,
    playerId: 'player-1',
    currency: 'INR',
    balanceMinor: 100_000,
    table: aTable(),
    rules: rulesOf('mac_teen_patti'),
    round: betting(),
    history: [aHistoryEntry()],
    myBets: [],
    ...change,
  };
}
