import type { Campaign } from '@backlay/contract/admin-bonuses';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatCount } from '../../../shared/format/money';
import { formatDateTime, formatShortDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { Badge } from '../../../shared/ui/badge';
import type { GridColumn } from '../../../shared/ui/data-grid';
import { bonusText, wageringText } from '../model/campaign-summary';
import { STATE_BADGES, TYPE_LABELS } from '../model/labels';

const column = createColumnHelper<Campaign>();

/** A time to the minute, the whole time in its title; `—` for none. */
function When({ iso, none = '—' }: { iso: string | null; none?: string }) {
  return iso === null ? (
    <span className="muted">{none}</span>
  ) : (
    <span title={formatDateTime(iso)}>{formatShortDateTime(iso)}</span>
  );
}

/**
 * The campaigns' columns, most needed first: the campaign (which opens it), where it stands,
 * its brand and type, the bonus and its wagering, how often it was claimed, and its dates.
 */
export const CAMPAIGN_COLUMNS: GridColumn<Campaign>[] = [
  column.accessor('title', {
    header: 'Campaign',
    cell: (info) => (
      <Link to={paths.bonusCampaign.getHref(info.row.original.id)}>{info.getValue()}</Link>
    ),
  }),
  column.accessor('state', {
    header: 'State',
    cell: (info) => {
      const badge = STATE_BADGES[info.row.original.state];
      return <Badge tone={badge.tone}>{badge.label}</Badge>;
    },
  }),
  column.accessor('brand', { header: 'Brand' }),
  column.accessor('type', { header: 'Type', cell: (info) => TYPE_LABELS[info.row.original.type] }),
  column.display({ id: 'bonus', header: 'Bonus', cell: (info) => bonusText(info.row.original) }),
  column.display({
    id: 'wagering',
    header: 'Wagering',
    cell: (info) => wageringText(info.row.original),
  }),
  column.accessor('claims', {
    header: 'Claims',
    meta: { numeric: true },
    cell: (info) => formatCount(info.getValue()),
  }),
  column.accessor('startsAt', { header: 'Starts', cell: (info) => <When iso={info.getValue()} /> }),
  column.accessor('endsAt', {
    header: 'Ends',
    cell: (info) => <When iso={info.getValue()} none="No end" />,
  }),
];
