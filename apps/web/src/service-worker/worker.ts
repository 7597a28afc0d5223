/**
 * The service worker (served at `/sw.js`, built by `vite-plugin.ts`): keeps the app shell so
 * the client starts without a network. On install it keeps the page and the entry's files of
 * this build; page loads go to the network first and fall back to the kept page offline;
 * the build's hashed files come from the cache first and are kept as they are first fetched.
 * Everything else, above all the API, the hub, settings and any call with a token, is left to
 * the browser and never kept (`fetch-route.ts`). A new build installs beside the old one,
 * takes over at once and drops the old build's cache.
 */
import { fetchRoute } from './fetch-route';
import { SHELL_PAGE } from './shell-files';

/** Put in by the build: the shell's URLs and the build's id. */
declare const __SHELL_FILES__: readonly string[];
declare const __BUILD_ID__: string;

// The DOM library has no service worker types: what this worker uses of them, spelled out.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
}
declare const self: ServiceWorkerScope;

const CACHE_PREFIX = 'backlay-shell-';
const CACHE_NAME = `${CACHE_PREFIX}${__BUILD_ID__}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE_NAME)
      // The page is fetched afresh; the entry's files were just loaded and come from the
      // browser's cache.
      .then((cache) =>
        cache.addAll(
          __SHELL_FILES__.map((url) =>
            url === SHELL_PAGE ? new Request(url, { cache: 'no-cache' }) : url,
          ),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** The network's answer; offline, the kept page (the client routes it from its URL). */
async function pageFromNetwork(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_PAGE, { cacheName: CACHE_NAME });
    if (shell) return shell;
    throw error;
  }
}

/** The kept copy of a build file, else the network's, kept when it is a whole answer. */
async function assetFromCache(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE_NAME);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const route = fetchRoute({
    method: request.method,
    url: request.url,
    mode: request.mode,
    hasAuthorization: request.headers.has('authorization'),
    origin: self.location.origin,
  });
  if (route === 'page') event.respondWith(pageFromNetwork(request));
  else if (route === 'asset') event.respondWith(assetFromCache(request));
});
