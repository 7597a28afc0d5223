import {
  CACHE_KEY_MAX,
  CACHE_KEY_MIN,
  DEFAULT_SETTINGS_NAME,
  SETTINGS_DIR,
} from '@backlay/contract/domain-settings';
import { settingsNameFor } from '@backlay/domains/hosts';
import { PAGE_REGISTRY } from '../page-registry';

/** Where the content delivery network is mounted on this origin. */
export const CDN_PREFIX = '/cdn';

/** A random cache-busting key, an integer from CACHE_KEY_MIN to CACHE_KEY_MAX inclusive (spec §9). */
export function cacheKey(random: () => number = Math.random): number {
  const span = CACHE_KEY_MAX - CACHE_KEY_MIN + 1;
  return CACHE_KEY_MIN + Math.min(span - 1, Math.floor(random() * span));
}

/** The URL of a settings file by name, with a fresh cache key. */
export function settingsFileUrl(name: string, random: () => number = Math.random): string {
  return `${CDN_PREFIX}/${SETTINGS_DIR}/${encodeURIComponent(name)}.json?v=${cacheKey(random)}`;
}

/** The URL of the settings file for the page's hostname (spec §1). */
export function domainSettingsUrl(hostname: string, random: () => number = Math.random): string {
  return settingsFileUrl(settingsNameFor(hostname, PAGE_REGISTRY), random);
}

/** The URL of the default-domain settings file (spec §1). */
export function defaultSettingsUrl(random: () => number = Math.random): string {
  return settingsFileUrl(DEFAULT_SETTINGS_NAME, random);
}
