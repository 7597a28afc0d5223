import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an access token says about its bearer. */
export interface AccessClaims {
  /** The user's id. */
  sub: string;
  /** The domain the user belongs to; the token is refused on any other. */
  dom: string;
  demo: boolean;
  /**
   * The player's session generation when it was issued: ending every session of the player (a
   * password change, a login lock) counts theirs up, and the bearer check refuses older tokens.
   */
  gen: number;
  /** Issued at and expiry, in seconds since the epoch (RFC 7519). */
  iat: number;
  exp: number;
}

export type TokenCheck =
  | { ok: true; claims: AccessClaims }
  | { ok: false; reason: 'malformed' | 'bad_signature' | 'unsupported_algorithm' | 'expired' };

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(input: string | Buffer): string {
  return Buffer.from(input).toString('base64url');
}

function sign(data: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** Signs claims as a compact HS256 JWT. */
export function signAccessToken(claims: AccessClaims, key: Buffer): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, key).toString('base64url')}`;
}

/** Player ids are UUIDs; a token naming anything else is malformed, whoever signed it. */
const PLAYER_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isClaims(value: unknown): value is AccessClaims {
  const c = value as Partial<AccessClaims> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    typeof c.sub === 'string' &&
    PLAYER_ID_PATTERN.test(c.sub) &&
    typeof c.dom === 'string' &&
    typeof c.demo === 'boolean' &&
    Number.isSafeInteger(c.gen) &&
    (c.gen as number) >= 0 &&
    Number.isInteger(c.iat) &&
    Number.isInteger(c.exp)
  );
}

/**
 * Tokens issued before sessions had generations carry none: they were issued in the first one,
 * which every player was still in.
 */
function withGeneration(claims: unknown): unknown {
  if (typeof claims !== 'object' || claims === null || 'gen' in claims) return claims;
  return { ...claims, gen: 0 };
}

/**
 * Verifies a token: only HS256 with our key is accepted, whatever the header asks for
 * (so `alg: none` and algorithm confusion fail), and the expiry is enforced.
 */
export function verifyAccessToken(token: string, key: Buffer, nowSeconds: number): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  let alg: unknown;
  let claims: unknown;
  try {
    alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown }).alg;
    claims = withGeneration(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (alg !== 'HS256') return { ok: false, reason: 'unsupported_algorithm' };
  const expected = sign(`${header}.${payload}`, key);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'bad_signature' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/** Verified tokens a verifier remembers at most (see `rememberingVerifier`). */
const REMEMBERED_TOKENS = 10_000;

/**
 * `verifyAccessToken` with `key`, remembering the claims of tokens that passed: a player's
 * every call carries the same token until it is refreshed, and checking its signature again
 * (two base64 decodes, two JSON parses, an HMAC) cost more of the server's time per bet than
 * the lookup. Only a token that passed is remembered, under its whole text, so a forged or
 * altered one is never found and is checked in full; the expiry is compared with `nowSeconds`
 * on every call, remembered or not. The oldest remembered token is dropped once `capacity` are
 * held. `verify` is the check itself (replaceable in tests, to count its calls).
 */
export function rememberingVerifier(
  key: Buffer,
  capacity: number = REMEMBERED_TOKENS,
  verify: typeof verifyAccessToken = verifyAccessToken,
): (token: string, nowSeconds: number) => TokenCheck {
  const remembered = new Map<string, AccessClaims>();
  return (token, nowSeconds) => {
    const claims = remembered.get(token);
    if (claims) {
      if (claims.exp > nowSeconds) return { ok: true, claims };
      remembered.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const check = verify(token, key, nowSeconds);
    if (check.ok) {
      if (remembered.size >= capacity) {
        const oldest = remembered.keys().next();
        if (!oldest.done) remembered.delete(oldest.value);
      }
      remembered.set(token, check.claims);
    }
    return check;
  };
}
