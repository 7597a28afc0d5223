import { Link, useSearchParams } from 'react-router';
import { brandsInScope, describeBrandScope } from '../../../shared/brands';
import { TrendChart, type TrendSeries } from '../../../shared/charts/trend-chart';
import { formatTime } from '../../../shared/format/dates';
import { formatCount, formatRupees, formatRupeesCompact } from '../../../shared/format/money';
import { paths } from '../../../shared/paths';
import { useCan, useMe } from '../../../shared/session/me-query';
import { Button } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/fields';
import { Money } from '../../../shared/ui/money';
import { ErrorNotice, Loading } from '../../../shared/ui/notice';
import { PageHeader, Section } from '../../../shared/ui/page-header';
import { StatTile, StatTiles } from '../../../shared/ui/stat-tiles';
import {
  DASHBOARD_PERIODS,
  DEFAULT_PERIOD,
  useDashboard,
  type Dashboard,
  type DashboardFilters,
  type DashboardDay,
  type DashboardPeriod,
} from '../api/dashboard';
import { SetupTasks } from '../components/setup-tasks';
import { periodTotals } from '../model/dashboard-figures';
import '../components/dashboard.css';

/** Turnover is many times commission and GGR: it reads against its own axis, as bars. */
const MONEY_SERIES: readonly TrendSeries<DashboardDay>[] = [
  {
    label: 'Turnover',
    colorToken: '--chart-turnover',
    value: (day) => day.turnover,
    shape: 'bars',
  },
  {
    label: 'Commission',
    colorToken: '--chart-commission',
    value: (day) => day.commission,
    shape: 'line',
    axis: 'right',
  },
  {
    label: 'GGR',
    colorToken: '--chart-ggr',
    value: (day) => day.ggr,
    shape: 'line',
    axis: 'right',
  },
];
const MONEY_AXES = { left: 'Turnover', right: 'Commission, GGR' };

/** Money in and out: both rupees of the same order, on one axis. */
const PAYMENT_SERIES: readonly TrendSeries<DashboardDay>[] = [
  {
    label: 'Deposits',
    colorToken: '--chart-deposits',
    value: (day) => day.deposits,
    shape: 'line',
  },
  {
    label: 'Withdrawals',
    colorToken: '--chart-withdrawals',
    value: (day) => day.withdrawals,
    shape: 'line',
  },
];

const PLAYER_SERIES: readonly TrendSeries<DashboardDay>[] = [
  {
    label: 'Sign-ups',
    colorToken: '--chart-sign-ups',
    value: (day) => day.signUps,
    shape: 'line',
  },
  {
    label: 'Active players',
    colorToken: '--chart-active',
    value: (day) => day.activePlayers,
    shape: 'line',
  },
];

const PERIOD_OPTIONS = DASHBOARD_PERIODS.map((days) => ({
  value: String(days),
  label: `Last ${days} days`,
}));

function isPeriod(value: number): value is DashboardPeriod {
  return (DASHBOARD_PERIODS as readonly number[]).includes(value);
}

/** The filters as the URL holds them, so a view can be shared and reloaded. */
function filtersOf(search: URLSearchParams): DashboardFilters {
  const days = Number(search.get('days'));
  return { brand: search.get('brand') ?? '', days: isPeriod(days) ? days : DEFAULT_PERIOD };
}

