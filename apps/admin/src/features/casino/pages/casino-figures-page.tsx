import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { brandsInScope, describeBrandScope } from '../../../shared/brands';
import { TrendChart, type TrendSeries } from '../../../shared/charts/trend-chart';
import { formatTime } from '../../../shared/format/dates';
import { formatCount, formatRupees, formatRupeesCompact } from '../../../shared/format/money';
import { paths } from '../../../shared/paths';
import { useMe } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { DataGrid } from '../../../shared/ui/data-grid';
import { SelectField } from '../../../shared/ui/fields';
import { Money } from '../../../shared/ui/money';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader, Section } from '../../../shared/ui/page-header';
import { StatTile, StatTiles } from '../../../shared/ui/stat-tiles';
import { Tabs } from '../../../shared/ui/tabs';
import { useCasinoFigures, type CasinoFigures, type CasinoFiguresDay } from '../api/casino-figures';
import {
  brandColumns,
  DAY_COLUMNS,
  gameColumns,
  providerColumns,
} from '../components/figures-columns';
import { formatHold, holdPercent } from '../model/figures';
import {
  FIGURES_PERIODS,
  figuresFiltersOf,
  figuresParamsOf,
  isFiguresPeriod,
  type FiguresFilters,
} from '../model/figures-filters';
import '../components/casino.css';

/** Turnover and wins are of one size, GGR far smaller: it reads against its own axis. */
const MONEY_SERIES: readonly TrendSeries<CasinoFiguresDay>[] = [
  {
    label: 'Turnover',
    colorToken: '--chart-turnover',
    value: (day) => day.turnover,
    shape: 'bars',
  },
  { label: 'Wins', colorToken: '--chart-wins', value: (day) => day.wins, shape: 'line' },
  {
    label: 'GGR',
    colorToken: '--chart-ggr',
    value: (day) => day.ggr,
    shape: 'line',
    axis: 'right',
  },
];
const MONEY_AXES = { left: 'Turnover, wins', right: 'GGR' };

const PLAYER_SERIES: readonly TrendSeries<CasinoFiguresDay>[] = [
  { label: 'Rounds', colorToken: '--chart-turnover', value: (day) => day.rounds, shape: 'bars' },
  {
    label: 'Players',
    colorToken: '--chart-active',
    value: (day) => day.players,
    shape: 'line',
    axis: 'right',
  },
];
const PLAYER_AXES = { left: 'Rounds', right: 'Players' };

const PERIOD_OPTIONS = FIGURES_PERIODS.map((days) => ({
  value: String(days),
  label: `Last ${days} days`,
}));

function FiguresTables({ data, filters }: { data: CasinoFigures; filters: FiguresFilters }) {
  const games = useMemo(() => gameColumns(filters.brand), [filters.brand]);
  const providers = useMemo(() => providerColumns(filters.brand), [filters.brand]);
  const brands = useMemo(() => brandColumns(filters.days), [filters.days]);
  return (
    <Tabs
      label="Figures by"
      tabs={[
        {
          id: 'games',
          label: 'By game',
          content: () => (
            <DataGrid
              id="casino-figures-games"
              label="Figures by game"
              data={data.games}
              columns={games}
              getRowId={(row) => row.gameCode}
              emptyText="No game was played in this period."
            />
          ),
        },
        {
          id: 'providers',
          label: 'By provider',
          content: () => (
            <DataGrid
              id="casino-figures-providers"
              label="Figures by provider"
              data={data.providers}
              columns={providers}
              getRowId={(row) => row.provider}
              emptyText="No provider’s game was played in this period."
            />
          ),
        },
        {
          id: 'brands',
          label: 'By brand',
          content: () => (
            <DataGrid
              id="casino-figures-brands"
              label="Figures by brand"
              data={data.byBrand}
              columns={brands}
              getRowId={(row) => row.brand}
              emptyText="No brand’s casino was played in this period."
            />
          ),
        },
        {
          id: 'days',
          label: 'By day',
          content: () => (
            <DataGrid
              id="casino-figures-days"
              label="Figures by day"
              data={data.days}
              columns={DAY_COLUMNS}
              getRowId={(row) => row.day}
              initialSorting={[{ id: 'day', desc: true }]}
              emptyText="No day in this period."
            />
          ),
        },
      ]}
    />
  );
}

