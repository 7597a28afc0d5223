import type { PaymentRequestKind } from '@backlay/contract/wallet';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { paths } from '../../../shared/paths';
import { useMe } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { nextWaiting } from '../../../shared/queue/next-waiting';
import { DataGrid } from '../../../shared/ui/data-grid';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePaymentQueue, type QueueItem } from '../api/payment-queue';
import { decisionText } from '../model/labels';
import {
  awaitsDecision,
  filtersOf,
  isStatusFilter,
  paramsOf,
  statusOptions,
  type QueueFilters,
} from '../model/queue-filters';
import { QUEUE_HIDDEN_COLUMNS, queueColumns } from './queue-columns';
import { QueuePager } from './queue-pager';
import { QueueSummary } from './queue-summary';
import { RequestDialog } from './request-dialog';
import './payments.css';

const WORDS = {
  DEPOSIT: {
    title: 'Deposits',
    subtitle: 'Oldest pending first. Check each slip and UTR against the account, then decide.',
    search: 'UTR, reference or player',
    other: { label: 'Withdrawals', href: paths.withdrawals.getHref },
  },
  WITHDRAWAL: {
    title: 'Withdrawals',
    subtitle: 'Oldest pending first. Pay each out, then mark it paid with the payout reference.',
    search: 'Payout reference or player',
    other: { label: 'Deposits', href: paths.deposits.getHref },
  },
} as const;

/**
 * A queue of deposits or withdrawals: filtered by brand, status (pending by default) and a
 * search, a page at a time, with the totals over every page. A row opens the request in a
 * dialog, where an operator who may decide does so; a decision closes it and opens the next
 * request waiting on the page (none left: the queue, with what the decision did).
 */
export function PaymentQueue({ kind }: { kind: PaymentRequestKind }) {
  const words = WORDS[kind];
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const [text, setText] = useState(filters.search);
  const [opened, setOpened] = useState<QueueItem | null>(null);
  const [decided, setDecided] = useState<ReturnType<typeof decisionText> | null>(null);
  const { data: me } = useMe();
  const queue = usePaymentQueue(kind, filters);
  const [openedAt, setOpenedAt] = useState(0);
  const open = useCallback((item: QueueItem | null) => {
    setDecided(null);
    setOpened(item);
    setOpenedAt(Date.now());
  }, []);
  const columns = useMemo(() => queueColumns(kind, open), [kind, open]);

  // The next request this operator can decide: a correction they proposed waits for another.
  const moveOn = (item: QueueItem) => {
    setDecided(decisionText(item));
    setOpenedAt(Date.now());
    setOpened(
      nextWaiting(
        queue.data?.items ?? [],
        item.id,
        (other) =>
          awaitsDecision(other.status) &&
          !(other.status === 'AWAITING_APPROVAL' && other.proposedBy === me?.userName),
      ),
    );
  };

  // A new filter starts again from the first page.
  const apply = (next: Partial<QueueFilters>) =>
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
  // The opened request as the queue read last; one the waiting list read since no longer has
  // was cancelled by the player or decided by someone else.
  const listed = opened ? data?.items.find((item) => item.id === opened.id) : undefined;
  const current = listed ?? opened;
  const gone =
    opened !== null &&
    listed === undefined &&
    filters.status === 'PENDING' &&
    awaitsDecision(opened.status) &&
    data !== undefined &&
    queue.dataUpdatedAt > openedAt;

  return (
    <>
      <PageHeader
        title={words.title}
        subtitle={words.subtitle}
        actions={
          <Link className="button button-link" to={words.other.href(filters.brand)}>
            {words.other.label}
          </Link>
        }
      />
      <form
        className="filters"
        onSubmit={submit}
        role="search"
        aria-label={`Find ${kind === 'DEPOSIT' ? 'deposits' : 'withdrawals'}`}
      >
        <TextField
          className="filters__search"
          label={words.search}
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
          options={statusOptions(kind)}
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
            <Notice tone={decided.tone}>
              <p>{decided.text} Nothing else on this page waits for you.</p>
            </Notice>
          ) : null}
          <QueueSummary kind={kind} status={filters.status} queue={data} />
          <DataGrid
            id={`payment-queue-${kind.toLowerCase()}`}
            label={words.title}
            data={data.items}
            columns={columns}
            getRowId={(row) => row.id}
            onRowClick={open}
            defaultHiddenColumns={QUEUE_HIDDEN_COLUMNS}
            emptyText={
              filters.search || filters.status !== 'PENDING'
                ? 'No request matches these filters.'
                : 'Nothing is waiting.'
            }
            footer={
              <QueuePager
                page={filters.page}
                shown={data.items.length}
                totalCount={data.totalCount}
                loading={queue.isFetching}
                onPage={(page) => setSearch(paramsOf({ ...filters, page }), { replace: true })}
              />
            }
          />
        </div>
      )}
      {current ? (
        <RequestDialog
          key={current.id}
          opened={current}
          gone={gone}
          previous={decided}
          onDecided={moveOn}
          onClose={() => open(null)}
        />
      ) : null}
    </>
  );
}
