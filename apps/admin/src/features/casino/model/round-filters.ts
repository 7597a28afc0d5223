/** What the round lookup lists, as its URL holds it; empty is no filter. */
export interface RoundFilters {
  brand: string;
  /** A player's id (the lookup takes ids; names are searched on the players page). */
  playerId: string;
  provider: string;
  /** The provider's round id, or Backlay's. */
  roundId: string;
  gameCode: string;
}

/** Rounds one page brings. */
export const ROUNDS_PAGE_SIZE = 50;

/** The filters' names, which are also the URL's parameters (`paths.casinoRounds` writes them). */
export const ROUND_FILTER_NAMES = ['roundId', 'playerId', 'gameCode', 'provider', 'brand'] as const;

export const NO_ROUND_FILTERS: RoundFilters = {
  brand: '',
  playerId: '',
  provider: '',
  roundId: '',
  gameCode: '',
};

/** The filters a rounds URL holds. */
export function roundFiltersOf(search: URLSearchParams): RoundFilters {
  const filters = { ...NO_ROUND_FILTERS };
  for (const name of ROUND_FILTER_NAMES) filters[name] = search.get(name)?.trim() ?? '';
  return filters;
}

/** The URL's parameters for the filters, leaving out the empty ones. */
export function roundParamsOf(filters: RoundFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of ROUND_FILTER_NAMES) {
    const value = filters[name].trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** Whether any filter is set. */
export function isFiltered(filters: RoundFilters): boolean {
  return ROUND_FILTER_NAMES.some((name) => filters[name].trim() !== '');
}
