import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import type { GridColumn } from '../../../shared/ui/data-grid';
import { Money } from '../../../shared/ui/money';
import type { CasinoRoundRow } from '../api/casino-rounds';
import { playerNet } from '../model/figures';
import { RoundStatus } from './round-status';

const column = createColumnHelper<CasinoRoundRow>();

/** A player's name linking to their page; a player who is gone by their id. */
export function PlayerLink({ playerId, userName }: { playerId: string; userName: string | null }) {
  return userName === null ? (
    <span className="muted mono" title="This player is gone">
      {playerId}
    </span>
  ) : (
    <Link to={paths.player.getHref(playerId)}>{userName}</Link>
  );
}

/**
 * The rounds' columns, most needed first so a phone sees them without scrolling: the round
 * (which opens it), who played, the game, how it ended and the money.
 */
export const ROUND_COLUMNS: GridColumn<CasinoRoundRow>[] = [
  column.accessor('roundId', {
    header: 'Round',
    cell: (info) => (
      <Link className="mono" to={paths.casinoRound.getHref(info.row.original.id)}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('userName', {
    header: 'Player',
    cell: (info) => <PlayerLink playerId={info.row.original.playerId} userName={info.getValue()} />,
  }),
  column.accessor('gameName', { header: 'Game' }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <RoundStatus round={info.row.original} />,
  }),
  column.accessor('stake', {
    header: 'Stake',
    meta: { numeric: true },
    cell: (info) => <Money value={info.getValue()} />,
  }),
  column.accessor('win', {
    header: 'Win',
    meta: { numeric: true },
    cell: (info) => <Money value={info.getValue()} />,
  }),
  column.accessor('refunded', {
    header: 'Refunded',
    meta: { numeric: true },
    cell: (info) => <Money value={info.getValue()} />,
  }),
  column.accessor((row) => playerNet(row), {
    id: 'net',
    header: 'Player net',
    meta: { numeric: true },
    cell: (info) => <Money value={info.getValue()} signed />,
  }),
  column.accessor('startedAt', {
    header: 'Started',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('closedAt', {
    header: 'Closed',
    cell: (info) => formatDateTime(info.getValue()),
  }),
  column.accessor('provider', { header: 'Provider' }),
  column.accessor('gameCode', {
    header: 'Game code',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
  column.accessor('brand', { header: 'Brand' }),
  column.accessor('id', {
    header: 'Backlay id',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
];
