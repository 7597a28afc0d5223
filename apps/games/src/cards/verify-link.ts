/** Links to a card game's verify page beside its play page (`verify.html`), in its language. */
import type { CardHistoryEntry } from '@backlay/contract/card-games';
import { LAUNCH_PARAMS, type Language } from '../shared/launch';
import { VERIFY_PARAMS } from './contract-values';

/** The verify page for a finished round: its revealed seed, its number and its sealed hash. */
export function verifyHref(
  language: Language,
  round: Pick<CardHistoryEntry, 'seed' | 'seedHash' | 'number'>,
): string {
  const params = new URLSearchParams({
    [LAUNCH_PARAMS.language]: language,
    [VERIFY_PARAMS.seed]: round.seed,
    [VERIFY_PARAMS.seedHash]: round.seedHash,
    [VERIFY_PARAMS.roundNumber]: String(round.number),
  });
  return `verify.html?${params.toString()}`;
}

/** The verify page with nothing filled in (its list of recent rounds to pick from). */
export function verifyPageHref(language: Language): string {
  return `verify.html?${LAUNCH_PARAMS.language}=${language}`;
}
