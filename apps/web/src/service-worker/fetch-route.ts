/**
 * What the service worker does with each request, decided from the request alone so it is
 * tested without a browser. The worker answers two kinds and leaves every other request to
 * the browser, exactly as if there were no worker: nothing else is ever kept.
 */

/** The kinds of request the worker answers, or `network`: it does not answer at all. */
export type FetchRoute =
  /** A page load of the player client: the network first, the cached shell when offline. */
  | 'page'
  /** A file of the build under `/assets/`: named by its content, so a kept copy never goes stale. */
  | 'asset'
  /** Anything else: the API, the hub, settings, artwork, other apps' pages, calls with a token. */
  | 'network';

/** What the decision reads of a request. */
export interface FetchFacts {
  method: string;
  /** The absolute URL. */
  url: string;
  /** `navigate` for a page load. */
  mode: string;
  /** Whether the request carries an `Authorization` header. */
  hasAuthorization: boolean;
  /** The worker's own origin. */
  origin: string;
}

/** The build's hashed files. */
export const ASSET_PREFIX = '/assets/';

/**
 * Paths of the origin that are not the player client's pages: its API and hub, the brands'
 * settings and artwork, and the other apps served beside it (back office, game pages, the
 * sandbox gateway's hosted pages and API). Their pages never get the player's shell.
 */
export const NOT_PLAYER_PAGES = [
  '/api',
  '/hubs',
  '/cdn',
  '/admin',
  '/games',
  '/pay',
  '/sandbox-gateway',
] as const;

function isUnder(pathname: string, prefix: string): boolean {
  const lower = pathname.toLowerCase();
  return lower === prefix || lower.startsWith(`${prefix}/`);
}

/** What the worker does with a request: answer it as a page, as an asset, or not at all. */
export function fetchRoute(request: FetchFacts): FetchRoute {
  if (request.method !== 'GET' || request.hasAuthorization) return 'network';
  const url = new URL(request.url);
  if (url.origin !== request.origin) return 'network';
  // A page load of any other path is the client's: its router decides, and a file named in the
  // address bar (`/sw.js`) still comes from the network whenever there is one.
  if (request.mode === 'navigate') {
    return NOT_PLAYER_PAGES.some((prefix) => isUnder(url.pathname, prefix)) ? 'network' : 'page';
  }
  return url.pathname.startsWith(ASSET_PREFIX) && url.search === '' ? 'asset' : 'network';
}
