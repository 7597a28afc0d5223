import { createColumnHelper } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import { brandsInScope } from '../../../shared/brands';
import { formatDateTime, formatTime } from '../../../shared/format/dates';
import { formatCount } from '../../../shared/format/money';
import { paths } from '../../../shared/paths';
import { useMe } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { DataGrid, type GridColumn } from '../../../shared/ui/data-grid';
import { SelectField } from '../../../shared/ui/fields';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { ONLINE_REFRESH_MS, useOnline, type OnlineConnection } from '../api/online';
import '../components/dashboard.css';

const column = createColumnHelper<OnlineConnection>();
const COLUMNS: GridColumn<OnlineConnection>[] = [
  column.accessor('domain', { header: 'Brand' }),
  column.accessor((row) => row.userName ?? '', {
    id: 'player',
    header: 'Player',
    cell: (info) => {
      const { playerId, userName } = info.row.original;
      if (playerId === null) return <span className="muted">guest</span>;
      // A player whose name could not be read is still a player: their id stands in.
      return <Link to={paths.player.getHref(playerId)}>{userName ?? playerId}</Link>;
    },
  }),
  column.accessor('page', {
    header: 'Page',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
  column.accessor('browser', { header: 'Browser' }),
  column.accessor('since', { header: 'Since', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor('lastSeenAt', {
    header: 'Last seen',
    cell: (info) => formatDateTime(info.getValue()),
  }),
];

/**
 * A connection has no id of its own; who, where and since when tells two apart, and the
 * position settles the rare tie (two guest tabs opened in the same millisecond).
 */
const connectionKey = (row: OnlineConnection, index: number) =>
  [row.domain, row.playerId ?? 'guest', row.since, row.page, row.browser, index].join('|');

/** The players and guests connected now; refreshes itself every 15 seconds. */
export default function OnlinePage() {
  const [search, setSearch] = useSearchParams();
  const brand = search.get('brand') ?? '';
  const { data: me } = useMe();
  const online = useOnline(brand);

  const chooseBrand = (next: string) => {
    setSearch(next ? { brand: next } : {}, { replace: true });
  };
  const brandOptions = [
    { value: '', label: 'All brands' },
    ...brandsInScope(me).map((domain) => ({ value: domain, label: domain })),
  ];
  const rows = online.data?.items ?? [];
  const players = new Set(rows.flatMap((row) => (row.playerId ? [row.playerId] : []))).size;
  const guests = rows.filter((row) => row.playerId === null).length;

  return (
    <>
      <PageHeader
        title="Online players"
        subtitle={
          online.data ? (
            <>
              <span>
                {formatCount(players)} {players === 1 ? 'player' : 'players'}, {formatCount(guests)}{' '}
                {guests === 1 ? 'guest' : 'guests'}
              </span>
              <span aria-hidden="true">·</span>
              <span>
                Updated {formatTime(online.dataUpdatedAt)}, every {ONLINE_REFRESH_MS / 1000} s
              </span>
            </>
          ) : null
        }
        actions={
          <Button busy={online.isFetching} onClick={() => void online.refetch()}>
            Refresh
          </Button>
        }
      />
      <form
        className="filters"
        aria-label="Online filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label="Brand"
          value={brand}
          options={brandOptions}
          onChange={(event) => chooseBrand(event.target.value)}
        />
      </form>
      {online.isPending ? (
        <Loading />
      ) : online.isError && !online.data ? (
        <ErrorNotice error={online.error} onRetry={() => void online.refetch()} />
      ) : (
        <>
          {online.isError ? <ErrorNotice error={online.error} /> : null}
          <DataGrid
            id="online"
            label="Connections"
            data={rows}
            columns={COLUMNS}
            getRowId={connectionKey}
            rowHref={(row) => (row.playerId ? paths.player.getHref(row.playerId) : null)}
            emptyText="Nobody is connected."
          />
        </>
      )}
    </>
  );
}
