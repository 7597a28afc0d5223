/**
 * The audit log: one append-only entry per operator action (the table refuses updates and
 * deletes), written in the action's own transaction, so an action and its entry commit or
 * roll back together.
 */
import type { AuditEntry } from '@backlay/contract/admin';
import { stripMarkup } from '@backlay/contract/sanitize-input';
import type { Queryable } from '../../db/database';

export interface AuditRecord {
  operator: { id: string; userName: string } | null;
  /** The name typed, when no operator is known (a failed sign-in). */
  operatorName?: string;
  ip: string;
  action: string;
  brand: string | null;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * A value as the audit log keeps it: JSON, with the markup of every string in it stripped
 * (spec §5), so the free text an operator typed (a reason, a remark, a note, a name tried at
 * sign-in) is stored as text whichever call wrote it.
 */
function storedJson(value: unknown): string | null {
  if (value === undefined) return null;
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' ? stripMarkup(item) : item,
  );
}

/** Writes one entry in the caller's transaction; free text in it is stored without markup. */
export async function writeAudit(db: Queryable, record: AuditRecord): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (operator_id, operator_name, ip, action, brand, target_type,
       target_id, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      record.operator?.id ?? null,
      stripMarkup(record.operator?.userName ?? record.operatorName ?? ''),
      record.ip,
      record.action,
      record.brand,
      record.targetType,
      stripMarkup(record.targetId),
      storedJson(record.before),
      storedJson(record.after),
    ],
  );
}

interface AuditRow {
  id: string;
  at: Date;
  operator_id: string | null;
  operator_name: string;
  ip: string;
  action: string;
  brand: string | null;
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  operator?: string | undefined;
  action?: string | undefined;
  brand?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  before?: number | undefined;
  limit: number;
  /** The brands the reader covers; null: every brand (entries with no brand included). */
  brands: string[] | null;
}

/** A page of entries, newest first, after the `before` id of the page before. */
export async function readAudit(db: Queryable, filter: AuditFilter) {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const where = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filter.operator) where((p) => `lower(operator_name) = lower(${p})`, filter.operator);
  if (filter.action) where((p) => `action = ${p}`, filter.action);
  if (filter.brand) where((p) => `brand = ${p}`, filter.brand);
  if (filter.targetId) where((p) => `target_id = ${p}`, filter.targetId);
  if (filter.from) where((p) => `at >= ${p}`, new Date(filter.from));
  if (filter.to) where((p) => `at < ${p}`, new Date(filter.to));
  if (filter.before) where((p) => `id < ${p}`, filter.before);
  if (filter.brands) where((p) => `brand = ANY(${p}::text[])`, filter.brands);
  params.push(filter.limit + 1);
  const rows = await db.query<AuditRow>(
    `SELECT id, at, operator_id, operator_name, ip, action, brand, target_type, target_id,
       before, after FROM audit_log
     ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
     ORDER BY id DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.slice(0, filter.limit);
  const items: AuditEntry[] = page.map((row) => ({
    id: Number(row.id),
    at: row.at.toISOString(),
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    ip: row.ip,
    action: row.action,
    brand: row.brand,
    targetType: row.target_type,
    targetId: row.target_id,
    before: row.before,
    after: row.after,
  }));
  const last = items[items.length - 1];
  return { items, nextBefore: rows.length > filter.limit && last ? last.id : null };
}
