import type { DomainSettingsResponse } from '@backlay/contract/domain-settings';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  browserSettingsEnvironment,
  fetchDefaultDomainSettings,
  settleDomainSettings,
  type SettingsEnvironment,
} from './load-domain-settings';
import { readSiteSuspended } from './stored-setting';

/** Thrown into the query when the settings could not be loaded; already shown as a toast. */
export class SettingsUnavailableError extends Error {
  override readonly name = 'SettingsUnavailableError';
}

/**
 * The domain settings query. Settings change only when an operator edits them, so they
 * never go stale by time: they are reloaded when the tab becomes visible again and when
 * the guard or the maintenance page asks. Retries are the loader's own, with backoff.
 */
export function domainSettingsQueryOptions(
  env: SettingsEnvironment = browserSettingsEnvironment(),
) {
  return queryOptions({
    queryKey: ['domain-settings'] as const,
    queryFn: async (): Promise<DomainSettingsResponse> => {
      const outcome = await settleDomainSettings(env);
      if (outcome.status === 'failed') throw new SettingsUnavailableError(outcome.message);
      return outcome.response;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    // A failed load is already recorded and shown; views that mount later must not repeat it.
    retryOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The default-domain settings query (spec §1's secondary fetch). */
export function defaultDomainSettingsQueryOptions(
  env: SettingsEnvironment = browserSettingsEnvironment(),
) {
  return queryOptions({
    queryKey: ['default-domain-settings'] as const,
    queryFn: () => fetchDefaultDomainSettings(env),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 2,
    retryOnMount: false,
    refetchOnWindowFocus: false,
  });
}

/** The domain settings as last loaded (kept through a failed reload). */
export function useDomainSettings() {
  return useQuery(domainSettingsQueryOptions());
}

/** The default-domain settings. */
export function useDefaultDomainSettings() {
  return useQuery(defaultDomainSettingsQueryOptions());
}

/**
 * Loads the settings again, whatever the cache holds, and says whether the site is now
 * suspended. A load already under way is joined rather than repeated.
 */
export async function reloadDomainSettings(
  queryClient: QueryClient,
  env?: SettingsEnvironment,
): Promise<{ suspended: boolean }> {
  try {
    await queryClient.fetchQuery({ ...domainSettingsQueryOptions(env), staleTime: 0 });
  } catch {
    // The failure is already recorded as a suspension and shown to the player.
  }
  return { suspended: readSiteSuspended() };
}
