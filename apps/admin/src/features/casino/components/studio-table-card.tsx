import type { StudioTable } from '@backlay/contract/admin-studio-tables';
import { formatDateTime } from '../../../shared/format/dates';
import { useCan } from '../../../shared/session/me-query';
import { Badge } from '../../../shared/ui/badge';
import { Notice } from '../../../shared/ui/notice';
import { Section } from '../../../shared/ui/page-header';
import {
  ENABLED_LABEL,
  formatStudioValue,
  SOURCE_TEXT,
  STUDIO_TABLE_FORMS,
} from '../model/studio-table-draft';
import { StudioTableForm } from './studio-table-form';

/** Each value in force with where it comes from; a table without a form lists its raw values. */
function TableFacts({ table }: { table: StudioTable }) {
  const form = STUDIO_TABLE_FORMS[table.gameCode];
  const rows = form
    ? form.fields.map((field) => ({
        key: field.key,
        label: field.label,
        text: formatStudioValue(field.unit, table.values[field.key]),
      }))
    : Object.entries(table.values)
        .filter(([key]) => key !== 'enabled')
        .map(([key, value]) => ({ key, label: key, text: String(value) }));
  const source = (key: string) => {
    const from = table.sources[key];
    return from ? <span className="muted"> · {SOURCE_TEXT[from]}</span> : null;
  };
  return (
    <dl className="facts">
      <dt>{ENABLED_LABEL}</dt>
      <dd>
        {table.values.enabled === false ? 'No: paused for maintenance' : 'Yes'}
        {source('enabled')}
      </dd>
      {rows.map((row) => (
        <div key={row.key} className="studio-table__fact">
          <dt>{row.label}</dt>
          <dd>
            {row.text}
            {source(row.key)}
          </dd>
        </div>
      ))}
      <dt>Version</dt>
      <dd>
        {table.version === 0
          ? 'As configured: never changed here'
          : `${table.version} · ${table.updatedBy ?? ''} · ${formatDateTime(table.updatedAt ?? '')}`}
      </dd>
    </dl>
  );
}

/**
 * One studio table: its settings in force for everyone who reads the casino, and for an
 * operator who may change providers, its settings as a form.
 */
export function StudioTableCard({ table }: { table: StudioTable }) {
  const canChange = useCan()('casino.providers');
  const playing = table.values.enabled !== false;
  return (
    <Section
      title={table.name}
      actions={
        <span className="flags">
          <span className="mono muted">{table.gameCode}</span>
          <Badge tone={playing ? 'good' : 'bad'}>{playing ? 'Playing' : 'Paused'}</Badge>
        </span>
      }
    >
      {table.problem ? (
        <Notice tone="warning" title="Paused: the saved settings no longer fit">
          <p>{table.problem}</p>
        </Notice>
      ) : null}
      <div className="casino-provider">
        <TableFacts table={table} />
        {canChange && STUDIO_TABLE_FORMS[table.gameCode] ? (
          <StudioTableForm loaded={table} />
        ) : null}
      </div>
    </Section>
  );
}
