import type { PlayerDetail } from '@backlay/contract/admin';
import {
  describeBet,
  ENGLISH_BET_WORDS,
  priceText,
  sessionResultText,
} from '@backlay/contract/bet-description';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { useCan } from '../../../shared/session/me-query';
import { Badge } from '../../../shared/ui/badge';
import { DataGrid, type GridColumn } from '../../../shared/ui/data-grid';
import { Money } from '../../../shared/ui/money';
import { Tabs } from '../../../shared/ui/tabs';

type Bet = PlayerDetail['bets'][number];
type StatementLine = PlayerDetail['statement'][number];
type LoginAttempt = PlayerDetail['loginAttempts'][number];
type Session = PlayerDetail['sessions'][number];
type Connection = PlayerDetail['connections'][number];

const dateCell = (info: { getValue: () => string }) => formatDateTime(info.getValue());
const moneyCell = (info: { getValue: () => number }) => <Money value={info.getValue()} />;

/** Whether Yes won a settled fancy bet's value, from its side and result. */
function yesWon(bet: Bet): boolean | null {
  if (bet.status !== 'SETTLED' || bet.profit === null) return null;
  return (bet.side === 'BACK') === bet.profit > 0;
}

/** A settled fancy bet's result in runs, as players read it; null for other bets. */
function sessionResult(bet: Bet): string | null {
  if (bet.marketType !== 'FANCY' || bet.line === null) return null;
  const result = { line: bet.line, yesWon: yesWon(bet), resultRuns: bet.resultRuns };
  return sessionResultText(result, ENGLISH_BET_WORDS);
}

/**
 * A player's bets as the player's own records read them (the shared bet description): a fancy
 * No reads No, its run value and rate; a bookmaker price its whole rate. The price it got
 * (the average of its matched stake) stands beside the one it asked.
 */
function betColumns(linkMarkets: boolean): GridColumn<Bet>[] {
  const column = createColumnHelper<Bet>();
  return [
    column.accessor('placedAt', { header: 'Placed', cell: dateCell }),
    column.accessor('eventName', { header: 'Event' }),
    column.accessor('marketName', {
      header: 'Market',
      cell: (info) =>
        linkMarkets ? (
          <Link to={paths.market.getHref(info.row.original.marketId)}>{info.getValue()}</Link>
        ) : (
          info.getValue()
        ),
    }),
    column.accessor('runnerName', {
      header: 'Selection',
      cell: (info) => describeBet(info.row.original, ENGLISH_BET_WORDS).selection,
    }),
    column.accessor('side', {
      header: 'Side',
      cell: (info) => (
        <span className={`side side--${info.getValue().toLowerCase()}`}>
          {describeBet(info.row.original, ENGLISH_BET_WORDS).side}
        </span>
      ),
    }),
    column.accessor('price', {
      header: 'Asked',
      meta: { numeric: true },
      cell: (info) => priceText(info.row.original.marketType, info.getValue(), ENGLISH_BET_WORDS),
    }),
    column.accessor('matchedPrice', {
      header: 'Matched at',
      meta: { numeric: true },
      cell: (info) => {
        const { marketType, price } = info.row.original;
        const matched = info.getValue();
        if (matched === null) return '—';
        const text = priceText(marketType, matched, ENGLISH_BET_WORDS);
        // A better price than asked stands out: the exchange gave the player more.
        return matched === price ? text : <strong>{text}</strong>;
      },
    }),
    column.accessor('stake', { header: 'Stake', meta: { numeric: true }, cell: moneyCell }),
    column.accessor('matched', { header: 'Matched', meta: { numeric: true }, cell: moneyCell }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) => {
        const result = sessionResult(info.row.original);
        return result ? `${info.getValue()} · ${result}` : info.getValue();
      },
    }),
    column.accessor('profit', {
      header: 'Profit',
      meta: { numeric: true },
      cell: (info) => <Money value={info.getValue()} signed />,
    }),
    column.accessor('id', {
      header: 'Bet id',
      cell: (info) => <span className="mono">{info.getValue()}</span>,
    }),
  ];
}

