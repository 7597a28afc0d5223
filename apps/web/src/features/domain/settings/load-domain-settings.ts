import {
  defaultDomainSettingsSchema,
  domainSettingsResponseSchema,
  type DefaultDomainSettings,
  type DomainSettingsResponse,
} from '@backlay/contract/domain-settings';
import { fetchJson } from '../../../shared/api/fetch-json';
import { RequestError } from '../../../shared/api/request-error';
import { i18n, params } from '../../../shared/i18n/i18n';
import { sleep as realSleep, withRetries } from '../../../shared/api/retry';
import { paths } from '../../../shared/paths';
import { toast } from '../../../shared/toasts/toast-store';
import { defaultSettingsUrl, domainSettingsUrl } from './settings-url';
import { storeSetting, storeSiteSuspended } from './stored-setting';

/** Retries after a failed settings fetch (spec §1: the fetch is retried on failure). */
export const SETTINGS_RETRY_COUNT = 3;
/** The wait before the first retry; each later wait doubles (400, 800, 1600 ms). */
export const SETTINGS_RETRY_BASE_DELAY_MS = 400;
/** Shown when a settings file arrives but is not a complete settings document (English). */
export const INVALID_SETTINGS_MESSAGE =
  'The site settings could not be read. Please try again later.';

const messages = i18n('domain/settings', {
  invalid: INVALID_SETTINGS_MESSAGE,
  suspended: params('{site} is under maintenance. Please check back soon.'),
});

/** Told to players of a domain its operator has suspended. */
export function suspendedMessage(domainTitle: string): string {
  return messages.get().suspended({ site: domainTitle });
}

/** What a settings load needs from the outside world; tests pass their own. */
export interface SettingsEnvironment {
  fetchImpl: typeof fetch;
  hostname: string;
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** The browser's environment. */
export function browserSettingsEnvironment(): SettingsEnvironment {
  return {
    fetchImpl: (input, init) => fetch(input, init),
    hostname: window.location.hostname,
    random: Math.random,
    sleep: realSleep,
  };
}

const isRetryable = (error: unknown) => error instanceof RequestError && error.retryable;

/**
 * Fetches and validates the page's domain settings, retrying network and server failures
 * with exponential backoff. A missing field or a body that is not JSON is a failure.
 */
export async function fetchDomainSettings(
  env: SettingsEnvironment,
): Promise<DomainSettingsResponse> {
  const body = await withRetries(
    // Each attempt gets a fresh cache key so no cache can answer with a stale failure.
    () => fetchJson(domainSettingsUrl(env.hostname, env.random), {}, env.fetchImpl),
    {
      retries: SETTINGS_RETRY_COUNT,
      baseDelayMs: SETTINGS_RETRY_BASE_DELAY_MS,
      shouldRetry: isRetryable,
      sleep: env.sleep,
    },
  );
  const parsed = domainSettingsResponseSchema.safeParse(body);
  if (!parsed.success) throw new RequestError(messages.get().invalid, 200, false);
  return parsed.data;
}

/** The outcome of a settings load, and where the player must go because of it. */
export type SettingsOutcome =
  | { status: 'ready'; response: DomainSettingsResponse; redirectTo: null }
  | { status: 'suspended'; response: DomainSettingsResponse; redirectTo: string }
  | { status: 'failed'; message: string; redirectTo: string };

/**
 * Loads the domain settings and records the result (spec §4): the setting and its
 * suspension flag are stored; a failure flags the site suspended and shows the server's
 * or the network's message as an error toast, and a suspended site says so in an info
 * toast. Both send the player to maintenance.
 */
export async function settleDomainSettings(env: SettingsEnvironment): Promise<SettingsOutcome> {
  try {
    const response = await fetchDomainSettings(env);
    storeSetting(response.setting);
    storeSiteSuspended(response.setting.siteSuspended);
    if (!response.setting.siteSuspended) return { status: 'ready', response, redirectTo: null };
    toast.info(suspendedMessage(response.setting.domainTitle));
    return { status: 'suspended', response, redirectTo: paths.underMaintenance.path };
  } catch (error) {
    const message = error instanceof Error ? error.message : messages.get().invalid;
    recordSuspension(message);
    return { status: 'failed', message, redirectTo: paths.underMaintenance.path };
  }
}

/**
 * Records that the site cannot be used, as a failed settings load does (spec §4): the
 * site is flagged suspended and the server's or network's message shown as an error toast.
 * A call the server refused with SITE_SUSPENDED is recorded the same way.
 */
export function recordSuspension(message: string): void {
  storeSiteSuspended(true);
  toast.error(message);
}

/** Fetches the default-domain settings: the platform's default logo and login background. */
export async function fetchDefaultDomainSettings(
  env: SettingsEnvironment,
): Promise<DefaultDomainSettings> {
  const body = await fetchJson(defaultSettingsUrl(env.random), {}, env.fetchImpl);
  const parsed = defaultDomainSettingsSchema.safeParse(body);
  if (!parsed.success) throw new RequestError(messages.get().invalid, 200, false);
  return parsed.data;
}
