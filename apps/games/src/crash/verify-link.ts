/** Links to the verify page beside the game's (`verify.html`), in the page's language. */
import type { CrashFairness, CrashHistoryEntry } from '@backlay/contract/house-games';
import { LAUNCH_PARAMS, type Language } from '../shared/launch';
import { VERIFY_PARAMS } from './contract-values';

/**
 * The verify page for a round: its hash, the chain's salt and house edge, and the hash it must
 * lead to (SHA-256 of a round's hash is the round before's, or for a chain's first round the
 * terminating hash) when that is known.
 */
export function verifyHref(
  language: Language,
  entry: CrashHistoryEntry,
  fairness: CrashFairness,
  older?: CrashHistoryEntry,
): string {
  const params = new URLSearchParams({
    [LAUNCH_PARAMS.language]: language,
    [VERIFY_PARAMS.hash]: entry.hash,
    [VERIFY_PARAMS.salt]: fairness.salt,
    [VERIFY_PARAMS.houseEdgeBp]: String(fairness.houseEdgeBp),
  });
  const sameChain = entry.chainId === fairness.chainId;
  if (sameChain && entry.number === 1) {
    params.set(VERIFY_PARAMS.previousHash, fairness.terminatingHash);
  } else if (older && older.chainId === entry.chainId && older.number === entry.number - 1) {
    params.set(VERIFY_PARAMS.previousHash, older.hash);
  }
  return `verify.html?${params.toString()}`;
}

/** The verify page with nothing filled in (its list of recent rounds to pick from). */
export function verifyPageHref(language: Language): string {
  return `verify.html?${LAUNCH_PARAMS.language}=${language}`;
}
