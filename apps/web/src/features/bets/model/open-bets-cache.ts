import {
  expectedProfitLossSchema,
  openBetsSchema,
  type ExpectedProfitLoss,
  type OpenBets,
} from '@backlay/contract/bets';
import { sessionStore } from '../../../shared/session/session-store';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { readJson, writeJson } from '../../../shared/storage/storage';

/**
 * The player's open bets and expected profit and loss, kept under `OpenBets` (spec §3, §4)
 * so a reload shows them at once while they are fetched again. An expired session or a
 * logout clears the key with the rest of the session.
 */
export interface CachedBets {
  openBets: OpenBets | null;
  profitLoss: ExpectedProfitLoss | null;
  /** When each part was fetched, ms since the epoch. */
  openBetsAt: number;
  profitLossAt: number;
}

const EMPTY: CachedBets = { openBets: null, profitLoss: null, openBetsAt: 0, profitLossAt: 0 };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What is stored; parts an older client stored in another shape are left out. */
export function readCachedBets(): CachedBets {
  const stored = readJson(STORAGE_KEYS.openBets);
  if (!isRecord(stored)) return EMPTY;
  const openBets = openBetsSchema.safeParse(stored.openBets);
  const profitLoss = expectedProfitLossSchema.safeParse(stored.profitLoss);
  const at = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    openBets: openBets.success ? openBets.data : null,
    profitLoss: profitLoss.success ? profitLoss.data : null,
    openBetsAt: openBets.success ? at(stored.openBetsAt) : 0,
    profitLossAt: profitLoss.success ? at(stored.profitLossAt) : 0,
  };
}

/** Stores one part; nothing is written once the session has ended. */
export function writeCachedBets(
  part: { openBets: OpenBets } | { profitLoss: ExpectedProfitLoss },
  now = Date.now(),
): void {
  if (sessionStore.getState().accessToken === null) return;
  const next: CachedBets = { ...readCachedBets() };
  if ('openBets' in part) {
    next.openBets = part.openBets;
    next.openBetsAt = now;
  } else {
    next.profitLoss = part.profitLoss;
    next.profitLossAt = now;
  }
  writeJson(STORAGE_KEYS.openBets, next);
}
