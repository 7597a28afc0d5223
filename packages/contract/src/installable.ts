/**
 * Installing a brand on the home screen: each brand host answers its own web app manifest, and
 * one service worker keeps the app shell for offline starts. The server serves these paths, the
 * page links them, and the player client registers the worker.
 */

/** A brand's web app manifest, on its own host. */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';
export const WEB_MANIFEST_CONTENT_TYPE = 'application/manifest+json';
/** The service worker's script (built with the client) and the pages it controls. */
export const SERVICE_WORKER_PATH = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';
/** Where a brand's home-screen icons are served: `<prefix><brand>/<file>`. */
export const WEB_APP_ICONS_PREFIX = '/cdn/pwa/';

/**
 * The home-screen icons every brand has, made from its own artwork: `any` icons show the
 * artwork whole; a `maskable` one keeps it inside the safe zone a launcher may crop to a
 * circle; iOS takes the 180 px `apple-touch-icon` and fills no transparency of its own.
 */
export const WEB_APP_ICONS = {
  'icon-192.png': { sizePx: 192, purpose: 'any' },
  'icon-512.png': { sizePx: 512, purpose: 'any' },
  'icon-maskable-512.png': { sizePx: 512, purpose: 'maskable' },
  'apple-touch-icon.png': { sizePx: 180, purpose: 'apple' },
} as const;

export type WebAppIconFile = keyof typeof WEB_APP_ICONS;

/** A brand's web app manifest: the fields browsers read to install it. */
export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: '/';
  scope: typeof SERVICE_WORKER_SCOPE;
  display: 'standalone';
  /** `#rrggbb`: the browser bar's colour. */
  theme_color: string;
  /** `#rrggbb`: the splash screen's. */
  background_color: string;
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
}
