import { ODDS_DEPTH, type PriceSize } from '@backlay/contract/sports';

/** A ladder side as cells: the best `depth` levels, best first, padded with empty cells. */
export function ladderCells(
  levels: readonly PriceSize[] | undefined,
  depth = ODDS_DEPTH,
): (PriceSize | null)[] {
  return Array.from({ length: depth }, (_, i) => levels?.[i] ?? null);
}
