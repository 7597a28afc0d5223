import type { QueryClient } from '@tanstack/react-query';
import { domainSettingsQueryOptions } from '../../features/domain/settings/domain-settings-query';
import { readStoredSetting } from '../../features/domain/settings/stored-setting';
import type { HubClientIdentity } from '../../shared/hub/hub-client';
import { connectRealtime } from '../../shared/hub/realtime';

/** The longest values the hub accepts for a client's browser and page (contract: hub.ts). */
const MAX_BROWSER_LENGTH = 512;
const MAX_PAGE_LENGTH = 2048;

export interface ClientContext {
  userAgent: string;
  hostname: string;
  /** The domain of the loaded or stored domain setting, if any. */
  settingDomain: string | null | undefined;
  pathname: string;
}

/**
 * How the client describes itself to the hub (spec §3): the browser's user agent, the
 * domain setting's domain (the hostname until settings are known) and the current route.
 */
export function describeClient(context: ClientContext): HubClientIdentity {
  return {
    browser: context.userAgent.slice(0, MAX_BROWSER_LENGTH),
    domain: context.settingDomain?.trim() || context.hostname,
    currentPage: context.pathname.slice(0, MAX_PAGE_LENGTH),
  };
}

/**
 * Keeps the application's real-time connection up while a player is logged in; the page
 * it reports is the router's current location.
 */
export function connectAppRealtime(
  queryClient: QueryClient,
  currentPathname: () => string,
): () => Promise<void> {
  return connectRealtime({
    queryClient,
    describeClient: () =>
      describeClient({
        userAgent: navigator.userAgent,
        hostname: window.location.hostname,
        settingDomain:
          queryClient.getQueryData(domainSettingsQueryOptions().queryKey)?.setting.domain ??
          readStoredSetting()?.domain,
        pathname: currentPathname(),
      }),
  });
}
