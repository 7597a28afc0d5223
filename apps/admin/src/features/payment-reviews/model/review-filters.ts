import {
  GATEWAY_REVIEW_STATUSES,
  type GatewayReviewStatus,
} from '@backlay/contract/admin-gateway-reviews';

/** A status to list, or every status. */
export type ReviewStatusFilter = GatewayReviewStatus | 'ALL';

/** What the review queue lists, as its URL holds it. */
export interface ReviewFilters {
  /** One brand; empty for every brand the operator covers. */
  brand: string;
  status: ReviewStatusFilter;
  /** A gateway reference or a player's name prefix; empty for no search. */
  search: string;
  /** The page, from 1. */
  page: number;
}

/** The work to do: what waits on every brand, first page. */
export const WAITING_FILTERS: ReviewFilters = {
  brand: '',
  status: 'UNDER_REVIEW',
  search: '',
  page: 1,
};

/** Payments one page of the queue lists. */
export const REVIEW_PAGE_SIZE = 50;

/** The last page the server serves: it takes offsets up to 100 000. */
export const MAX_REVIEW_PAGE = 100_000 / REVIEW_PAGE_SIZE + 1;

/** The URL's word for every status; a missing status means UNDER_REVIEW, the queue's work. */
const ALL_PARAM = 'all';

function isStatus(value: string | null): value is GatewayReviewStatus {
  return value !== null && (GATEWAY_REVIEW_STATUSES as readonly string[]).includes(value);
}

/** The filters the queue's URL holds; anything unreadable falls back to the waiting queue's. */
export function filtersOf(search: URLSearchParams): ReviewFilters {
  const status = search.get('status');
  const page = Number(search.get('page'));
  return {
    brand: search.get('brand') ?? '',
    status: status === ALL_PARAM ? 'ALL' : isStatus(status) ? status : 'UNDER_REVIEW',
    search: search.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_REVIEW_PAGE) : 1,
  };
}

/** The URL's parameters for the filters, leaving out what is the default. */
export function paramsOf(filters: ReviewFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.brand) params.set('brand', filters.brand);
  if (filters.status !== 'UNDER_REVIEW') {
    params.set('status', filters.status === 'ALL' ? ALL_PARAM : filters.status);
  }
  if (filters.search.trim()) params.set('q', filters.search.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Whether a status filter's value is one of its choices. */
export function isStatusFilter(value: string): value is ReviewStatusFilter {
  return value === 'ALL' || isStatus(value);
}

/** A review's status in words. */
export const STATUS_LABELS: Record<GatewayReviewStatus, string> = {
  UNDER_REVIEW: 'Under review',
  PAID: 'Credited',
  REJECTED: 'Rejected',
};

/** The status filter's choices, the waiting queue first. */
export const STATUS_OPTIONS = [
  ...GATEWAY_REVIEW_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
  { value: 'ALL', label: 'Any status' },
];

/** How the player paid, in words. */
export const CHANNEL_LABELS = { LINK: 'Payment link', UPI_INTENT: 'UPI app' } as const;
