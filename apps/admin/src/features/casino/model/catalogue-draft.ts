import type { CasinoCatalogue } from '@backlay/contract/admin-casino';
import type { updateCasinoCatalogueRoute } from '@backlay/contract/admin-calls';
import type { AdminRequest } from '../../../shared/api/call-admin';

type UpdateInput = AdminRequest<typeof updateCasinoCatalogueRoute>;
export type CatalogueGame = CasinoCatalogue['games'][number];

/** A brand's casino as the form edits it: its switch, and its games in the lobby's order. */
export interface CatalogueDraft {
  casinoEnabled: boolean;
  games: CatalogueGame[];
}

export function catalogueDraftOf(catalogue: CasinoCatalogue): CatalogueDraft {
  return { casinoEnabled: catalogue.casinoEnabled, games: catalogue.games };
}

/**
 * The games with the one at `index` moved `by` places (−1 up, towards the lobby's top; 1
 * down); the same list when it cannot move that way.
 */
export function moveGame(
  games: readonly CatalogueGame[],
  index: number,
  by: -1 | 1,
): CatalogueGame[] {
  const target = index + by;
  const moved = games[index];
  if (!moved || target < 0 || target >= games.length) return [...games];
  const next = games.filter((_, i) => i !== index);
  next.splice(target, 0, moved);
  return next;
}

/** The games with one offered or withdrawn. */
export function offerGame(
  games: readonly CatalogueGame[],
  gameCode: string,
  enabled: boolean,
): CatalogueGame[] {
  return games.map((game) => (game.gameCode === gameCode ? { ...game, enabled } : game));
}

/** The save a draft asks for: every game once, in order, naming the version it was made on. */
export function catalogueUpdateOf(draft: CatalogueDraft, base: CasinoCatalogue): UpdateInput {
  return {
    brand: base.brand,
    version: base.version,
    casinoEnabled: draft.casinoEnabled,
    games: draft.games.map((game) => ({ gameCode: game.gameCode, enabled: game.enabled })),
  };
}

/** What a save would change of a brand's casino, for the operator to confirm. */
export interface CatalogueChanges {
  /** The switch's new position, or null when it stays. */
  casinoEnabled: boolean | null;
  /** Names of games offered that were not, and withdrawn that were, in the new order. */
  offered: string[];
  withdrawn: string[];
  /** Whether the lobby's order changes. */
  reordered: boolean;
}

export function catalogueChanges(base: CasinoCatalogue, draft: CatalogueDraft): CatalogueChanges {
  const before = new Map(base.games.map((game) => [game.gameCode, game.enabled]));
  const flipped = (enabled: boolean) =>
    draft.games
      .filter((game) => game.enabled === enabled && before.get(game.gameCode) === !enabled)
      .map((game) => game.name);
  return {
    casinoEnabled: draft.casinoEnabled === base.casinoEnabled ? null : draft.casinoEnabled,
    offered: flipped(true),
    withdrawn: flipped(false),
    reordered: draft.games.some((game, i) => base.games[i]?.gameCode !== game.gameCode),
  };
}

/** Whether a save would change anything. */
export function hasChanges(changes: CatalogueChanges): boolean {
  return (
    changes.casinoEnabled !== null ||
    changes.offered.length > 0 ||
    changes.withdrawn.length > 0 ||
    changes.reordered
  );
}
