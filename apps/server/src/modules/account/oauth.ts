import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database, Queryable } from '../../db/database';
import { pauseInForce } from './play-pause';
import { startSession, type SessionTokens } from './sessions';
import { findUserByName, type UserRow } from './users';

/** RFC 6749 §4.1.2 recommends codes live at most ten minutes; a hand-over takes seconds. */
export const AUTHORIZATION_CODE_SECONDS = 60;

/** RFC 6749 §5.2 error codes. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type';

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

interface ClientRow {
  client_id: string;
  domain: string;
  secret_hash: string;
  redirect_uris: string[];
}

/** Registers an operator's site as a client; returns its secret, shown only this once. */
export async function registerOAuthClient(
  db: Queryable,
  client: { clientId: string; domain: string; redirectUris: string[] },
): Promise<{ clientSecret: string }> {
  const clientSecret = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO oauth_clients (client_id, domain, secret_hash, redirect_uris) VALUES ($1, $2, $3, $4)',
    [client.clientId, client.domain, sha256(clientSecret), client.redirectUris],
  );
  return { clientSecret };
}

/** Authenticates a client by id and secret (RFC 6749 §2.3.1); the same error for either being wrong. */
async function authenticateClient(
  db: Queryable,
  clientId: string,
  secret: string | undefined,
): Promise<ClientRow> {
  const [client] = await db.query<ClientRow>(
    'SELECT client_id, domain, secret_hash, redirect_uris FROM oauth_clients WHERE client_id = $1',
    [clientId],
  );
  if (!client || !secret || !sameHash(client.secret_hash, sha256(secret))) {
    throw new OAuthError('invalid_client', 'Client authentication failed.');
  }
  return client;
}

/**
 * An operator's server asks for a one-time code for one of its players, to send the player's
 * browser to the brand with `?code=…` (the hand-over).
 */
export async function issueAuthorizationCode(
  db: Queryable,
  request: {
    clientId: string;
    clientSecret: string | undefined;
    userName: string;
    redirectUri: string;
  },
  now: Date,
): Promise<{ code: string; expiresIn: number }> {
  const client = await authenticateClient(db, request.clientId, request.clientSecret);
  if (!client.redirect_uris.includes(request.redirectUri)) {
    throw new OAuthError('invalid_request', 'redirect_uri is not registered for this client.');
  }
  const user = await findUserByName(db, client.domain, request.userName);
  // A player on a break (a time-out, self-exclusion) signs in nowhere until it ends.
  if (!user || user.status !== 'active' || user.is_demo || pauseInForce(user, now)) {
    throw new OAuthError('invalid_request', 'No active player of this client has that user name.');
  }
  const code = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO oauth_codes (code_hash, client_id, user_id, redirect_uri, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [
      sha256(code),
      client.client_id,
      user.id,
      request.redirectUri,
      new Date(now.getTime() + AUTHORIZATION_CODE_SECONDS * 1000),
    ],
  );
  return { code, expiresIn: AUTHORIZATION_CODE_SECONDS };
}

/**
 * The token request of RFC 6749 §4.1.3: a code is exchanged once, by the client it was
 * issued to, with the redirect URI it was issued for, on the client's own domain.
 */
export async function exchangeAuthorizationCode(
  db: Database,
  request: {
    grantType: string;
    code: string;
    redirectUri: string;
    clientId: string;
    clientSecret: string | undefined;
  },
  context: { domain: string; tokenKey: Buffer; now: Date },
): Promise<{ user: UserRow; tokens: SessionTokens }> {
  if (request.grantType !== 'authorization_code') {
    throw new OAuthError('unsupported_grant_type', 'Only authorization_code is supported.');
  }
  const client = await authenticateClient(db, request.clientId, request.clientSecret);
  if (client.domain !== context.domain)
    throw new OAuthError('unauthorized_client', 'This client belongs to another site.');
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{
      client_id: string;
      user_id: string;
      redirect_uri: string;
      expires_at: Date;
      used_at: Date | null;
    }>(
      'SELECT client_id, user_id, redirect_uri, expires_at, used_at FROM oauth_codes WHERE code_hash = $1 FOR UPDATE',
      [sha256(request.code)],
    );
    const invalid = new OAuthError(
      'invalid_grant',
      'The authorization code is invalid, expired or already used.',
    );
    if (!row || row.used_at || row.expires_at <= context.now || row.client_id !== client.client_id)
      throw invalid;
    if (row.redirect_uri !== request.redirectUri) throw invalid;
    await tx.query('UPDATE oauth_codes SET used_at = $2 WHERE code_hash = $1', [
      sha256(request.code),
      context.now,
    ]);
    const [user] = await tx.query<UserRow>(
      `SELECT id, domain, user_name, mobile, password_hash, status, is_demo, football, tennis, cricket, kabaddi,
              horse_racing, stakes, expires_at, token_generation FROM users WHERE id = $1 AND domain = $2 AND status = 'active'
         AND (play_paused_until IS NULL OR play_paused_until <= $3)`,
      [row.user_id, client.domain, context.now],
    );
    if (!user) throw invalid;
    return { user, tokens: await startSession(tx, user, context.tokenKey, context.now) };
  });
}
