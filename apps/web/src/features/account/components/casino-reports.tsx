import type { CasinoProfitLoss, CasinoRound, CasinoRounds } from '@backlay/contract/casino';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { ANY_DATE, dayRange, type DateRange } from '../../../shared/dates/day-range';
import { formatMoney, formatSignedMoney, moneyTone } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';
import { StateMessage } from '../../../shared/ui/state-message';
import { formatBetTime } from '../../../shared/bets/bet-card';
import { CASINO_PROFIT_LOSS_PAGE_SIZE, useCasinoProfitLoss } from '../api/casino-profit-loss';
import {
  CASINO_ROUNDS_PAGE_SIZE,
  useCasinoRounds,
  type CasinoReportQuery,
} from '../api/casino-rounds';
import { usePagedFilters } from '../model/paged-filters';
import { PagedTable, type TableColumn } from './paged-table';
import './account-pages.css';
import './bets.css';
import './casino-reports.css';

/** The style of each filter field, as the other reports' filters have it. */
const FILTER_FIELD_CLASS = 'account-filter';

const messages = i18n('account/casino-reports', {
  filters: 'Filters',
  rounds: 'Casino rounds',
  profitLoss: 'Casino profit and loss',
  totals: 'Totals',
  time: 'Time',
  game: 'Game',
  status: 'Status',
  roundCount: 'Rounds',
  stake: 'Stake',
  win: 'Win',
  net: 'Net',
  open: 'In play',
  settled: 'Settled',
  voided: 'Void, stake returned',
  loadingRounds: 'Loading your casino rounds…',
  failedRounds: params('Your casino rounds could not be loaded: {error}'),
  loadingProfitLoss: 'Loading your casino profit and loss…',
  failedProfitLoss: params('Your casino profit and loss could not be loaded: {error}'),
  noRounds: 'No casino rounds in this period.',
  noGames: 'No casino play in this period.',
  roundPages: 'Casino round pages',
  profitLossPages: 'Casino profit and loss pages',
});

type CasinoText = Exclude<
  keyof ReturnType<typeof messages.get>,
  'failedRounds' | 'failedProfitLoss'
>;

const STATUS_LABELS: Record<CasinoRound['status'], CasinoText> = {
  OPEN: 'open',
  SETTLED: 'settled',
  VOIDED: 'voided',
};

/** A provider's name as players see it: its code with a capital (Dream, King, Mac). */
const providerName = (code: string) => code.charAt(0).toUpperCase() + code.slice(1);

function Signed({ value }: { value: number }) {
  return <span className={`amount--${moneyTone(value)}`}>{formatSignedMoney(value)}</span>;
}

/** The casino tab's filters: a range of calendar days (the casino calls take days) and the page. */
function useCasinoReportFilters() {
  const paged = usePagedFilters<{ range: DateRange }>({ range: ANY_DATE });
  const days = dayRange(paged.filters.range);
  const query: CasinoReportQuery = {
    ...(days.ok && days.from ? { from: days.from } : {}),
    ...(days.ok && days.to ? { to: days.to } : {}),
    page: paged.page,
  };
  return { ...paged, days, query };
}
type CasinoReportFilters = ReturnType<typeof useCasinoReportFilters>;

/** A casino report: its date filters, then the report once loaded, or why it is not shown. */
function CasinoReportSection<T>({
  label,
  report,
  result,
  loading,
  failed,
  children,
}: {
  label: string;
  report: CasinoReportFilters;
  result: UseQueryResult<T>;
  loading: string;
  failed: (error: string) => string;
  children: (data: T) => ReactNode;
}) {
  const t = useMessages(messages);
  return (
    <section className="account-section" aria-label={label}>
      <div className="report-filters" role="group" aria-label={t.filters}>
        <DateRangeFields
          range={report.filters.range}
          onRange={(range) => report.setFilters({ range })}
          fieldClassName={FILTER_FIELD_CLASS}
        />
      </div>
      {!report.days.ok ? (
        <StateMessage kind="error">{report.days.message}</StateMessage>
      ) : result.isPending ? (
        <StateMessage kind="loading">{loading}</StateMessage>
      ) : result.data !== undefined ? (
        // Also after a failed refetch: what was loaded before stays on screen.
        children(result.data)
      ) : (
        <StateMessage kind="error">{failed(errorMessage(result.error))}</StateMessage>
      )}
    </section>
  );
}

/** Rounds, stake, win and net of a range. */
function CasinoTotals({ total }: { total: CasinoRounds['total'] }) {
  const t = useMessages(messages);
  return (
    <dl className="report-totals casino-totals" aria-label={t.totals} data-testid="casino-totals">
      <div>
        <dt>{t.roundCount}</dt>
        <dd>{total.rounds}</dd>
      </div>
      <div>
        <dt>{t.stake}</dt>
        <dd>{formatMoney(total.stake)}</dd>
      </div>
      <div>
        <dt>{t.win}</dt>
        <dd>{formatMoney(total.win)}</dd>
      </div>
      <div>
        <dt>{t.net}</dt>
        <dd>
          <Signed value={total.net} />
        </dd>
      </div>
    </dl>
  );
}

