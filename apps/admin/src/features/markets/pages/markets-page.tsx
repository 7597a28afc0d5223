import { MARKET_STATUSES } from '@backlay/contract/admin';
import { SPORT_NAMES } from '@backlay/contract/sports';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, formatShortDateTime } from '../../../shared/format/dates';
import { paths } from '../../../shared/paths';
import { Badge } from '../../../shared/ui/badge';
import { DataGrid, type GridColumn } from '../../../shared/ui/data-grid';
import { SelectField, TextField } from '../../../shared/ui/fields';
import { Money } from '../../../shared/ui/money';
import { ErrorNotice, Loading, Notice } from '../../../shared/ui/notice';
import { PageHeader } from '../../../shared/ui/page-header';
import { MARKETS_LIMIT, useMarkets, type MarketFilters, type MarketRow } from '../api/markets';
import { MarketStatus } from '../components/market-status';
import { fancyLineText } from '../model/fancy-line';
import '../components/markets.css';

const sportName = (sportId: number) =>
  (SPORT_NAMES as Record<number, string | undefined>)[sportId] ?? `Sport ${sportId}`;

const column = createColumnHelper<MarketRow>();
const COLUMNS: GridColumn<MarketRow>[] = [
  column.accessor('eventName', { header: 'Event' }),
  column.accessor('marketName', {
    header: 'Market',
    cell: (info) => {
      const { marketId, fancyLine } = info.row.original;
      return (
        <span className="market-name">
          <Link to={paths.market.getHref(marketId)}>{info.getValue()}</Link>
          {fancyLine ? <span className="market-name__line">{fancyLineText(fancyLine)}</span> : null}
        </span>
      );
    },
  }),
  column.accessor('sportId', { header: 'Sport', cell: (info) => sportName(info.getValue()) }),
  column.accessor('startAt', {
    header: 'Start',
    cell: (info) => (
      <span title={formatDateTime(info.getValue())}>{formatShortDateTime(info.getValue())}</span>
    ),
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => (
      <MarketStatus market={{ status: info.getValue(), inPlay: info.row.original.inPlay }} />
    ),
  }),
  column.accessor('inPlay', {
    header: 'In play',
    cell: (info) => (info.getValue() ? <Badge tone="bad">In play</Badge> : '—'),
  }),
  column.accessor('matchedVolume', {
    header: 'Matched',
    meta: { numeric: true },
    cell: (info) => <Money value={info.getValue()} />,
  }),
  column.accessor('settledBy', {
    header: 'Settled by',
    cell: (info) => info.getValue() ?? '—',
  }),
  column.accessor('marketType', { header: 'Type' }),
  column.accessor('marketId', {
    header: 'Market id',
    cell: (info) => <span className="mono">{info.getValue()}</span>,
  }),
];

const STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...MARKET_STATUSES.map((status) => ({ value: status, label: status.toLowerCase() })),
];
const SPORT_OPTIONS = [
  { value: '', label: 'All sports' },
  ...Object.entries(SPORT_NAMES).map(([id, name]) => ({ value: id, label: name })),
];

function isStatus(value: string | null): value is MarketFilters['status'] {
  return value !== null && (MARKET_STATUSES as readonly string[]).includes(value);
}

/** The filters as the URL holds them, so a view can be shared and gone back to. */
function filtersOf(search: URLSearchParams): MarketFilters {
  const status = search.get('status');
  return {
    status: isStatus(status) ? status : '',
    sportId: search.get('sport') ?? '',
    q: search.get('q') ?? '',
  };
}

/** How long typing pauses before the list is asked for what was typed. */
const SEARCH_PAUSE_MS = 300;

/**
 * `/admin/markets`: markets in play first, then by start, by status, sport and a search of
 * events and markets that finds as one types; a fancy session is one row with its line. A row
 * opens the market's book.
 */
export default function MarketsPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const [text, setText] = useState(filters.q);
  const markets = useMarkets(filters);

  const apply = (next: Partial<MarketFilters>) => {
    const merged = { ...filters, ...next };
    const params = new URLSearchParams();
    if (merged.status) params.set('status', merged.status);
    if (merged.sportId) params.set('sport', merged.sportId);
    if (merged.q.trim()) params.set('q', merged.q.trim());
    setSearch(params, { replace: true });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ q: text });
  };

  // Typing is the search: once it pauses, the list follows what was typed.
  const searched = filters.q;
  useEffect(() => {
    if (text.trim() === searched) return;
    const timer = setTimeout(() => apply({ q: text }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  });

  return (
    <>
      <PageHeader title="Markets" />
      <form className="filters" onSubmit={submit} role="search" aria-label="Find markets">
        <SelectField
          label="Status"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(event) =>
            apply({ status: isStatus(event.target.value) ? event.target.value : '' })
          }
        />
        <SelectField
          label="Sport"
          value={filters.sportId}
          options={SPORT_OPTIONS}
          onChange={(event) => apply({ sportId: event.target.value })}
        />
        <TextField
          className="filters__search"
          label="Event or market"
          type="search"
          placeholder="Team, event, market or market id"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={80}
          spellCheck={false}
        />
      </form>
      {markets.isPending ? (
        <Loading />
      ) : markets.isError ? (
        <ErrorNotice error={markets.error} onRetry={() => void markets.refetch()} />
      ) : (
        <>
          {markets.data.items.length >= MARKETS_LIMIT ? (
            <Notice tone="info">
              Showing the first {MARKETS_LIMIT} markets. Narrow the filters to find others.
            </Notice>
          ) : null}
          <DataGrid
            id="markets"
            label="Markets"
            data={markets.data.items}
            columns={COLUMNS}
            getRowId={(row) => row.marketId}
            rowHref={(row) => paths.market.getHref(row.marketId)}
            // In play shows in the status; the column stays for sorting by it.
            defaultHiddenColumns={['inPlay', 'marketType', 'marketId']}
            emptyText="No market matches these filters."
          />
        </>
      )}
    </>
  );
}
