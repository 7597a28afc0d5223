import type { Adjustment } from '@backlay/contract/admin-payments';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import type { GridColumn } from '../../../shared/ui/data-grid';
import { Money } from '../../../shared/ui/money';
import { adjustmentStatusLabel } from '../model/labels';

const column = createColumnHelper<Adjustment>();

const TONES: Record<Adjustment['status'], BadgeTone> = {
  APPLIED: 'good',
  AWAITING_APPROVAL: 'warning',
  REJECTED: 'bad',
};

/** A second operator's decision on an adjustment awaiting approval. */
export interface AdjustmentDecision {
  adjustment: Adjustment;
  approve: boolean;
}

/**
 * The adjustments' columns, who, how much and the decision first so a phone sees them; one
 * awaiting approval offers to approve or reject it.
 */
export function adjustmentColumns(
  onDecide: (decision: AdjustmentDecision) => void,
): GridColumn<Adjustment>[] {
  return [
    column.accessor('userName', {
      header: 'Player',
      cell: (info) => (
        <Link to={paths.player.getHref(info.row.original.playerId)}>{info.getValue()}</Link>
      ),
    }),
    column.accessor('amount', {
      header: 'Amount',
      meta: { numeric: true },
      cell: (info) => <Money value={info.getValue()} signed />,
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) => {
        const status = info.row.original.status;
        return <Badge tone={TONES[status]}>{adjustmentStatusLabel(status)}</Badge>;
      },
    }),
    column.display({
      id: 'decide',
      header: 'Decision',
      cell: (info) => {
        const adjustment = info.row.original;
        if (adjustment.status !== 'AWAITING_APPROVAL') return '—';
        const label = `adjustment of ${adjustment.userName}`;
        return (
          <span className="row-actions">
            <Button size="small" onClick={() => onDecide({ adjustment, approve: true })}>
              Approve<span className="visually-hidden"> {label}</span>
            </Button>
            <Button size="small" onClick={() => onDecide({ adjustment, approve: false })}>
              Reject<span className="visually-hidden"> {label}</span>
            </Button>
          </span>
        );
      },
    }),
    column.accessor('reason', {
      header: 'Reason',
      enableSorting: false,
      cell: (info) => (
        <span className="queue-note" title={info.getValue()}>
          {info.getValue()}
        </span>
      ),
    }),
    column.accessor('createdAt', {
      header: 'Created',
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.accessor('requestedBy', { header: 'Asked by' }),
    column.accessor('decidedAt', {
      header: 'Decided',
      cell: (info) =>
        info.getValue() === null ? (
          '—'
        ) : (
          <span className="flags">
            <span>{formatDateTime(info.getValue())}</span>
            <span className="muted">{info.row.original.decidedBy ?? ''}</span>
          </span>
        ),
    }),
    column.accessor('domain', { header: 'Brand' }),
  ];
}
