/** The operators' tables: operators, enrolment links, recovery codes and sessions. */
import type { Operator, Role } from '@backlay/contract/admin';
import type { Queryable } from '../../db/database';

export interface OperatorRow {
  id: string;
  user_name: string;
  role: Role;
  brands: string[] | null;
  password_hash: string | null;
  totp_secret_sealed: string | null;
  enrolled_at: Date | null;
  disabled: boolean;
  created_at: Date;
  last_sign_in_at: Date | null;
}

const OPERATOR_COLUMNS = `id, user_name, role, brands, password_hash, totp_secret_sealed,
  enrolled_at, disabled, created_at, last_sign_in_at`;

/** An operator as the contract shows it (no hashes, no secrets). */
export function operatorView(row: OperatorRow): Operator {
  return {
    id: row.id,
    userName: row.user_name,
    role: row.role,
    brands: row.brands ?? 'all',
    enrolled: row.enrolled_at !== null,
    disabled: row.disabled,
    createdAt: row.created_at.toISOString(),
    lastSignInAt: row.last_sign_in_at?.toISOString() ?? null,
  };
}

export async function findOperatorByName(db: Queryable, userName: string) {
  const [row] = await db.query<OperatorRow>(
    `SELECT ${OPERATOR_COLUMNS} FROM operators WHERE lower(user_name) = lower($1)`,
    [userName],
  );
  return row ?? null;
}

export async function findOperatorById(db: Queryable, id: string, lock = false) {
  const [row] = await db.query<OperatorRow>(
    `SELECT ${OPERATOR_COLUMNS} FROM operators WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row ?? null;
}

export function listOperators(db: Queryable) {
  return db.query<OperatorRow>(
    `SELECT ${OPERATOR_COLUMNS} FROM operators ORDER BY lower(user_name)`,
  );
}

/** Inserts an operator; null when the name is taken (any spelling). */
export async function insertOperator(
  tx: Queryable,
  operator: { userName: string; role: Role; brands: string[] | null },
): Promise<OperatorRow | null> {
  const [row] = await tx.query<OperatorRow>(
    `INSERT INTO operators (user_name, role, brands) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING ${OPERATOR_COLUMNS}`,
    [operator.userName, operator.role, operator.brands],
  );
  return row ?? null;
}

export async function updateOperatorRole(
  tx: Queryable,
  id: string,
  change: { role: Role; brands: string[] | null; disabled: boolean },
): Promise<OperatorRow> {
  const [row] = await tx.query<OperatorRow>(
    `UPDATE operators SET role = $2, brands = $3, disabled = $4 WHERE id = $1
     RETURNING ${OPERATOR_COLUMNS}`,
    [id, change.role, change.brands, change.disabled],
  );
  if (!row) throw new Error(`operator ${id} vanished`);
  return row;
}

/** Forgets an operator's password, TOTP secret and recovery codes: they must enrol again. */
export async function clearEnrolment(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `UPDATE operators SET password_hash = NULL, totp_secret_sealed = NULL, enrolled_at = NULL,
       totp_last_step = 0 WHERE id = $1`,
    [id],
  );
  await tx.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [id]);
  // Links handed out before are void.
  await tx.query(
    'UPDATE operator_enrolments SET used_at = now() WHERE operator_id = $1 AND used_at IS NULL',
    [id],
  );
}

export async function insertEnrolment(
  tx: Queryable,
  link: { tokenHash: string; operatorId: string; secretSealed: string; expiresAt: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO operator_enrolments (token_hash, operator_id, totp_secret_sealed, expires_at)
     VALUES ($1, $2, $3, $4)`,
    [link.tokenHash, link.operatorId, link.secretSealed, link.expiresAt],
  );
}

export interface EnrolmentRow {
  operator_id: string;
  totp_secret_sealed: string;
  expires_at: Date;
}

/** An open enrolment link (not used, not expired), locked when asked. */
export async function findOpenEnrolment(
  db: Queryable,
  tokenHash: string,
  at: Date,
  lock = false,
): Promise<EnrolmentRow | null> {
  const [row] = await db.query<EnrolmentRow>(
    `SELECT operator_id, totp_secret_sealed, expires_at FROM operator_enrolments
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2${lock ? ' FOR UPDATE' : ''}`,
    [tokenHash, at],
  );
  return row ?? null;
}

/** Uses an enrolment link: the password, the secret and fresh recovery codes, all at once. */
export async function completeEnrolment(
  tx: Queryable,
  enrolment: {
    tokenHash: string;
    operatorId: string;
    passwordHash: string;
    secretSealed: string;
    totpStep: number;
    recoveryCodeHashes: string[];
    at: Date;
  },
): Promise<void> {
  await tx.query('UPDATE operator_enrolments SET used_at = $2 WHERE token_hash = $1', [
    enrolment.tokenHash,
    enrolment.at,
  ]);
  await tx.query(
    `UPDATE operators SET password_hash = $2, totp_secret_sealed = $3, enrolled_at = $4,
       totp_last_step = $5 WHERE id = $1`,
    [
      enrolment.operatorId,
      enrolment.passwordHash,
      enrolment.secretSealed,
      enrolment.at,
      enrolment.totpStep,
    ],
  );
  await tx.query('DELETE FROM operator_recovery_codes WHERE operator_id = $1', [
    enrolment.operatorId,
  ]);
  await tx.query(
    `INSERT INTO operator_recovery_codes (operator_id, code_hash)
     SELECT $1, unnest($2::text[])`,
    [enrolment.operatorId, enrolment.recoveryCodeHashes],
  );
}

/**
 * Claims a TOTP time step for a sign-in: true only when it is later than the last one used,
 * decided in one statement, so two sign-ins with one code cannot both pass.
 */
export async function claimTotpStep(db: Queryable, operatorId: string, step: number) {
  const rows = await db.query(
    `UPDATE operators SET totp_last_step = $2 WHERE id = $1 AND totp_last_step < $2
     RETURNING id`,
    [operatorId, step],
  );
  return rows.length === 1;
}

/** Uses a recovery code once; returns how many are left, or null when it was not good. */
export async function useRecoveryCode(db: Queryable, operatorId: string, codeHash: string) {
  const used = await db.query(
    `UPDATE operator_recovery_codes SET used_at = now()
     WHERE operator_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING code_hash`,
    [operatorId, codeHash],
  );
  if (used.length === 0) return null;
  const [left] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM operator_recovery_codes
     WHERE operator_id = $1 AND used_at IS NULL`,
    [operatorId],
  );
  return left?.n ?? 0;
}

/** Whether the operator signed in from this address lately (it never counts against them). */
export async function isKnownAddress(db: Queryable, userName: string, ip: string, since: Date) {
  const rows = await db.query(
    `SELECT 1 FROM operator_sessions s JOIN operators o ON o.id = s.operator_id
     WHERE lower(o.user_name) = lower($1) AND s.ip = $2 AND s.created_at > $3 LIMIT 1`,
    [userName, ip, since],
  );
  return rows.length > 0;
}
