import { BET_HISTORY_FILTERS, type Bet } from '@backlay/contract/bets';
import { useId } from 'react';
import { Link } from 'react-router';
import {
  formatMoney,
  formatPrice,
  formatSignedMoney,
  moneyTone,
} from '../../../shared/format/money';
import { Page } from '../../../shared/ui/page';
import { BET_HISTORY_PAGE_SIZE, useBetHistory, type BetHistoryStatus } from '../api/bet-history';
import { betEventHref, formatBetTime, sideName } from '../../../shared/bets/bet-card';
import { PagedTable, type TableColumn } from '../components/paged-table';
import { ReportSection } from '../components/report-section';
import { useReportFilters } from '../model/report-filters';
import '../components/bets.css';

const FILTER_LABELS: Record<BetHistoryStatus, string> = {
  ALL: 'All bets',
  MATCHED: 'Matched',
  UNMATCHED: 'Unmatched',
  SETTLED: 'Settled',
  CANCELLED: 'Cancelled',
};

const STATUS_LABELS: Record<Bet['status'], string> = {
  UNMATCHED: 'Unmatched',
  PARTIALLY_MATCHED: 'Partly matched',
  MATCHED: 'Matched',
  CANCELLED: 'Cancelled',
  LAPSED: 'Lapsed',
  SETTLED: 'Settled',
  VOID: 'Void',
};

function HistoryRow({ bet }: { bet: Bet }) {
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
      <td>{STATUS_LABELS[bet.status]}</td>
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

const HISTORY_COLUMNS: readonly TableColumn[] = [
  { label: 'Placed' },
  { label: 'Event / market' },
  { label: 'Selection' },
  { label: 'Side' },
  { label: 'Price', numeric: true },
  { label: 'Stake', numeric: true },
  { label: 'Matched', numeric: true },
  { label: 'Status' },
  { label: 'P/L', numeric: true },
];

/** Every bet of the player, newest first: a paged table filtered by dates, sport and status. */
export default function BetHistoryPage() {
  const id = useId();
  const report = useReportFilters({ status: 'ALL' as BetHistoryStatus });
  const history = useBetHistory(report.query, report.dates.ok);

  return (
    <Page lead="Every bet you placed, with its status and result.">
      <ReportSection
        label="Bet history"
        what="bets"
        report={report}
        result={history}
        moreFilters={
          <label className="account-filter" htmlFor={`${id}-status`}>
            <span>Status</span>
            <select
              id={`${id}-status`}
              value={report.filters.status}
              onChange={(e) => report.setFilters({ status: e.target.value as BetHistoryStatus })}
            >
              {BET_HISTORY_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {FILTER_LABELS[filter]}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {(data) => (
          <PagedTable
            label="Bet history"
            testId="bet-history"
            columns={HISTORY_COLUMNS}
            items={data.items}
            renderRow={(bet) => <HistoryRow key={bet.id} bet={bet} />}
            empty="No bets match these filters."
            busy={history.isFetching}
            pager={{
              label: 'Bet history pages',
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
