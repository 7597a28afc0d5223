import { BET_HISTORY_FILTERS, type Bet } from '@backlay/contract/bets';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  formatMoney,
  formatPrice,
  formatSignedMoney,
  moneyTone,
} from '../../../shared/format/money';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { BET_HISTORY_PAGE_SIZE, useBetHistory, type BetHistoryStatus } from '../api/bet-history';
import { betEventHref, formatBetTime, sideName } from '../../../shared/bets/bet-card';
import { PagedTable, type TableColumn } from '../components/paged-table';
import { ReportSection } from '../components/report-section';
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
  empty: 'No bets match these filters.',
  pages: 'Bet history pages',
});

type HistoryText = keyof ReturnType<typeof messages.get>;

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

function HistoryRow({ bet }: { bet: Bet }) {
  const t = useMessages(messages);
  return (
    <tr>
      <td>
        <time dateTime={bet.placedAt}>{formatBetTime(bet.placedAt)}</time>
      </td>
      <td>
        <Link className="history__event" to={betEventHref(bet)}>
          {bet.eventName}
        </Link>
        <span className="history__market">{bet.marketName}</span>
      </td>
      <td>{bet.runnerName}</td>
      <td>
        <span className={`history__side history__side--${bet.side.toLowerCase()}`}>
          {sideName(bet)}
        </span>
      </td>
      <td className="account-table__number">{formatPrice(bet.averagePrice ?? bet.price)}</td>
      <td className="account-table__number">{formatMoney(bet.stake)}</td>
      <td className="account-table__number">{formatMoney(bet.matchedStake)}</td>
      <td>{t[STATUS_LABELS[bet.status]]}</td>
      <td className="account-table__number">
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
  const history = useBetHistory(report.query, report.dates.ok);

  return (
    <Page lead={t.lead}>
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
