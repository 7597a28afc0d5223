import type { ApiRoute } from '@backlay/contract/routes';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { readText } from '../storage/storage';

/** Where the API lives when no base URL is saved: this origin's `/api/` (spec §7). */
export const DEFAULT_API_PATH = '/api/';

function withTrailingSlash(href: string): string {
  return href.endsWith('/') ? href : `${href}/`;
}

/**
 * The API base URL (spec §7): the saved base URL when it is an http(s) URL (absolute, or a
 * path on this origin), else this origin's `/api/`. Always ends with a slash, so a route's
 * path resolves beneath it.
 */
export function apiBaseUrl(origin: string = window.location.origin): string {
  // Older clients saved the value as a JSON string; both spellings are accepted.
  const saved = readText(STORAGE_KEYS.baseUrl)
    ?.trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
  if (saved) {
    try {
      const url = new URL(saved, origin);
      if (url.protocol === 'https:' || url.protocol === 'http:') {
        url.search = '';
        url.hash = '';
        return withTrailingSlash(url.href);
      }
    } catch {
      // An unreadable saved value is ignored, as if none were saved.
    }
  }
  return new URL(DEFAULT_API_PATH, origin).href;
}

/** The URL a contract route is called on: under `base`, by default the API base URL. */
export function apiUrl(route: ApiRoute, base: string = apiBaseUrl()): URL {
  return new URL(route.path, base);
}
