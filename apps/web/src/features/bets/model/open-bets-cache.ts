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
 *
 * The stored copy carries no time: however recent, it is read again on every page load, since
 * bets placed or settled while no page of this session listened (another device, a phone
 * asleep) reach it by no push.
 */
export interface CachedBets {
  openBets: OpenBets | null;
  profitLoss: ExpectedProfitLoss | null;
}

const EMPTY: CachedBets = { openBets: null, profitLoss: null };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What is stored; parts an older client stored in another shape are left out. */
export function readCachedBets(): CachedBets {
  const stored = readJson(STORAGE_KEYS.openBets);
  if (!isRecord(stored)) return EMPTY;
  const openBets = openBetsSchema.safeParse(stored.openBets);
  const profitLoss = expectedProfitLossSchema.safeParse(stored.profitLoss);
  return {
    openBets: openBets.success ? openBets.data : null,
    profitLoss: profitLoss.success ? profitLoss.data : null,
  };
}

/** Stores one part; nothing is written once the session has ended. */
export function writeCachedBets(
  part: { openBets: OpenBets } | { profitLoss: ExpectedProfitLoss },
): void {
  if (sessionStore.getState().accessToken === null) return;
  writeJson(STORAGE_KEYS.openBets, { ...readCachedBets(), ...part } satisfies CachedBets);
}
