import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { formatCount } from '../../../shared/format/money';
import { useMe } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { nextWaiting } from '../../../shared/queue/next-waiting';
import { DataGrid } from '../../../shared/ui/data-grid';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useGatewayReviews, type ReviewItem } from '../api/gateway-reviews';
import {
  MAX_REVIEW_PAGE,
  REVIEW_PAGE_SIZE,
  STATUS_LABELS,
  STATUS_OPTIONS,
  filtersOf,
  isStatusFilter,
  paramsOf,
  type ReviewFilters,
} from '../model/review-filters';
import { decidedText } from '../model/review-decisions';
import { reviewColumns } from '../components/review-columns';
import { ReviewDialog } from '../components/review-dialog';
import '../components/payment-reviews.css';

/** How many payments the filters match over every page, in words. */
function summaryText(filters: ReviewFilters, totalCount: number): string {
  const noun = totalCount === 1 ? 'payment' : 'payments';
  if (filters.status === 'ALL') return `${formatCount(totalCount)} reviewed ${noun}`;
  return `${formatCount(totalCount)} ${noun} ${STATUS_LABELS[filters.status].toLowerCase()}`;
}

/**
 * `/admin/payments/gateway-reviews`: gateway payments the gateway reported paid with another
 * amount than they asked for, oldest waiting first, filtered by brand, status and a search. A
 * row opens the payment in a dialog, where an operator who may decide deposits decides it; a
 * decision closes it and opens the next payment waiting on the page.
 */
export default function PaymentReviewsPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const [text, setText] = useState(filters.search);
  const [opened, setOpened] = useState<ReviewItem | null>(null);
  const [decided, setDecided] = useState<string | null>(null);
  const { data: me } = useMe();
  const queue = useGatewayReviews(filters);
  const waiting = filters.status === 'UNDER_REVIEW';
  const open = useCallback((item: ReviewItem | null) => {
    setDecided(null);
    setOpened(item);
  }, []);
  const columns = useMemo(() => reviewColumns(open, waiting), [open, waiting]);
  const moveOn = (item: ReviewItem) => {
    setDecided(decidedText(item));
    setOpened(
      nextWaiting(queue.data?.items ?? [], item.id, (other) => other.status === 'UNDER_REVIEW'),
    );
  };

  // A new filter starts again from the first page.
  const apply = (next: Partial<ReviewFilters>) =>
    setSearch(paramsOf({ ...filters, page: 1, ...next }), { replace: true });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ search: text });
  };
  const brandOptions = [
    { value: '', label: 'All brands' },
    ...brandsInScope(me).map((domain) => ({ value: domain, label: domain })),
  ];
  const { data } = queue;
  const first = (filters.page - 1) * REVIEW_PAGE_SIZE;

  return (
    <>
      <PageHeader
        title="Gateway reviews"
        subtitle="Payments the gateway reported paid with another amount than they asked for. Nothing is credited until you decide."
      />
      <form className="filters" onSubmit={submit} role="search" aria-label="Find gateway payments">
        <TextField
          className="filters__search"
          label="Gateway reference or player"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={40}
          spellCheck={false}
        />
        <Button type="submit" variant="primary">
          Search
        </Button>
        <SelectField
          label="Brand"
          value={filters.brand}
          options={brandOptions}
          onChange={(event) => apply({ brand: event.target.value })}
        />
        <SelectField
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(event) => {
            const status = event.target.value;
            if (isStatusFilter(status)) apply({ status });
          }}
        />
      </form>
      {queue.isPending ? (
        <Loading />
      ) : !data ? (
        <ErrorNotice error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <div className="stack" aria-busy={queue.isPlaceholderData || undefined}>
          {queue.isError ? <ErrorNotice error={queue.error} /> : null}
          {decided && !opened ? (
            <Notice tone="success">
              <p>{decided} Nothing else on this page waits for you.</p>
            </Notice>
          ) : null}
          <p className="review-summary" aria-label="Queue totals">
            {summaryText(filters, data.totalCount)}
          </p>
          <DataGrid
            // The waiting list and the decided ones have their own columns, chosen apart.
            key={waiting ? 'waiting' : 'decided'}
            id={waiting ? 'gateway-reviews-waiting' : 'gateway-reviews-decided'}
            label="Gateway reviews"
            data={data.items}
            columns={columns}
            getRowId={(row) => row.id}
            onRowClick={open}
            {...(waiting ? {} : { defaultHiddenColumns: ['channel'] })}
            emptyText={
              filters.search || !waiting
                ? 'No payment matches these filters.'
                : 'Nothing is waiting.'
            }
            footer={
              <nav className="review-pager" aria-label="Pages">
                <span className="grid__count">
                  {data.items.length === 0
                    ? `None of ${formatCount(data.totalCount)}`
                    : `${formatCount(first + 1)}–${formatCount(first + data.items.length)} of ${formatCount(data.totalCount)}`}
                </span>
                {filters.page > 1 ? (
                  <Button
                    size="small"
                    busy={queue.isFetching}
                    onClick={() => apply({ page: filters.page - 1 })}
                  >
                    Previous
                  </Button>
                ) : null}
                {first + data.items.length < data.totalCount && filters.page < MAX_REVIEW_PAGE ? (
                  <Button
                    size="small"
                    busy={queue.isFetching}
                    onClick={() => apply({ page: filters.page + 1 })}
                  >
                    Next
                  </Button>
                ) : null}
              </nav>
            }
          />
        </div>
      )}
      {opened ? (
        <ReviewDialog
          key={opened.id}
          opened={opened}
          previous={decided}
          onDecided={moveOn}
          onClose={() => open(null)}
        />
      ) : null}
    </>
  );
}
