import type { PlayerRow } from '@backlay/contract/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { useMe } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { DataGrid, LoadMore, type GridColumn } from '../../../shared/ui/data-grid';
import { CheckboxField, SelectField, TextField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { usePlayerSearch, type PlayerFilters } from '../api/search-players';
import { PlayerFlags } from '../components/player-flags';
import '../components/players.css';

const column = createColumnHelper<PlayerRow>();
const COLUMNS: GridColumn<PlayerRow>[] = [
  column.accessor('userName', {
    header: 'User name',
    cell: (info) => <Link to={paths.player.getHref(info.row.original.id)}>{info.getValue()}</Link>,
  }),
  column.accessor('domain', { header: 'Brand' }),
  column.accessor('mobile', { header: 'Mobile', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('status', { header: 'Status' }),
  column.display({
    id: 'flags',
    header: 'Flags',
    cell: (info) => <PlayerFlags player={info.row.original} />,
  }),
  column.accessor('createdAt', {
    header: 'Created',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('id', {
    header: 'Player id',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
];

/** The filters as the URL holds them, so a search can be shared, reloaded and gone back to. */
function filtersOf(search: URLSearchParams): PlayerFilters {
  return {
    q: search.get('q') ?? '',
    brand: search.get('brand') ?? '',
    demo: search.get('demo') === 'true',
  };
}

/** `/admin/players`: search players by name, mobile or id; a row opens the player. */
export default function PlayersPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const [text, setText] = useState(filters.q);
  const { data: me } = useMe();
  const players = usePlayerSearch(filters);

  const apply = (next: Partial<PlayerFilters>) => {
    const merged = { ...filters, ...next };
    const params = new URLSearchParams();
    if (merged.q.trim()) params.set('q', merged.q.trim());
    if (merged.brand) params.set('brand', merged.brand);
    if (merged.demo) params.set('demo', 'true');
    setSearch(params, { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: text });
  };

  const rows = players.data?.pages.flatMap((page) => page.items) ?? [];
  const brandOptions = [
    { value: '', label: 'All brands' },
    ...brandsInScope(me).map((domain) => ({ value: domain, label: domain })),
  ];

  return (
    <>
      <PageHeader title="Players" />
      <form className="filters" onSubmit={submit} role="search" aria-label="Find players">
        <TextField
          className="filters__search"
          label="Name, mobile or player id"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={80}
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
        <CheckboxField
          label="Include demo players"
          checked={filters.demo}
          onChange={(event) => apply({ demo: event.target.checked })}
        />
      </form>
      {players.isPending ? (
        <Loading />
      ) : players.isError && rows.length === 0 ? (
        <ErrorNotice error={players.error} onRetry={() => void players.refetch()} />
      ) : (
        <>
          {players.isError ? <ErrorNotice error={players.error} /> : null}
          <DataGrid
            id="players"
            label="Players"
            data={rows}
            columns={COLUMNS}
            getRowId={(row) => row.id}
            rowHref={(row) => paths.player.getHref(row.id)}
            defaultHiddenColumns={['id']}
            emptyText={filters.q ? 'No player matches this search.' : 'No players yet.'}
            footer={
              <LoadMore
                shown={rows.length}
                hasMore={players.hasNextPage}
                loading={players.isFetchingNextPage}
                onLoadMore={() => void players.fetchNextPage()}
              />
            }
          />
        </>
      )}
    </>
  );
}