const statementColumn = createColumnHelper<StatementLine>();
const STATEMENT_COLUMNS: GridColumn<StatementLine>[] = [
  statementColumn.accessor('at', { header: 'When', cell: dateCell }),
  statementColumn.accessor('code', { header: 'Movement' }),
  statementColumn.accessor('reference', {
    header: 'Reference',
    cell: (info) => <span className="mono">{info.getValue() ?? '—'}</span>,
  }),
  statementColumn.accessor('amount', {
    header: 'Amount',
    meta: { numeric: true },
    cell: (info) => <Money value={info.getValue()} signed />,
  }),
  statementColumn.accessor('balanceAfter', {
    header: 'Balance after',
    meta: { numeric: true },
    cell: moneyCell,
  }),
  statementColumn.accessor('transferId', {
    header: 'Transfer id',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
];

const loginColumn = createColumnHelper<LoginAttempt>();
const LOGIN_COLUMNS: GridColumn<LoginAttempt>[] = [
  loginColumn.accessor('at', { header: 'When', cell: dateCell }),
  loginColumn.accessor('result', {
    header: 'Result',
    cell: (info) => (
      <Badge tone={/^(ok|success)/i.test(info.getValue()) ? 'good' : 'bad'}>
        {info.getValue()}
      </Badge>
    ),
  }),
  loginColumn.accessor('ip', {
    header: 'Address',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
  loginColumn.accessor('browser', { header: 'Browser' }),
];

const sessionColumn = createColumnHelper<Session>();
const SESSION_COLUMNS: GridColumn<Session>[] = [
  sessionColumn.accessor('createdAt', { header: 'Logged in', cell: dateCell }),
  sessionColumn.accessor('expiresAt', { header: 'Expires', cell: dateCell }),
  sessionColumn.accessor('id', {
    header: 'Session id',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
];

const connectionColumn = createColumnHelper<Connection>();
const CONNECTION_COLUMNS: GridColumn<Connection>[] = [
  connectionColumn.accessor('page', { header: 'Page' }),
  connectionColumn.accessor('since', { header: 'Connected since', cell: dateCell }),
];

/** A player's records, a tab each: bets, statement, logins, sessions and live connections. */
export function PlayerRecords({ player }: { player: PlayerDetail }) {
  const can = useCan();
  const linkMarkets = can('markets.read');
  return (
    <Tabs
      label="Player records"
      tabs={[
        {
          id: 'bets',
          label: `Bets (${player.bets.length})`,
          content: () => (
            <DataGrid
              id="player-bets"
              label="Bets"
              data={player.bets}
              columns={betColumns(linkMarkets)}
              getRowId={(row) => row.id}
              initialSorting={[{ id: 'placedAt', desc: true }]}
              defaultHiddenColumns={['id']}
              emptyText="No bets."
            />
          ),
        },
        {
          id: 'statement',
          label: 'Statement',
          content: () => (
            <DataGrid
              id="player-statement"
              label="Statement"
              data={player.statement}
              columns={STATEMENT_COLUMNS}
              getRowId={(row) => row.transferId}
              initialSorting={[{ id: 'at', desc: true }]}
              defaultHiddenColumns={['transferId']}
              emptyText="No movements."
            />
          ),
        },
        {
          id: 'logins',
          label: 'Login attempts',
          content: () => (
            <DataGrid
              id="player-logins"
              label="Login attempts"
              data={player.loginAttempts}
              columns={LOGIN_COLUMNS}
              getRowId={(row) => `${row.at}|${row.ip}|${row.result}`}
              initialSorting={[{ id: 'at', desc: true }]}
              emptyText="No login attempts."
            />
          ),
        },
        {
          id: 'sessions',
          label: `Sessions (${player.sessions.length})`,
          content: () => (
            <DataGrid
              id="player-sessions"
              label="Sessions"
              data={player.sessions}
              columns={SESSION_COLUMNS}
              getRowId={(row) => row.id}
              emptyText="Not logged in anywhere."
            />
          ),
        },
        {
          id: 'connections',
          label: `Live connections (${player.connections.length})`,
          content: () => (
            <DataGrid
              id="player-connections"
              label="Live hub connections"
              data={player.connections}
              columns={CONNECTION_COLUMNS}
              getRowId={(row) => `${row.page}|${row.since}`}
              emptyText="No live connection."
            />
          ),
        },
      ]}
    />
  );
}
