import { QUEUE_STATUSES, type QueueStatus } from '@backlay/contract/admin-payments';
import type { PaymentRequestKind } from '@backlay/contract/wallet';

/** A status to list, or every status. */
export type QueueStatusFilter = QueueStatus | 'ALL';

/** What a queue lists, as its URL holds it. */
export interface QueueFilters {
  /** One brand; empty for every brand the operator covers. */
  brand: string;
  status: QueueStatusFilter;
  /** A UTR, payout reference or a player's name prefix; empty for no search. */
  search: string;
  /** The page, from 1. */
  page: number;
}

/** The work to do: what waits on every brand, first page. */
export const PENDING_FILTERS: QueueFilters = { brand: '', status: 'PENDING', search: '', page: 1 };

/** Requests one page of a queue lists. */
export const QUEUE_PAGE_SIZE = 50;

/** The last page the server serves: it takes offsets up to 100 000. */
export const MAX_QUEUE_PAGE = 100_000 / QUEUE_PAGE_SIZE + 1;

/** The URL's word for every status; a missing status means PENDING, the queue's work. */
const ALL_PARAM = 'all';

function isStatus(value: string | null): value is QueueStatus {
  return value !== null && (QUEUE_STATUSES as readonly string[]).includes(value);
}

/** The filters a queue's URL holds; anything unreadable falls back to the pending queue's. */
export function filtersOf(search: URLSearchParams): QueueFilters {
  const status = search.get('status');
  const page = Number(search.get('page'));
  return {
    brand: search.get('brand') ?? '',
    status: status === ALL_PARAM ? 'ALL' : isStatus(status) ? status : 'PENDING',
    search: search.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_QUEUE_PAGE) : 1,
  };
}

/** The URL's parameters for the filters, leaving out what is the default. */
export function paramsOf(filters: QueueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.status !== 'PENDING') {
    params.set('status', filters.status === 'ALL' ? ALL_PARAM : filters.status);
  }
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** A status in words: APPROVED is a deposit credited, or a withdrawal paid out. */
export function statusLabel(kind: PaymentRequestKind, status: QueueStatus): string {
  switch (status) {
    case 'PENDING':
      return 'Pending';
    case 'AWAITING_APPROVAL':
      return 'Awaiting 2nd approval';
    case 'APPROVED':
      return kind === 'DEPOSIT' ? 'Approved' : 'Paid';
    case 'REJECTED':
      return 'Rejected';
    case 'CANCELLED':
      return 'Cancelled';
    case 'UNDER_REVIEW':
      return 'Under review';
  }
}

/** The status filter's choices, the pending queue first. */
export function statusOptions(kind: PaymentRequestKind) {
  return [
    // Only a deposit is ever under review (a gateway's) or awaiting a second approval (a
    // corrected amount).
    ...QUEUE_STATUSES.filter(
      (status) =>
        kind === 'DEPOSIT' || (status !== 'UNDER_REVIEW' && status !== 'AWAITING_APPROVAL'),
    ).map((status) => ({
      value: status,
      label: statusLabel(kind, status),
    })),
    { value: 'ALL', label: 'Any status' },
  ];
}

/** Whether a request still waits for finance: pending, or awaiting a second approval. */
export function awaitsDecision(status: QueueStatus): boolean {
  return status === 'PENDING' || status === 'AWAITING_APPROVAL';
}

/** Whether a status filter's value is one of its choices. */
export function isStatusFilter(value: string): value is QueueStatusFilter {
  return value === 'ALL' || isStatus(value);
}
