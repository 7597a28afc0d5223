/** The root of every players query: a change to a player invalidates it, search and detail alike. */
export const PLAYERS_QUERY_KEY = ['players'] as const;
