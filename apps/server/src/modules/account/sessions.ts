import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/database';
import { signAccessToken } from './access-token';
import { announcePlayerChange } from './player-changes';

export const ACCESS_TOKEN_SECONDS = 30 * 60;
export const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  expireInSeconds: number;
  casinoToken: string;
}

export interface SessionUser {
  id: string;
  domain: string;
  is_demo: boolean;
  expires_at: Date | null;
  /** The generation the session belongs to, as read with the user (see `endAllSessions`). */
  token_generation: number;
}

/** Refresh tokens are stored as SHA-256 hashes: a leaked table logs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function accessTokenFor(
  user: SessionUser,
  key: Buffer,
  now: Date,
): { token: string; seconds: number } {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  // A demo session never outlives its account.
  const limit = user.expires_at
    ? Math.floor(user.expires_at.getTime() / 1000) - nowSeconds
    : ACCESS_TOKEN_SECONDS;
  const seconds = Math.max(1, Math.min(ACCESS_TOKEN_SECONDS, limit));
  const token = signAccessToken(
    {
      sub: user.id,
      dom: user.domain,
      demo: user.is_demo,
      gen: user.token_generation,
      iat: nowSeconds,
      exp: nowSeconds + seconds,
    },
    key,
  );
  return { token, seconds };
}

function refreshExpiry(user: SessionUser, now: Date): Date {
  const normal = new Date(now.getTime() + REFRESH_TOKEN_SECONDS * 1000);
  return user.expires_at && user.expires_at < normal ? user.expires_at : normal;
}

/** A refresh token as stored: only its hash, so the row alone logs nobody in. */
export interface RefreshTokenRow {
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  createdAt: Date;
  /** The user's session generation it was issued in; refresh refuses it once that has passed. */
  generation: number;
}

/** A new refresh token of a family: the token for the player and the row that makes it valid. */
function newRefreshToken(
  user: SessionUser,
  familyId: string,
  now: Date,
): { token: string; row: RefreshTokenRow } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    row: {
      userId: user.id,
      familyId,
      tokenHash: hashToken(token),
      expiresAt: refreshExpiry(user, now),
      createdAt: now,
      generation: user.token_generation,
    },
  };
}

async function insertRefreshToken(db: Queryable, row: RefreshTokenRow): Promise<void> {
  await db.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at, generation)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [row.userId, row.familyId, row.tokenHash, row.expiresAt, row.createdAt, row.generation],
  );
}

/** The casino token is derived, not stored: a provider adapter can check it with the same key. */
function casinoTokenFor(userId: string, familyId: string, key: Buffer): string {
  return createHmac('sha256', key).update(`casino:${userId}:${familyId}`).digest('base64url');
}

/**
 * A new session, not yet stored: a new refresh-token family and a first access token. The
 * tokens are valid once `refreshToken` is inserted; login writes it together with the attempt.
 */
export function newSession(
  user: SessionUser,
  key: Buffer,
  now: Date,
): { tokens: SessionTokens; refreshToken: RefreshTokenRow } {
  const familyId = randomUUID();
  const refresh = newRefreshToken(user, familyId, now);
  const access = accessTokenFor(user, key, now);
  return {
    tokens: {
      accessToken: access.token,
      refreshToken: refresh.token,
      expireInSeconds: access.seconds,
      casinoToken: casinoTokenFor(user.id, familyId, key),
    },
    refreshToken: refresh.row,
  };
}

/** Starts a session: a new refresh-token family and a first access token. */
export async function startSession(
  db: Queryable,
  user: SessionUser,
  key: Buffer,
  now: Date,
): Promise<SessionTokens> {
  const session = newSession(user, key, now);
  await insertRefreshToken(db, session.refreshToken);
  return session.tokens;
}

export type RefreshOutcome =
  | { ok: true; tokens: Omit<SessionTokens, 'casinoToken'> }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'other_domain' }
  /** A spent token came back: its whole family is revoked (someone else may hold a copy). */
  | { ok: false; reason: 'reused'; userId: string };

interface RefreshRow {
  id: string;
  family_id: string;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
  generation: number;
  user_id: string;
  domain: string;
  is_demo: boolean;
  user_expires_at: Date | null;
  token_generation: number;
  status: string;
  paused: boolean | null;
}

/**
 * Rotates a refresh token: the presented one is spent and a new one of the same family is
 * issued. Presenting a spent token again means it was copied, so the whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  domain: string,
  key: Buffer,
  now: Date,
): Promise<RefreshOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<RefreshRow>(
      `SELECT t.id, t.family_id, t.expires_at, t.rotated_at, t.revoked_at, t.generation,
              t.user_id, u.domain, u.is_demo, u.expires_at AS user_expires_at,
              u.token_generation, u.status, u.play_paused_until > $2 AS paused
       FROM refresh_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = $1
       FOR UPDATE OF t`,
      [hashToken(presented), now],
    );
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.domain !== domain) return { ok: false, reason: 'other_domain' };
    // Ending a player's sessions revokes their tokens and moves their generation on; the
    // generation also ends a token issued while that happened (a login or a refresh racing a
    // password change), which the revocation could not see. A break holds even for one that
    // slipped past.
    if (
      row.revoked_at ||
      row.generation !== row.token_generation ||
      row.status !== 'active' ||
      row.paused
    )
      return { ok: false, reason: 'revoked' };
    if (row.rotated_at) {
      await tx.query(
        'UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL',
        [row.family_id, now],
      );
      return { ok: false, reason: 'reused', userId: row.user_id };
    }
    if (row.expires_at <= now) return { ok: false, reason: 'expired' };
    await tx.query('UPDATE refresh_tokens SET rotated_at = $2 WHERE id = $1', [row.id, now]);
    const user: SessionUser = {
      id: row.user_id,
      domain: row.domain,
      is_demo: row.is_demo,
      expires_at: row.user_expires_at,
      token_generation: row.token_generation,
    };
    const refresh = newRefreshToken(user, row.family_id, now);
    await insertRefreshToken(tx, refresh.row);
    const access = accessTokenFor(user, key, now);
    return {
      ok: true,
      tokens: {
        accessToken: access.token,
        refreshToken: refresh.token,
        expireInSeconds: access.seconds,
      },
    };
  });
}

/**
 * Ends every session of a player in the caller's transaction (a password change, an operator's
 * login lock or forced password change, a break): their refresh tokens are revoked and their
 * session generation moves on, so every access token issued before is refused by the next
 * bearer check on any instance, even after a lock is lifted. Once committed, the change is
 * announced as a sign-out (the bearer checks of this process read the player again, and every
 * other instance hears of it through the hub). Answers the new generation, for the tokens of a
 * session that continues (the password change's own).
 */
export async function endAllSessions(
  tx: Queryable,
  player: { domain: string; id: string },
  now: Date,
): Promise<number> {
  const [row] = await tx.query<{ token_generation: number }>(
    `UPDATE users SET token_generation = token_generation + 1 WHERE id = $1 AND domain = $2
     RETURNING token_generation`,
    [player.id, player.domain],
  );
  if (!row) throw new Error(`player ${player.id} of ${player.domain} does not exist`);
  await tx.query(
    'UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [player.id, now],
  );
  announcePlayerChange(tx, { domain: player.domain, playerId: player.id, signedOut: true });
  return row.token_generation;
}
