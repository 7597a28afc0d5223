import type { MarketBook } from '@backlay/contract/admin';
import { SPORT_NAMES } from '@backlay/contract/sports';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/dates';
import { formatPrice } from '../../../shared/format/money';
import { paths } from '../../../shared/paths';
import { useCan } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { DataGrid, type GridColumn } from '../../../shared/ui/data-grid';
import { Money } from '../../../shared/ui/money';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader, Section } from '../../../shared/ui/page-header';
import { useMarketBook } from '../api/market-book';
import { BookChart } from '../components/book-chart';
import { BookTable } from '../components/book-table';
import { MarketActionDialog } from '../components/market-action-dialog';
import { MarketStatus } from '../components/market-status';
import { ACTION_LABELS, availableActions, type MarketActionName } from '../model/market-actions';
import '../components/markets.css';

type Bet = MarketBook['bets'][number];
type Settlement = MarketBook['settlements'][number];

function betColumns(runnerName: (id: number) => string, linkPlayers: boolean): GridColumn<Bet>[] {
  const column = createColumnHelper<Bet>();
  return [
    column.accessor('placedAt', {
      header: 'Placed',
      cell: (info) => formatDateTime(info.getValue()),
    }),
    column.accessor('userName', {
      header: 'Player',
      cell: (info) =>
        linkPlayers ? (
          <Link to={paths.player.getHref(info.row.original.playerId)}>{info.getValue()}</Link>
        ) : (
          info.getValue()
        ),
    }),
    column.accessor('domain', { header: 'Brand' }),
    column.accessor('runnerId', {
      header: 'Selection',
      cell: (info) => runnerName(info.getValue()),
    }),
    column.accessor('side', {
      header: 'Side',
      cell: (info) => (
        <span className={`side side--${info.getValue().toLowerCase()}`}>{info.getValue()}</span>
      ),
    }),
    column.accessor('price', {
      header: 'Price',
      meta: { numeric: true },
      cell: (info) => formatPrice(info.getValue()),
    }),
    column.accessor('stake', {
      header: 'Stake',
      meta: { numeric: true },
      cell: (info) => <Money value={info.getValue()} />,
    }),
    column.accessor('matched', {
      header: 'Matched',
      meta: { numeric: true },
      cell: (info) => <Money value={info.getValue()} />,
    }),
    column.accessor('status', { header: 'Status' }),
    column.accessor('id', {
      header: 'Bet id',
      cell: (info) => <span className="mono">{info.getValue()}</span>,
    }),
  ];
}

function settlementColumns(runnerName: (id: number) => string): GridColumn<Settlement>[] {
  const column = createColumnHelper<Settlement>();
  return [
    column.accessor('at', { header: 'When', cell: (info) => formatDateTime(info.getValue()) }),
    column.accessor('kind', { header: 'Kind' }),
    column.accessor('winnerRunnerId', {
      header: 'Result',
      cell: (info) => {
        const winner = info.getValue();
        return winner === null ? 'Void' : runnerName(winner);
      },
    }),
    column.accessor('by', { header: 'By' }),
  ];
}

/** `/admin/markets/:marketId`: a market's book, bets and settlements, and the trader's actions. */
export default function MarketPage() {
  const { marketId = '' } = useParams();
  const book = useMarketBook(marketId);
  const can = useCan();
  const [action, setAction] = useState<MarketActionName | null>(null);

  if (book.isPending) return <Loading />;
  if (book.isError) {
    return (
      <>
        <PageHeader title="Market" />
        <ErrorNotice error={book.error} onRetry={() => void book.refetch()} />
      </>
    );
  }
  const data = book.data;
  const { market } = data;
  const names = new Map(data.runners.map((runner) => [runner.runnerId, runner.name]));
  const runnerName = (id: number) => names.get(id) ?? `Runner ${id}`;
  const sport = (SPORT_NAMES as Record<number, string | undefined>)[market.sportId];

  return (
    <>
      <PageHeader
        title={`${market.eventName} — ${market.marketName}`}
        subtitle={
          <>
            <MarketStatus market={market} />
            <span>{sport ?? `Sport ${market.sportId}`}</span>
            <span>Starts {formatDateTime(market.startAt)}</span>
            <span>
              Matched <Money value={market.matchedVolume} />
            </span>
            {market.settledBy ? (
              <span>
                Settled by {market.settledBy}:{' '}
                {market.winnerRunnerId === null ? 'void' : runnerName(market.winnerRunnerId)}
              </span>
            ) : null}
            <span className="mono">{market.marketId}</span>
          </>
        }
        actions={
          can('markets.trade')
            ? availableActions(market.status).map((name) => (
                <Button
                  key={name}
                  size="small"
                  variant={name === 'resume' ? 'primary' : 'secondary'}
                  onClick={() => setAction(name)}
                >
                  {ACTION_LABELS[name]}
                </Button>
              ))
            : null
        }
      />
      <Section title="Book">
        {data.runners.length === 0 ? (
          <p className="muted">This market has no runners.</p>
        ) : (
          <div className="book">
            <BookTable book={data} />
            <BookChart runners={data.runners} />
          </div>
        )}
      </Section>
      <Section title={`Bets (${data.betCount})`}>
        {data.betCount > data.bets.length ? (
          <p className="muted">
            Showing the newest {data.bets.length} of {data.betCount} bets.
          </p>
        ) : null}
        <DataGrid
          id="market-bets"
          label="Bets"
          data={data.bets}
          columns={betColumns(runnerName, can('players.read'))}
          getRowId={(row) => row.id}
          initialSorting={[{ id: 'placedAt', desc: true }]}
          defaultHiddenColumns={['id']}
          emptyText="No real-money bets on this market."
        />
      </Section>
      <Section title="Settlement history">
        <DataGrid
          id="market-settlements"
          label="Settlement history"
          data={data.settlements}
          columns={settlementColumns(runnerName)}
          getRowId={(row) => `${row.at}|${row.kind}`}
          emptyText="Not settled yet."
        />
      </Section>
      {action ? (
        <MarketActionDialog action={action} book={data} onClose={() => setAction(null)} />
      ) : null}
    </>
  );
}
