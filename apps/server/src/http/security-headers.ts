import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConfigError } from '../config-error';

export interface SecurityHeaderOptions {
  /** Send Strict-Transport-Security on every answer, not only on those that came over TLS. */
  hsts: boolean;
  /**
   * The other origins pages may frame (casino providers' game pages), read for every answer
   * so a provider switched on or off counts at once; none by default.
   */
  frameOrigins?: () => readonly string[];
}

/** Hosts a frame may come from over plain HTTP: this machine's, for a provider run locally. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A frame origin as written (`https://games.example.com`, a port allowed) in its canonical
 * form, or null for anything else: a path, a query, credentials, a wildcard, another scheme
 * (plain HTTP only for this machine's own host, for a provider run locally), or a name that is
 * not a host. Only such origins ever reach the Content-Security-Policy, so no source can widen
 * it beyond one origin or add a directive.
 */
export function frameOrigin(text: string): string | null {
  const trimmed = text.trim().replace(/\/$/, '');
  if (!/^https?:\/\/[a-z0-9.\-[\]:]+$/i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const secure = url.protocol === 'https:';
  if (!secure && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return null;
  if (!url.hostname.includes('.') && !LOOPBACK_HOSTS.has(url.hostname)) return null;
  return url.origin;
}

/**
 * Reads a comma-separated list of frame origins (`CASINO_PROVIDER_ORIGINS`): each must be an
 * origin as `frameOrigin` takes it; a bad one stops the server at start, naming it.
 */
export function parseFrameOrigins(variable: string, raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [];
  const origins = raw.split(',').map((part) => {
    const origin = frameOrigin(part);
    if (!origin) {
      throw new ConfigError(
        `${variable} takes https origins such as "https://games.example.com", separated by commas (no paths, no wildcards), got "${part.trim()}"`,
      );
    }
    return origin;
  });
  return [...new Set(origins)];
}

/**
 * Where pages may take frames from beyond their own origin: the configured origins, and those
 * any part of the app adds (the casino's providers' game pages, from their configuration).
 */
export interface FrameSources {
  /** Adds a source of origins, read every time; what is not an origin is left out. */
  add(source: () => readonly string[]): void;
  /** Every origin now, canonical, once each, in a stable order. */
  list(): string[];
}

/** Frame sources starting with `configured` (checked origins). */
export function frameSources(configured: readonly string[]): FrameSources {
  const sources: (() => readonly string[])[] = [() => configured];
  // Every answer asks: the origins are checked again only when what the sources say changes.
  let last = { given: '', origins: [] as string[] };
  return {
    add(source) {
      sources.push(source);
    },
    list() {
      const texts = sources.flatMap((source) => source());
      const given = texts.join('\n');
      if (given === last.given) return last.origins;
      const origins = new Set<string>();
      for (const text of texts) {
        const origin = frameOrigin(text);
        if (origin) origins.add(origin);
      }
      last = { given, origins: [...origins].sort() };
      return last.origins;
    },
  };
}

/** One year, subdomains included: a brand's `www.` and its bare domain are one site. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The page's policy: scripts, styles and fonts only from this origin (the Vite build has
 * no inline script or style; React sets style properties through the DOM, which the policy
 * does not govern), images from here or `data:` URLs, calls and the hub's WebSocket to this
 * origin, frames of same-origin game pages and of the configured providers' origins, and the
 * brand's web app manifest and the service worker from this origin (named, though
 * `default-src` would cover them).
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/**
 * Browser features the product never uses are switched off for the page and its frames;
 * full screen and autoplay stay for the casino game's frame (and the providers' origins it may
 * come from, listed by `permissionsPolicy`).
 */
const PERMISSIONS_OFF = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
];

/** Features a casino game's frame may use: this origin's and the providers' frames. */
const FRAME_FEATURES = ['autoplay', 'fullscreen'];

/** The Permissions-Policy: what the product does not use off, the game frame's features on. */
export function permissionsPolicy(frameOrigins: readonly string[] = []): string {
  const allowed = ['self', ...frameOrigins.map((origin) => `"${origin}"`)].join(' ');
  return [...FRAME_FEATURES.map((feature) => `${feature}=(${allowed})`), ...PERMISSIONS_OFF]
    .sort()
    .join(', ');
}

/** The policy with no provider's origin. */
export const PERMISSIONS_POLICY = permissionsPolicy();

/** A Host header as browsers send it: a name or address and an optional port, nothing else. */
const PLAIN_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/**
 * The page's Content-Security-Policy. `'self'` covers the hub's WebSocket in current
 * browsers (CSP level 3); older ones need its `ws:` and `wss:` origin named, so it is. Frames
 * come from this origin and from `frameOrigins` (checked origins, from `FrameSources`).
 */
export function contentSecurityPolicy(
  host: string | undefined,
  frameOrigins: readonly string[] = [],
): string {
  const socketOrigins = host && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [
    ...CSP_DIRECTIVES,
    ["frame-src 'self'", ...frameOrigins].join(' '),
    `connect-src 'self'${socketOrigins}`,
  ].join('; ');
}

function isHtml(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.toLowerCase().startsWith('text/html');
}

/** The player API and the back office's: answers that carry tokens and personal data. */
function isApi(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/admin/api/');
}

/**
 * Headers every answer carries: no sniffing, a strict referrer, same-origin framing only
 * (the lobby frames same-origin game pages), features the product does not use switched
 * off, and HSTS over TLS (or always, when configured). Pages get the Content-Security-
 * Policy; API answers carry tokens and personal data, so none is stored by a browser or
 * proxy unless its route says otherwise.
 */
export function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const frameOrigins = options.frameOrigins ?? (() => []);
  // Every answer carries the Permissions-Policy: it is made again only when the origins change.
  let permissions = { origins: '', policy: PERMISSIONS_POLICY };
  app.addHook('onSend', async (request, reply) => {
    const origins = frameOrigins();
    const key = origins.join(' ');
    if (key !== permissions.origins)
      permissions = { origins: key, policy: permissionsPolicy(origins) };
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('permissions-policy', permissions.policy);
    if (options.hsts || request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS_VALUE);
    }
    if (isHtml(reply))
      reply.header('content-security-policy', contentSecurityPolicy(request.host, origins));
    if (isApi(request) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
