import type { PaymentRequestKind } from '@backlay/contract/wallet';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateTime, formatShortDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import type { GridColumn } from '../../../shared/ui/data-grid';
import type { QueueItem } from '../api/payment-queue';
import { channelLabel, sameUtrText } from '../model/labels';
import { awaitsDecision } from '../model/queue-filters';
import { RequestAmount } from './request-amount';
import { RequestStatus } from './request-status';

const column = createColumnHelper<QueueItem>();

/**
 * The queue's columns, most needed first so a phone sees them without scrolling: the button
 * that opens the request, who, how much, when and the proof. The account, the decision and
 * the note wrap, and times read to the minute (the full time in their titles), so a laptop's
 * 1366 px show every column.
 */
export function queueColumns(
  kind: PaymentRequestKind,
  onOpen: (item: QueueItem) => void,
): GridColumn<QueueItem>[] {
  return [
    column.display({
      id: 'open',
      header: 'Request',
      cell: (info) => (
        <Button size="small" onClick={() => onOpen(info.row.original)}>
          {awaitsDecision(info.row.original.status) ? 'Review' : 'View'}
          <span className="visually-hidden"> request of {info.row.original.userName}</span>
        </Button>
      ),
    }),
    column.accessor('userName', {
      header: 'Player',
      cell: (info) => (
        <Link to={paths.player.getHref(info.row.original.playerId)}>{info.getValue()}</Link>
      ),
    }),
    column.accessor('amount', {
      header: 'Amount',
      meta: { numeric: true },
      cell: (info) => (
        <RequestAmount
          amount={info.getValue()}
          settledAmount={info.row.original.settledAmount}
          proposedAmount={
            info.row.original.status === 'AWAITING_APPROVAL'
              ? info.row.original.proposedAmount
              : null
          }
        />
      ),
    }),
    column.accessor('createdAt', {
      header: 'Created',
      cell: (info) => (
        <span title={formatDateTime(info.getValue())}>{formatShortDateTime(info.getValue())}</span>
      ),
    }),
    column.accessor('reference', {
      header: kind === 'DEPOSIT' ? 'UTR / reference' : 'Payout reference',
      cell: (info) => (
        <span className="flags">
          <span className="mono">{info.getValue() ?? '—'}</span>
          {info.row.original.sameUtrCount > 0 ? (
            <Badge tone="bad">{sameUtrText(info.row.original.sameUtrCount)}</Badge>
          ) : null}
        </span>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) => <RequestStatus kind={kind} status={info.getValue()} />,
    }),
    column.accessor('domain', { header: 'Brand' }),
    // Hidden at first (the account names its kind): shown, the queue no longer fits 1366 px.
    column.accessor('channel', {
      header: kind === 'DEPOSIT' ? 'Channel' : 'To',
      cell: (info) => channelLabel(info.getValue()),
    }),
    // The account wraps, so at 1366 px the whole queue fits.
    column.accessor('account', {
      header: kind === 'DEPOSIT' ? 'Paid into' : 'Payout account',
      cell: (info) => (
        <span className="queue-wrap queue-account" title={info.getValue()}>
          {info.getValue()}
        </span>
      ),
    }),
    column.accessor('decidedAt', {
      header: 'Decided',
      cell: (info) =>
        info.getValue() === null ? (
          '—'
        ) : (
          <span className="queue-wrap" title={formatDateTime(info.getValue())}>
            {formatShortDateTime(info.getValue())}
            {info.row.original.decidedBy ? (
              <span className="muted queue-by">{info.row.original.decidedBy}</span>
            ) : null}
          </span>
        ),
    }),
    column.accessor('note', {
      header: 'Note',
      enableSorting: false,
      cell: (info) => {
        const note = info.getValue();
        return note === null ? (
          '—'
        ) : (
          <span className="queue-wrap queue-note" title={note}>
            {note}
          </span>
        );
      },
    }),
  ];
}

/** The queue's columns hidden until the operator shows them: the channel its account names. */
export const QUEUE_HIDDEN_COLUMNS = ['channel'] as const;
