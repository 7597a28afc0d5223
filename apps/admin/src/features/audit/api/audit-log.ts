import { auditLogRoute } from '@backlay/contract/admin-calls';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callAdmin, type AdminResult } from '../../../shared/api/call-admin';
import { dayBoundary } from '../../../shared/format/dates';

export type AuditPage = AdminResult<typeof auditLogRoute>;

/** Entries one page brings. */
export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  operator: string;
  action: string;
  brand: string;
  targetId: string;
  /** First day shown (`yyyy-mm-dd`, the operator's time zone), or empty. */
  from: string;
  /** Last day shown, or empty. */
  to: string;
}

/** One page of the audit log, newest first, before the last id of the page before (`GET audit`). */
export function fetchAuditPage(
  filters: AuditFilters,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<AuditPage> {
  return callAdmin(
    auditLogRoute,
    {
      operator: filters.operator.trim() || undefined,
      action: filters.action.trim() || undefined,
      brand: filters.brand || undefined,
      targetId: filters.targetId.trim() || undefined,
      from: dayBoundary(filters.from),
      to: dayBoundary(filters.to, true),
      before,
      limit: AUDIT_PAGE_SIZE,
    },
    { signal },
  );
}

/** The audit log's pages; the next starts before the last one's `nextBefore`. */
export function auditLogQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['audit', filters] as const,
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}
