import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '../../../shared/format/dates';
import { Badge } from '../../../shared/ui/badge';
import { DataGrid, type GridColumn } from '../../../shared/ui/data-grid';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useMySessions, type MySessions } from '../api/my-sessions';

type SessionRow = MySessions['items'][number];

const column = createColumnHelper<SessionRow>();
const COLUMNS: GridColumn<SessionRow>[] = [
  column.accessor('createdAt', {
    header: 'Signed in',
    cell: (info) => (
      <>
        {formatDateTime(info.getValue())}{' '}
        {info.row.original.current ? <Badge tone="info">This session</Badge> : null}
      </>
    ),
  }),
  column.accessor('lastSeenAt', {
    header: 'Last seen',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('expiresAt', {
    header: 'Expires',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('ip', {
    header: 'Address',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
  column.accessor('browser', { header: 'Browser' }),
];

/** `/admin/sessions`: where the signed-in operator is signed in. */
export default function MySessionsPage() {
  const sessions = useMySessions();
  return (
    <>
      <PageHeader
        title="My sessions"
        subtitle="Where you are signed in. An owner can end them all from the operators page."
      />
      {sessions.isPending ? (
        <Loading />
      ) : sessions.isError ? (
        <ErrorNotice error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <DataGrid
          id="my-sessions"
          label="My sessions"
          data={sessions.data.items}
          columns={COLUMNS}
          getRowId={(row) => row.id}
          initialSorting={[{ id: 'lastSeenAt', desc: true }]}
          emptyText="No sessions."
        />
      )}
    </>
  );
}
