import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '../../../shared/format/dates';
import { Badge } from '../../../shared/ui/badge';
import type { GridColumn } from '../../../shared/ui/data-grid';
import { Money } from '../../../shared/ui/money';
import type { CallbackRow } from '../model/callbacks';
import { CALLBACK_KIND, isAccepted } from '../model/labels';

const column = createColumnHelper<CallbackRow>();
const mono = (value: string | null) =>
  value === null ? '—' : <span className="mono">{value}</span>;

/** A round's callbacks as the wallet answered them, oldest first. */
export const CALLBACK_COLUMNS: GridColumn<CallbackRow>[] = [
  column.accessor('at', { header: 'Time', cell: (info) => formatDateTime(info.getValue()) }),
  column.accessor((row) => CALLBACK_KIND[row.kind], { id: 'kind', header: 'Kind' }),
  column.accessor('transactionId', {
    header: 'Transaction id',
    cell: (info) => mono(info.getValue()),
  }),
  column.accessor('moved', {
    header: 'Amount',
    meta: { numeric: true },
    cell: (info) => <Money value={info.getValue()} />,
  }),
  column.accessor('outcome', {
    header: 'Outcome',
    cell: (info) => (
      <Badge tone={isAccepted(info.getValue()) ? 'good' : 'bad'}>{info.getValue()}</Badge>
    ),
  }),
  column.accessor('referenceTransactionId', {
    header: 'Gives back',
    cell: (info) => mono(info.getValue()),
  }),
  column.accessor('rolledBackBy', {
    header: 'Rolled back by',
    cell: (info) => mono(info.getValue()),
  }),
];
