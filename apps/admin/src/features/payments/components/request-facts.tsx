import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { Money } from '../../../shared/ui/money';
import type { QueueItem } from '../api/payment-queue';
import { channelLabel } from '../model/labels';
import { RequestStatus } from './request-status';

/** Everything the queue knows of one request, as a list of facts. */
export function RequestFacts({
  item,
  waiting = true,
}: {
  item: QueueItem;
  /** False once the queue no longer has it waiting: its status as read then is out of date. */
  waiting?: boolean;
}) {
  const deposit = item.kind === 'DEPOSIT';
  return (
    <dl className="facts">
      <dt>Player</dt>
      <dd>
        <Link to={paths.player.getHref(item.playerId)}>{item.userName}</Link>
      </dd>
      <dt>Brand</dt>
      <dd>{item.domain}</dd>
      <dt>Asked for</dt>
      <dd>
        <Money value={item.amount} />
      </dd>
      {item.proposedAmount !== null ? (
        <>
          <dt>Proposed</dt>
          <dd>
            <Money value={item.proposedAmount} />
            {item.proposedBy ? ` by ${item.proposedBy}` : ''}
          </dd>
        </>
      ) : null}
      {item.settledAmount !== null ? (
        <>
          <dt>{deposit ? 'Credited' : 'Paid'}</dt>
          <dd>
            <Money value={item.settledAmount} />
          </dd>
        </>
      ) : null}
      <dt>{deposit ? 'Channel' : 'To'}</dt>
      <dd>{channelLabel(item.channel)}</dd>
      {deposit ? (
        <>
          <dt>Paid into</dt>
          <dd className="mono">{item.account}</dd>
        </>
      ) : null}
      <dt>{deposit ? 'UTR / reference' : 'Payout reference'}</dt>
      <dd className="mono">{item.reference ?? '—'}</dd>
      <dt>Status</dt>
      <dd>
        {waiting ? (
          <RequestStatus kind={item.kind} status={item.status} />
        ) : (
          <span className="muted">No longer waiting</span>
        )}
      </dd>
      <dt>Created</dt>
      <dd>{formatDateTime(item.createdAt)}</dd>
      {item.decidedAt !== null ? (
        <>
          <dt>Decided</dt>
          <dd>
            {formatDateTime(item.decidedAt)}
            {item.decidedBy ? ` by ${item.decidedBy}` : ''}
          </dd>
        </>
      ) : null}
      {item.note !== null ? (
        <>
          <dt>Note</dt>
          <dd>{item.note}</dd>
        </>
      ) : null}
      <dt>Request id</dt>
      <dd className="mono">{item.id}</dd>
    </dl>
  );
}
