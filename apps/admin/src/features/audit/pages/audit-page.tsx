import type { AuditEntry } from '@backlay/contract/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import { DataGrid, LoadMore, type GridColumn } from '../../../shared/ui/data-grid';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useMe } from '../../../shared/session/me-query';
import { useAuditLog, type AuditFilters } from '../api/audit-log';
import { AuditChange } from '../components/audit-change';

/** Where a target of an audit entry has a page of its own. */
function targetHref(entry: AuditEntry): string | null {
  if (entry.targetType === 'player') return paths.player.getHref(entry.targetId);
  if (entry.targetType === 'market') return paths.market.getHref(entry.targetId);
  return null;
}

const column = createColumnHelper<AuditEntry>();
const COLUMNS: GridColumn<AuditEntry>[] = [
  column.accessor('at', { header: 'When', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('operatorName', { header: 'Operator' }),
  column.accessor('action', {
    header: 'Action',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
  column.accessor('brand', { header: 'Brand', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('targetId', {
    header: 'Target',
    cell: (info) => {
      const entry = info.row.original;
      const href = targetHref(entry);
      const text = `${entry.targetType} ${entry.targetId}`;
      return href ? <Link to={href}>{text}</Link> : text;
    },
  }),
  column.accessor('ip', {
    header: 'Address',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
  column.accessor('id', { header: 'Entry', meta: { numeric: true } }),
];

const FILTER_NAMES = ['operator', 'action', 'brand', 'targetId', 'from', 'to'] as const;

function filtersOf(search: URLSearchParams): AuditFilters {
  return Object.fromEntries(FILTER_NAMES.map((name) => [name, search.get(name) ?? ''])) as Record<
    (typeof FILTER_NAMES)[number],
    string
  >;
}

/** `/admin/audit`: what operators did, newest first; a row opens to show before and after. */
export default function AuditPage() {
  const [search, setSearch] = useSearchParams();
  const applied = filtersOf(search);
  const [draft, setDraft] = useState<AuditFilters>(applied);
  const audit = useAuditLog(applied);
  const { data: me } = useMe();
  const brandOptions = [
    { value: '', label: 'Any brand' },
    ...brandsInScope(me).map((domain) => ({ value: domain, label: domain })),
  ];

  const apply = (filters: AuditFilters) => {
    const params = new URLSearchParams();
    for (const name of FILTER_NAMES) {
      const value = filters[name].trim();
      if (value) params.set(name, value);
    }
    setSearch(params, { replace: true });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const clear = () => {
    const empty = filtersOf(new URLSearchParams());
    setDraft(empty);
    apply(empty);
  };
  const field = (name: keyof AuditFilters) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      setDraft((old) => ({ ...old, [name]: event.target.value })),
  });

  const rows = audit.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <PageHeader title="Audit log" />
      <form className="filters" onSubmit={submit} aria-label="Filter the audit log">
        <TextField label="Operator" maxLength={40} {...field('operator')} />
        <TextField label="Action" maxLength={60} {...field('action')} />
        <SelectField label="Brand" options={brandOptions} {...field('brand')} />
        <TextField label="Target id" maxLength={80} {...field('targetId')} />
        <TextField label="From" type="date" {...field('from')} />
        <TextField label="To" type="date" {...field('to')} />
        <Button type="submit" variant="primary">
          Apply
        </Button>
        <Button variant="ghost" onClick={clear}>
          Clear
        </Button>
      </form>
      {audit.isPending ? (
        <Loading />
      ) : audit.isError && rows.length === 0 ? (
        <ErrorNotice error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <>
          {audit.isError ? <ErrorNotice error={audit.error} /> : null}
          <DataGrid
            id="audit"
            label="Audit log"
            data={rows}
            columns={COLUMNS}
            getRowId={(row) => String(row.id)}
            renderExpanded={(entry) => <AuditChange entry={entry} />}
            defaultHiddenColumns={['id']}
            emptyText="No entry matches these filters."
            footer={
              <LoadMore
                shown={rows.length}
                hasMore={audit.hasNextPage}
                loading={audit.isFetchingNextPage}
                onLoadMore={() => void audit.fetchNextPage()}
              />
            }
          />
        </>
      )}
    </>
  );
}
