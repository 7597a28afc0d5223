import { BET_HISTORY_FILTERS, type Bet } from '@backlay/contract/bets';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatMoney, formatSignedMoney, moneyTone } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { BET_HISTORY_PAGE_SIZE, useBetHistory, type BetHistoryStatus } from '../api/bet-history';
import { betEventHref, formatBetTime } from '../../../shared/bets/bet-card';
import {
  describeBet,
  fancyResult,
  priceText,
  useBetWords,
} from '../../../shared/bets/bet-description';
import { CasinoRoundsReport } from '../components/casino-reports';
import { PagedTable, type TableColumn } from '../components/paged-table';
import { ReportSection } from '../components/report-section';
import { ReportTabs, useReportTab } from '../components/report-tabs';
import { useReportFilters } from '../model/report-filters';
import '../components/bets.css';

const messages = i18n('account/bet-history-page', {
  lead: 'Every bet you placed, with its status and result.',
  history: 'Bet history',
  status: 'Status',
  allBets: 'All bets',
  unmatched: 'Unmatched',
  partlyMatched: 'Partly matched',
  matched: 'Matched',
  cancelled: 'Cancelled',
  lapsed: 'Lapsed',
  settled: 'Settled',
  void: 'Void',
  placed: 'Placed',
  eventMarket: 'Event / market',
  selection: 'Selection',
  side: 'Side',
  price: 'Price',
  stake: 'Stake',
  matchedStake: 'Matched',
  profitLoss: 'P/L',
  result: params('Result: {result}'),
  empty: 'No bets match these filters.',
  pages: 'Bet history pages',
  tabs: 'Sports bets or casino rounds',
});

/** The messages that are plain words: labels of filters, statuses and columns. */
type HistoryText = Exclude<keyof ReturnType<typeof messages.get>, 'result' | 'tabs'>;

const FILTER_LABELS: Record<BetHistoryStatus, HistoryText> = {
  ALL: 'allBets',
  MATCHED: 'matched',
  UNMATCHED: 'unmatched',
  SETTLED: 'settled',
  CANCELLED: 'cancelled',
};

const STATUS_LABELS: Record<Bet['status'], HistoryText> = {
  UNMATCHED: 'unmatched',
  PARTIALLY_MATCHED: 'partlyMatched',
  MATCHED: 'matched',
  CANCELLED: 'cancelled',
  LAPSED: 'lapsed',
  SETTLED: 'settled',
  VOID: 'void',
};

/** Whether Yes won a settled fancy bet's value, read from the bet's side and result. */
function yesWon(bet: Bet): boolean | null {
  if (bet.status !== 'SETTLED' || bet.profitLoss === null) return null;
  return (bet.side === 'BACK') === bet.profitLoss > 0;
}

/**
 * One bet as its market showed it (the shared bet description). A table row on wide screens;
 * on phones the styles make it a card, what matters first: side, selection and price, then
 * the event, stake, matched and P/L, each cell named by its `data-label`.
 */
function HistoryRow({ bet }: { bet: Bet }) {
  const t = useMessages(messages);
  const words = useBetWords();
  const described = describeBet(bet, words);
  const result = fancyResult(bet, yesWon(bet), words);
  return (
    <tr className="history-row" data-bet-id={bet.id}>
      <td className="history-row__time">
        <time dateTime={bet.placedAt}>{formatBetTime(bet.placedAt)}</time>
      </td>
      <td className="history-row__event">
        <Link className="history__event" to={betEventHref(bet)}>
          {bet.eventName}
        </Link>
        <span className="history__market">{bet.marketName}</span>
      </td>
      <td className="history-row__selection">{described.selection}</td>
      <td className="history-row__side">
        <span className={`history__side history__side--${described.tone}`}>{described.side}</span>
      </td>
      <td className="account-table__number history-row__price">
        {priceText(bet.marketType, bet.averagePrice ?? bet.price, words)}
      </td>
      <td className="account-table__number history-row__stake" data-label={t.stake}>
        {formatMoney(bet.stake)}
      </td>
      <td className="account-table__number history-row__matched" data-label={t.matchedStake}>
        {formatMoney(bet.matchedStake)}
      </td>
      <td className="history-row__status">
        {t[STATUS_LABELS[bet.status]]}
        {result ? <span className="history__result">{t.result({ result })}</span> : null}
      </td>
      <td className="account-table__number history-row__pl" data-label={t.profitLoss}>
        {bet.profitLoss === null ? (
          '—'
        ) : (
          <span className={`amount--${moneyTone(bet.profitLoss)}`}>
            {formatSignedMoney(bet.profitLoss)}
          </span>
        )}
      </td>
    </tr>
  );
}

const HISTORY_COLUMNS: readonly (TableColumn & { label: HistoryText })[] = [
  { label: 'placed' },
  { label: 'eventMarket' },
  { label: 'selection' },
  { label: 'side' },
  { label: 'price', numeric: true },
  { label: 'stake', numeric: true },
  { label: 'matchedStake', numeric: true },
  { label: 'status' },
  { label: 'profitLoss', numeric: true },
];

/** Every bet of the player, newest first: a paged table filtered by dates, sport and status. */
export default function BetHistoryPage() {
  const t = useMessages(messages);
  const id = useId();
  const report = useReportFilters({ status: 'ALL' as BetHistoryStatus });
  const tab = useReportTab();
  const history = useBetHistory(report.query, report.dates.ok && tab === 'sports');

  if (tab === 'casino') {
    return (
      <Page lead={t.lead}>
        <ReportTabs label={t.tabs} />
        <CasinoRoundsReport />
      </Page>
    );
  }
  return (
    <Page lead={t.lead}>
      <ReportTabs label={t.tabs} />
      <ReportSection
        label={t.history}
        what="bets"
        report={report}
        result={history}
        moreFilters={
          <label className="account-filter" htmlFor={`${id}-status`}>
            <span>{t.status}</span>
            <select
              id={`${id}-status`}
              value={report.filters.status}
              onChange={(e) => report.setFilters({ status: e.target.value as BetHistoryStatus })}
            >
              {BET_HISTORY_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {t[FILTER_LABELS[filter]]}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {(data) => (
          <PagedTable
            label={t.history}
            className="history-table"
            data-testid="bet-history"
            columns={HISTORY_COLUMNS.map((column) => ({ ...column, label: t[column.label] }))}
            items={data.items}
            renderRow={(bet) => <HistoryRow key={bet.id} bet={bet} />}
            empty={t.empty}
            busy={history.isFetching}
            pager={{
              label: t.pages,
              page: report.page,
              pageSize: BET_HISTORY_PAGE_SIZE,
              total: data.totalCount,
              busy: history.isPlaceholderData,
              onPage: report.setPage,
            }}
          />
        )}
      </ReportSection>
    </Page>
  );
}
