import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { Button } from '../../../shared/ui/button';
import type { GridColumn } from '../../../shared/ui/data-grid';
import { Money } from '../../../shared/ui/money';
import type { ReviewItem } from '../api/gateway-reviews';
import { CHANNEL_LABELS } from '../model/review-filters';
import { PaidAmount } from './paid-amount';
import { ReviewStatus } from './review-status';

const column = createColumnHelper<ReviewItem>();

/**
 * The queue's columns, most needed first so a phone sees them without scrolling: the button
 * that opens the payment, who, both amounts, and the gateway's reference. The decision's
 * columns only where decided payments are listed (`waiting` false): waiting ones have none.
 */
export function reviewColumns(
  onOpen: (item: ReviewItem) => void,
  waiting: boolean,
): GridColumn<ReviewItem>[] {
  const columns = [
    column.display({
      id: 'open',
      header: 'Payment',
      cell: (info) => (
        <Button size="small" onClick={() => onOpen(info.row.original)}>
          {info.row.original.status === 'UNDER_REVIEW' ? 'Review' : 'View'}
          <span className="visually-hidden"> payment of {info.row.original.userName}</span>
        </Button>
      ),
    }),
    column.accessor('userName', {
      header: 'Player',
      cell: (info) => (
        <Link to={paths.player.getHref(info.row.original.playerId)}>{info.getValue()}</Link>
      ),
    }),
    column.accessor('askedAmount', {
      header: 'Asked',
      meta: { numeric: true },
      cell: (info) => <Money value={info.getValue()} />,
    }),
    column.accessor('paidAmount', {
      header: 'Paid',
      meta: { numeric: true },
      cell: (info) => <PaidAmount item={info.row.original} />,
    }),
    column.accessor('gatewayReference', {
      header: 'Gateway reference',
      cell: (info) => <span className="mono">{info.getValue()}</span>,
    }),
    column.accessor('reviewStartedAt', {
      header: 'Paid at',
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) => <ReviewStatus status={info.getValue()} />,
    }),
    column.accessor('domain', { header: 'Brand' }),
    column.accessor('channel', {
      header: 'Channel',
      cell: (info) => CHANNEL_LABELS[info.row.original.channel],
    }),
  ];
  if (waiting) return columns;
  return [
    ...columns,
    column.accessor('creditedAmount', {
      header: 'Credited',
      meta: { numeric: true },
      cell: (info) => (info.getValue() === null ? '—' : <Money value={info.getValue()} />),
    }),
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
    column.accessor('remark', {
      header: 'Remark',
      enableSorting: false,
      cell: (info) => {
        const remark = info.getValue();
        return remark === null ? (
          '—'
        ) : (
          <span className="review-remark" title={remark}>
            {remark}
          </span>
        );
      },
    }),
  ];
}
