/** Where a player goes after logging in when no (acceptable) `to` was given. */
export const DEFAULT_RETURN_PATH = '/';

/**
 * The `to` of the login URL if it is safe to go to: a relative path on this origin that
 * starts with a single `/` (never `//host` or `/\host`, which browsers read as another
 * site, and no scheme), and is not an auth page, which would only send the player back
 * here. Anything else yields null, refusing open redirects.
 */
export function safeReturnPath(
  raw: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Browsers drop tabs and newlines from URLs, so `/\t/evil.example` would become `//evil.example`.
  if (Array.from(raw).some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (/^\/auth(?:\/|$)/i.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}