function GameCell({ name, provider }: { name: string; provider: string }) {
  return (
    <>
      <span className="history__event">{name}</span>
      <span className="history__market">{providerName(provider)}</span>
    </>
  );
}

/**
 * One round: a table row on wide screens, a card on phones (casino-reports.css): the game and
 * its net first, then stake, win and status, then the time.
 */
function RoundRow({ round }: { round: CasinoRound }) {
  const t = useMessages(messages);
  return (
    <tr className="casino-round" data-round-id={round.id}>
      <td className="casino-round__time">
        <time dateTime={round.time}>{formatBetTime(round.time)}</time>
      </td>
      <td className="casino-round__game">
        <GameCell name={round.gameName} provider={round.provider} />
      </td>
      <td className="casino-round__status" data-label={t.status}>
        {t[STATUS_LABELS[round.status]]}
      </td>
      <td className="account-table__number casino-round__stake" data-label={t.stake}>
        {formatMoney(round.stake)}
      </td>
      <td className="account-table__number casino-round__win" data-label={t.win}>
        {formatMoney(round.win)}
      </td>
      <td className="account-table__number casino-round__net" data-label={t.net}>
        <Signed value={round.net} />
      </td>
    </tr>
  );
}

const ROUND_COLUMNS: readonly (TableColumn & { label: CasinoText })[] = [
  { label: 'time' },
  { label: 'game' },
  { label: 'status' },
  { label: 'stake', numeric: true },
  { label: 'win', numeric: true },
  { label: 'net', numeric: true },
];

/** The casino tab of bet history: the player's rounds, newest first, with the range's totals. */
export function CasinoRoundsReport() {
  const t = useMessages(messages);
  const report = useCasinoReportFilters();
  const rounds = useCasinoRounds(report.query, report.days.ok);
  return (
    <CasinoReportSection
      label={t.rounds}
      report={report}
      result={rounds}
      loading={t.loadingRounds}
      failed={(error) => t.failedRounds({ error })}
    >
      {(data) => (
        <>
          <CasinoTotals total={data.total} />
          <PagedTable
            label={t.rounds}
            className="casino-rounds-table"
            data-testid="casino-rounds"
            columns={ROUND_COLUMNS.map((column) => ({ ...column, label: t[column.label] }))}
            items={data.items}
            renderRow={(round) => <RoundRow key={round.id} round={round} />}
            empty={t.noRounds}
            busy={rounds.isFetching}
            pager={{
              label: t.roundPages,
              page: report.page,
              pageSize: CASINO_ROUNDS_PAGE_SIZE,
              total: data.totalCount,
              busy: rounds.isPlaceholderData,
              onPage: report.setPage,
            }}
          />
        </>
      )}
    </CasinoReportSection>
  );
}

type GameResult = CasinoProfitLoss['items'][number];

/** One game's result over the range: a row on wide screens, a card on phones. */
function GameResultRow({ item }: { item: GameResult }) {
  const t = useMessages(messages);
  return (
    <tr className="casino-game" data-game-code={item.gameCode}>
      <td className="casino-game__game">
        <GameCell name={item.gameName} provider={item.provider} />
      </td>
      <td className="account-table__number casino-game__rounds" data-label={t.roundCount}>
        {item.rounds}
      </td>
      <td className="account-table__number casino-game__stake" data-label={t.stake}>
        {formatMoney(item.stake)}
      </td>
      <td className="account-table__number casino-game__win" data-label={t.win}>
        {formatMoney(item.win)}
      </td>
      <td className="account-table__number casino-game__net" data-label={t.net}>
        <Signed value={item.net} />
      </td>
    </tr>
  );
}

const GAME_COLUMNS: readonly (TableColumn & { label: CasinoText })[] = [
  { label: 'game' },
  { label: 'roundCount', numeric: true },
  { label: 'stake', numeric: true },
  { label: 'win', numeric: true },
  { label: 'net', numeric: true },
];

/** The casino tab of P&L: what each game made or lost over the range, with the totals. */
export function CasinoProfitLossReport() {
  const t = useMessages(messages);
  const report = useCasinoReportFilters();
  const profitLoss = useCasinoProfitLoss(report.query, report.days.ok);
  return (
    <CasinoReportSection
      label={t.profitLoss}
      report={report}
      result={profitLoss}
      loading={t.loadingProfitLoss}
      failed={(error) => t.failedProfitLoss({ error })}
    >
      {(data) => (
        <>
          <CasinoTotals total={data.total} />
          <PagedTable
            label={t.profitLoss}
            className="casino-games-table"
            data-testid="casino-profit-loss"
            columns={GAME_COLUMNS.map((column) => ({ ...column, label: t[column.label] }))}
            items={data.items}
            renderRow={(item) => <GameResultRow key={item.gameCode} item={item} />}
            empty={t.noGames}
            busy={profitLoss.isFetching}
            pager={{
              label: t.profitLossPages,
              page: report.page,
              pageSize: CASINO_PROFIT_LOSS_PAGE_SIZE,
              total: data.totalCount,
              busy: profitLoss.isPlaceholderData,
              onPage: report.setPage,
            }}
          />
        </>
      )}
    </CasinoReportSection>
  );
}
