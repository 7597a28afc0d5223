/**
 * Players' positions and holds on a market as this process last wrote them, kept so that the
 * next batch on the market need not read them again. A market's version (markets.version) moves
 * with every transaction that changes its book, its positions or its holds, on any instance
 * (they all lock the market row first, bumping it: market-rows.ts). So what is kept for version
 * v is still exactly right when the next transaction locks the row and finds v + 1: nobody else
 * changed the market in between. Any other version and the market's entry is dropped.
 */
import type { Position } from './positions';

export type HeldPosition = Position & { heldMinor: number };

export interface KnownOwners {
  version: string;
  knows(ownerId: string): boolean;
}

interface MarketEntry {
  version: string;
  owners: Map<string, HeldPosition>;
}

/** Markets kept at most; the least recently stored goes first. */
const MAX_MARKETS = 2_000;

/** A copy the caller may add to (addTaking pushes onto the lists). */
function copyOf(position: HeldPosition): HeldPosition {
  return {
    matched: [...position.matched],
    unmatched: [...position.unmatched],
    heldMinor: position.heldMinor,
  };
}

export function createPositionCache(maxMarkets = MAX_MARKETS) {
  const markets = new Map<string, MarketEntry>();

  return {
    /** The version the market's positions were stored for, and whose they are (no copy). */
    known(marketId: string): KnownOwners | undefined {
      const entry = markets.get(marketId);
      if (!entry) return undefined;
      const { version, owners } = entry;
      return { version, knows: (ownerId) => owners.has(ownerId) };
    },

    /**
     * The owners' kept positions, when the market's row, just locked and bumped, is at
     * `lockedVersion`: they are right only if nothing changed the market since they were stored.
     * Otherwise the market's entry is dropped and nothing is returned.
     */
    take(
      marketId: string,
      lockedVersion: string,
      ownerIds: readonly string[],
    ): Map<string, HeldPosition> | undefined {
      const entry = markets.get(marketId);
      if (!entry) return undefined;
      if (BigInt(entry.version) + 1n !== BigInt(lockedVersion)) {
        markets.delete(marketId);
        return undefined;
      }
      const taken = new Map<string, HeldPosition>();
      for (const ownerId of ownerIds) {
        const position = entry.owners.get(ownerId);
        if (position) taken.set(ownerId, copyOf(position));
      }
      return taken;
    },

    /**
     * After a commit that left the market at `version`: `positions` are those owners' positions
     * and holds now, `forget` names owners whose positions changed without being known here.
     * Owners kept from `basedOn` (the version the transaction found kept) stay; an entry for any
     * other version is replaced.
     */
    store(
      marketId: string,
      version: string,
      basedOn: string | null,
      positions: ReadonlyMap<string, HeldPosition>,
      forget: Iterable<string>,
    ): void {
      const previous = markets.get(marketId);
      const owners =
        previous && basedOn !== null && previous.version === basedOn
          ? previous.owners
          : new Map<string, HeldPosition>();
      for (const ownerId of forget) owners.delete(ownerId);
      for (const [ownerId, position] of positions) owners.set(ownerId, copyOf(position));
      markets.delete(marketId);
      markets.set(marketId, { version, owners });
      if (markets.size > maxMarkets) {
        const oldest = markets.keys().next().value;
        if (oldest !== undefined) markets.delete(oldest);
      }
    },

    /** The market's kept positions are no longer known to be right. */
    drop(marketId: string): void {
      markets.delete(marketId);
    },
  };
}

export type PositionCache = ReturnType<typeof createPositionCache>;
