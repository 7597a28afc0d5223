import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface SecurityHeaderOptions {
  /** Send Strict-Transport-Security on every answer, not only on those that came over TLS. */
  hsts: boolean;
}

/** One year, subdomains included: a brand's `www.` and its bare domain are one site. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The page's policy: scripts, styles and fonts only from this origin (the Vite build has
 * no inline script or style; React sets style properties through the DOM, which the policy
 * does not govern), images from here or `data:` URLs, calls and the hub's WebSocket to this
 * origin, frames only of same-origin game pages, and the brand's web app manifest and the
 * service worker from this origin (named, though `default-src` would cover them).
 */
const CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/**
 * Browser features the product never uses are switched off for the page and its frames;
 * full screen stays for the casino game's frame.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'camera=()',
  'display-capture=()',
  'fullscreen=(self)',
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
].join(', ');

/** A Host header as browsers send it: a name or address and an optional port, nothing else. */
const PLAIN_HOST = /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i;

/**
 * The page's Content-Security-Policy. `'self'` covers the hub's WebSocket in current
 * browsers (CSP level 3); older ones need its `ws:` and `wss:` origin named, so it is.
 */
export function contentSecurityPolicy(host: string | undefined): string {
  const socketOrigins = host && PLAIN_HOST.test(host) ? ` ws://${host} wss://${host}` : '';
  return [...CSP_DIRECTIVES, `connect-src 'self'${socketOrigins}`].join('; ');
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
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (options.hsts || request.protocol === 'https') {
      reply.header('strict-transport-security', HSTS_VALUE);
    }
    if (isHtml(reply)) reply.header('content-security-policy', contentSecurityPolicy(request.host));
    if (isApi(request) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