function Figures({
  data,
  filters,
  updating,
}: {
  data: CasinoFigures;
  filters: FiguresFilters;
  updating: boolean;
}) {
  const { totals } = data;
  return (
    <div className="casino-figures" aria-busy={updating || undefined}>
      <StatTiles title={`Last ${data.days.length} days (UTC), real money`}>
        <StatTile
          label="Rounds"
          value={formatCount(totals.rounds)}
          hint={totals.players === 1 ? 'By 1 player' : `By ${formatCount(totals.players)} players`}
        />
        <StatTile
          label="Turnover"
          value={<Money value={totals.turnover} />}
          hint="Staked, less refunds"
        />
        <StatTile label="Wins" value={<Money value={totals.wins} />} hint="Paid to players" />
        <StatTile
          label="GGR"
          value={<Money value={totals.ggr} signed />}
          hint={`Turnover less wins; hold ${formatHold(holdPercent(totals))}`}
        />
      </StatTiles>
      <div className="casino-figures__charts">
        <Section title="Turnover, wins and GGR">
          <TrendChart
            title="Casino turnover, wins and GGR by day"
            days={data.days}
            series={MONEY_SERIES}
            format={formatRupees}
            formatAxis={formatRupeesCompact}
            axisLabels={MONEY_AXES}
          />
        </Section>
        <Section title="Rounds and players">
          <TrendChart
            title="Casino rounds and players by day"
            days={data.days}
            series={PLAYER_SERIES}
            format={formatCount}
            formatAxis={formatCount}
            axisLabels={PLAYER_AXES}
          />
        </Section>
      </div>
      <FiguresTables data={data} filters={filters} />
    </div>
  );
}

/**
 * `/admin/casino/figures`: real-money casino turnover, wins and gross gaming revenue over the
 * last days, in total, by day, and by game, provider and brand, for one brand or every brand
 * covered. A game's or provider's row opens its rounds.
 */
export default function CasinoFiguresPage() {
  const [search, setSearch] = useSearchParams();
  const filters = figuresFiltersOf(search);
  const { data: me } = useMe();
  const figures = useCasinoFigures(filters);
  const apply = (next: Partial<FiguresFilters>) =>
    setSearch(figuresParamsOf({ ...filters, ...next }), { replace: true });

  const brandOptions = [
    { value: '', label: 'All brands' },
    ...brandsInScope(me).map((domain) => ({ value: domain, label: domain })),
  ];
  const { data } = figures;

  return (
    <>
      <PageHeader
        title="Casino figures"
        subtitle={
          data ? (
            <>
              <span>{describeBrandScope(data.brands)}</span>
              <span aria-hidden="true">·</span>
              <span>Since {data.since} (UTC)</span>
              <span aria-hidden="true">·</span>
              <span>Updated {formatTime(figures.dataUpdatedAt)}</span>
            </>
          ) : null
        }
        actions={
          <>
            <Link
              className="button button-link"
              to={paths.casinoRounds.getHref({ brand: filters.brand })}
            >
              Rounds
            </Link>
            <Button busy={figures.isFetching} onClick={() => void figures.refetch()}>
              Refresh
            </Button>
          </>
        }
      />
      <form
        className="filters"
        aria-label="Casino figures filters"
        onSubmit={(event) => event.preventDefault()}
      >
        <SelectField
          label="Brand"
          value={filters.brand}
          options={brandOptions}
          onChange={(event) => apply({ brand: event.target.value })}
        />
        <SelectField
          label="Period"
          value={String(filters.days)}
          options={PERIOD_OPTIONS}
          onChange={(event) => {
            const days = Number(event.target.value);
            if (isFiguresPeriod(days)) apply({ days });
          }}
        />
      </form>
      {figures.isPending ? (
        <Loading />
      ) : !data ? (
        <ErrorNotice error={figures.error} onRetry={() => void figures.refetch()} />
      ) : (
        <>
          {figures.isError ? <ErrorNotice error={figures.error} /> : null}
          <Figures data={data} filters={filters} updating={figures.isPlaceholderData} />
        </>
      )}
    </>
  );
}
