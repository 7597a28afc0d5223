import { useCan } from '../../../shared/session/me-query';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { useStudioTables } from '../api/studio-tables';
import { StudioTableCard } from '../components/studio-table-card';
import '../components/casino.css';
import '../components/studio-tables.css';

/** Where a table's values come from, and when a change applies. */
const ORDER =
  'Each table plays by its configuration file, overridden by the environment, overridden by what is saved here. Limits apply from the next bet; the maximum win and timings from the next round.';
const READ_ONLY = 'The studio serves every brand: only an owner changes its tables.';

/**
 * `/admin/casino/studio-tables`: the built-in studio's tables and the settings each plays by.
 * What a table plays by is its configuration file, overridden by the environment, overridden by
 * what is saved here. An operator who may change providers edits them (each change confirmed);
 * others read them.
 */
export default function StudioTablesPage() {
  const tables = useStudioTables();
  const canChange = useCan()('casino.providers');

  return (
    <>
      <PageHeader title="Studio tables" subtitle={canChange ? ORDER : `${ORDER} ${READ_ONLY}`} />
      {tables.isPending ? (
        <Loading />
      ) : tables.isError ? (
        <ErrorNotice error={tables.error} onRetry={() => void tables.refetch()} />
      ) : tables.data.length === 0 ? (
        <Notice tone="info">
          <p>The built-in studio is off: it has no tables.</p>
        </Notice>
      ) : (
        <div className="stack">
          {tables.data.map((table) => (
            <StudioTableCard key={table.gameCode} table={table} />
          ))}
        </div>
      )}
    </>
  );
}