/** The pages players and guests have open now, busiest first, as the server ordered them. */
function OnlinePages({ pages }: { pages: Dashboard['online']['pages'] }) {
  if (pages.length === 0) return <p className="muted">Nobody is online.</p>;
  return (
    <div className="pages-list">
      <table aria-label="Pages open now">
        <thead>
          <tr>
            <th scope="col">Page</th>
            <th scope="col" className="numeric">
              Connections
            </th>
          </tr>
        </thead>
        <tbody>
          {pages.map((row) => (
            <tr key={row.page}>
              <td className="mono">{row.page}</td>
              <td className="numeric">{formatCount(row.connections)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A count of requests waiting for finance, with their amount; a link to the queue for an
 * operator who may open it.
 */
function PendingTile({
  label,
  pending,
  href,
}: {
  label: string;
  pending: Dashboard['pendingDeposits'];
  href: string | null;
}) {
  const count = formatCount(pending.count);
  return (
    <StatTile
      label={label}
      value={href ? <Link to={href}>{count}</Link> : count}
      hint={<Money value={pending.amount} />}
    />
  );
}

function DashboardFigures({
  data,
  brand,
  updating,
}: {
  data: Dashboard;
  brand: string;
  updating: boolean;
}) {
  const totals = periodTotals(data.days);
  const { online } = data;
  const canOpenQueues = useCan()('payments.read');
  return (
    <div className="dashboard" aria-busy={updating || undefined}>
      <SetupTasks brandsWithoutDepositMethods={data.brandsWithoutDepositMethods} />
      <StatTiles title="Now">
        <StatTile
          label="Players online"
          value={formatCount(online.players)}
          hint={`${formatCount(online.connections)} connections`}
        />
        <StatTile label="Guests online" value={formatCount(online.guests)} />
        <StatTile
          label="Open exposure"
          value={<Money value={data.openExposure} />}
          hint="Held against open bets"
        />
        <StatTile label="Players" value={formatCount(data.players)} hint="Signed up, all time" />
      </StatTiles>
      <StatTiles title="Waiting for finance">
        <PendingTile
          label="Pending deposits"
          pending={data.pendingDeposits}
          href={canOpenQueues ? paths.deposits.getHref(brand) : null}
        />
        <PendingTile
          label="Pending withdrawals"
          pending={data.pendingWithdrawals}
          href={canOpenQueues ? paths.withdrawals.getHref(brand) : null}
        />
      </StatTiles>
      <StatTiles title={`Last ${data.days.length} days (UTC)`}>
        <StatTile label="Sign-ups" value={formatCount(totals.signUps)} />
        <StatTile
          label="Turnover"
          value={<Money value={totals.turnover} />}
          hint="Matched stakes"
        />
        <StatTile
          label="Commission"
          value={<Money value={totals.commission} />}
          hint="On markets settled"
        />
        <StatTile
          label="GGR"
          value={<Money value={totals.ggr} signed />}
          hint="Players’ net loss, after commission"
        />
        <StatTile label="Deposits" value={<Money value={totals.deposits} />} hint="Credited" />
        <StatTile
          label="Withdrawals"
          value={<Money value={totals.withdrawals} />}
          hint="Paid out"
        />
      </StatTiles>
      <div className="dashboard__panels">
        <Section title="Turnover, commission and GGR">
          <TrendChart
            title="Turnover, commission and GGR by day"
            days={data.days}
            series={MONEY_SERIES}
            format={formatRupees}
            formatAxis={formatRupeesCompact}
            axisLabels={MONEY_AXES}
          />
        </Section>
        <Section title="Deposits and withdrawals">
          <TrendChart
            title="Deposits and withdrawals by day"
            days={data.days}
            series={PAYMENT_SERIES}
            format={formatRupees}
            formatAxis={formatRupeesCompact}
          />
        </Section>
        <Section title="Sign-ups and active players">
          <TrendChart
            title="Sign-ups and active players by day"
            days={data.days}
            series={PLAYER_SERIES}
            format={formatCount}
            formatAxis={formatCount}
          />
        </Section>
        <Section
          title="Pages open now"
          actions={<Link to={paths.online.getHref(brand)}>Who is online</Link>}
        >
          <OnlinePages pages={online.pages} />
        </Section>
      </div>
    </div>
  );
}

/**
 * `/admin/dashboard`, the console's home: who is online now, what is at stake, what waits for
 * finance, and the last days' sign-ups, turnover, commission, GGR, deposits and withdrawals,
 * for one brand or every brand covered.
 */
export default function DashboardPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersOf(search);
  const { data: me } = useMe();
  const dashboard = useDashboard(filters);
  // The casino's figures are a page of their own, over the same brand and period.
  const canReadCasino = useCan()('casino.read');

  const apply = (next: Partial<DashboardFilters>) => {
    const merged = { ...filters, ...next };
    const params = new URLSearchParams();
    if (merged.brand) params.set('brand', merged.brand);
    if (merged.days !== DEFAULT_PERIOD) params.set('days', String(merged.days));
    setSearch(params, { replace: true });
  };

  const brandOptions = [
    { value: '', label: 'All brands' },
    ...brandsInScope(me).map((domain) => ({ value: domain, label: domain })),
  ];
  const { data } = dashboard;

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={
          data ? (
            <>
              <span>{describeBrandScope(data.brands)}</span>
              <span aria-hidden="true">·</span>
              <span>Updated {formatTime(dashboard.dataUpdatedAt)}</span>
            </>
          ) : null
        }
        actions={
          <>
            {canReadCasino ? (
              <Link
                className="button button-link"
                to={paths.casinoFigures.getHref(filters.brand, filters.days)}
              >
                Casino figures
              </Link>
            ) : null}
            <Button busy={dashboard.isFetching} onClick={() => void dashboard.refetch()}>
              Refresh
            </Button>
          </>
        }
      />
      <form
        className="filters"
        aria-label="Dashboard filters"
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
            if (isPeriod(days)) apply({ days });
          }}
        />
      </form>
      {dashboard.isPending ? (
        <Loading />
      ) : !data ? (
        <ErrorNotice error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <>
          {dashboard.isError ? <ErrorNotice error={dashboard.error} /> : null}
          <DashboardFigures
            data={data}
            brand={filters.brand}
            updating={dashboard.isPlaceholderData}
          />
        </>
      )}
    </>
  );
}
