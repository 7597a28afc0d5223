/** Messages of the studio's protocol as a test needs them: each builder takes what it changes. */
import type {
  CrashFairness,
  CrashHistoryEntry,
  CrashLiveBet,
  CrashMyBet,
  CrashRound,
  CrashTable,
  CrashWelcome,
} from '@backlay/contract/house-games';

export const HASH_A = 'a'.repeat(64);
export const HASH_B = '0123456789abcdef'.repeat(4);
export const NOW = 1_800_000_000_000;

export function aTable(change: Partial<CrashTable> = {}): CrashTable {
  return {
    gameCode: 'sbe_aviator',
    currency: 'INR',
    houseEdgeBp: 100,
    minBetMinor: 1_000,
    maxBetMinor: 10_000_000,
    maxWinMinor: 100_000_000,
    minAutoCashOutCenti: 101,
    maxAutoCashOutCenti: 1_000_000,
    bettingMs: 5_000,
    tickMs: 150,
    pauseMs: 3_000,
    growthRatePerMs: 0.00006,
    slots: 2,
    ...change,
  };
}

export function aFairness(change: Partial<CrashFairness> = {}): CrashFairness {
  return {
    chainId: 1,
    terminatingHash: HASH_A,
    salt: 'backlay-sky-ace',
    houseEdgeBp: 100,
    chainLength: 10_000,
    ...change,
  };
}

export function betting(roundId = 'r-7', number = 7): CrashRound {
  return { phase: 'BETTING', roundId, number, chainId: 1, bettingEndsAt: NOW + 5_000 };
}

export function running(roundId = 'r-7', number = 7): CrashRound {
  return {
    phase: 'RUNNING',
    roundId,
    number,
    chainId: 1,
    startedAt: NOW,
    growthRatePerMs: 0.00006,
  };
}

export function crashed(roundId = 'r-7', crashPointCenti = 235, number = 7): CrashRound {
  return {
    phase: 'CRASHED',
    roundId,
    number,
    chainId: 1,
    startedAt: NOW,
    crashedAt: NOW + 14_240,
    crashPointCenti,
    hash: HASH_B,
    nextRoundAt: NOW + 17_240,
  };
}

export function aHistoryEntry(change: Partial<CrashHistoryEntry> = {}): CrashHistoryEntry {
  return {
    roundId: 'r-6',
    chainId: 1,
    number: 6,
    crashPointCenti: 184,
    hash: HASH_B,
    crashedAt: NOW - 8_000,
    ...change,
  };
}

export function myBet(change: Partial<CrashMyBet> = {}): CrashMyBet {
  return {
    betId: 'b-1',
    roundId: 'r-7',
    slot: 1,
    amountMinor: 10_000,
    autoCashOutCenti: null,
    state: 'PLACED',
    cashedOutCenti: null,
    winMinor: null,
    ...change,
  };
}

export function liveBet(change: Partial<CrashLiveBet> = {}): CrashLiveBet {
  return {
    betId: 'b-1',
    player: 'p…4f2',
    mine: false,
    slot: 1,
    amountMinor: 10_000,
    cashedOutCenti: null,
    winMinor: null,
    ...change,
  };
}

export function welcome(change: Partial<CrashWelcome> = {}): CrashWelcome {
  return {
    type: 'welcome',
    protocol: 1,
    serverTime: NOW,
    playerId: 'player-1',
    currency: 'INR',
    balanceMinor: 100_000,
    table: aTable(),
    fairness: aFairness(),
    round: betting(),
    history: [aHistoryEntry()],
    bets: [],
    myBets: [],
    ...change,
  };
}
