/**
 * Operator sessions: an opaque bearer token (only its hash is stored) that ends after
 * `SESSION_HOURS`, after `IDLE_MINUTES` without a call, at sign-out, or when an owner revokes
 * it. Checked against the database on every call, so a revoked or disabled operator's next
 * call is refused at once, on every instance.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@backlay/contract/admin';
import type { Queryable } from '../../db/database';

export const SESSION_HOURS = 12;
export const IDLE_MINUTES = 30;
/** `last_seen_at` is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 60_000;
const TOKEN_PREFIX = 'op_';

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The signed-in operator a call acts for. */
export interface SignedInOperator {
  id: string;
  userName: string;
  role: Role;
  /** null: every brand. */
  brands: string[] | null;
  sessionId: string;
}

export async function startOperatorSession(
  tx: Queryable,
  operatorId: string,
  caller: { ip: string; browser: string },
  at: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(at.getTime() + SESSION_HOURS * 3_600_000);
  await tx.query(
    `INSERT INTO operator_sessions (operator_id, token_hash, ip, browser, created_at,
       last_seen_at, expires_at) VALUES ($1, $2, $3, $4, $5, $5, $6)`,
    [operatorId, hashSessionToken(token), caller.ip, caller.browser, at, expiresAt],
  );
  await tx.query('UPDATE operators SET last_sign_in_at = $2 WHERE id = $1', [operatorId, at]);
  return { token, expiresAt };
}

interface SessionRow {
  session_id: string;
  last_seen_at: Date;
  id: string;
  user_name: string;
  role: Role;
  brands: string[] | null;
}

/** The operator of a live session, or null (unknown, expired, idle, revoked, disabled). */
export async function operatorForToken(
  db: Queryable,
  token: string,
  at: Date,
): Promise<SignedInOperator | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
  const [row] = await db.query<SessionRow>(
    `SELECT s.id AS session_id, s.last_seen_at, o.id, o.user_name, o.role, o.brands
     FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
     WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2
       AND s.last_seen_at > $3 AND NOT o.disabled AND o.enrolled_at IS NOT NULL`,
    [hashSessionToken(token), at, new Date(at.getTime() - IDLE_MINUTES * 60_000)],
  );
  if (!row) return null;
  if (at.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.query('UPDATE operator_sessions SET last_seen_at = $2 WHERE id = $1', [
      row.session_id,
      at,
    ]);
  }
  return {
    id: row.id,
    userName: row.user_name,
    role: row.role,
    brands: row.brands,
    sessionId: row.session_id,
  };
}

export async function revokeSession(db: Queryable, sessionId: string, at: Date): Promise<void> {
  await db.query(
    'UPDATE operator_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL',
    [sessionId, at],
  );
}

/** Ends every live session of an operator; returns how many. */
export async function revokeOperatorSessions(tx: Queryable, operatorId: string, at: Date) {
  const rows = await tx.query(
    `UPDATE operator_sessions SET revoked_at = $2
     WHERE operator_id = $1 AND revoked_at IS NULL AND expires_at > $2 RETURNING id`,
    [operatorId, at],
  );
  return rows.length;
}

export interface OperatorSessionRow {
  id: string;
  ip: string;
  browser: string;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
}

/** An operator's live sessions, newest first. */
export function liveSessions(db: Queryable, operatorId: string, at: Date) {
  return db.query<OperatorSessionRow>(
    `SELECT id, ip, browser, created_at, last_seen_at, expires_at FROM operator_sessions
     WHERE operator_id = $1 AND revoked_at IS NULL AND expires_at > $2 AND last_seen_at > $3
     ORDER BY created_at DESC LIMIT 50`,
    [operatorId, at, new Date(at.getTime() - IDLE_MINUTES * 60_000)],
  );
}
