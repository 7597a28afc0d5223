import type { GamblingSettings } from '@backlay/contract/responsible-gambling';
import { gamblingSettingsRoute } from '@backlay/contract/responsible-gambling-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/**
 * The player's deposit and loss limits: in force, waiting to apply, and what each window has
 * used; with the liability of their open bets (`GET ResponsibleGambling/GetSettings`).
 */
export function fetchGamblingSettings(signal?: AbortSignal): Promise<GamblingSettings> {
  return callParsed(gamblingSettingsRoute, { signal });
}

/** The limits query. */
export function gamblingSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['responsible-gambling', 'settings'] as const,
    queryFn: ({ signal }) => fetchGamblingSettings(signal),
  });
}

/** The player's limits; not asked for while `enabled` is false (a demo player has none). */
export function useGamblingSettings(enabled: boolean) {
  return useQuery({ ...gamblingSettingsQueryOptions(), enabled });
}
