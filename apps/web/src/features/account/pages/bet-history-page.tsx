import { BET_HISTORY_FILTERS, type Bet } from '@backlay/contract/bets';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import {
  formatMoney,
  formatPrice,
  formatSignedMoney,
  moneyTone,
} from '../../../shared/format/money';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { BET_HISTORY_PAGE_SIZE, useBetHistory, type BetHistoryStatus } from '../api/bet-history';
import { formatBetTime, sideName } from '../components/bet-card';
import { Pager } from '../components/pager';
import { ReportFilters } from '../components/report-filters';
import { ANY_DATE, isoRange, type DateRange } from '../model/date-range';
import '../components/account-pages.css';
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
        <span className="history__event">{bet.eventName}</span>
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

/** Every bet of the player, newest first: a paged table filtered by dates, sport and status. */
export default function BetHistoryPage() {
  const id = useId();
  const [range, setRange] = useState<DateRange>(ANY_DATE);
  const [sportId, setSportId] = useState<number | null>(null);
  const [status, setStatus] = useState<BetHistoryStatus>('ALL');
  const [page, setPage] = useState(0);
  const dates = isoRange(range);
  const query = {
    ...(dates.ok ? { fromDate: dates.fromDate, toDate: dates.toDate } : {}),
    sportId,
    status,
    page,
  };
  const { data, error, isPending, isFetching, isPlaceholderData } = useBetHistory(query, dates.ok);
  const refilter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(0);
    };

  return (
    <Page lead="Every bet you placed, with its status and result.">
      <section className="account-section" aria-label="Bet history">
        <ReportFilters
          range={range}
          onRange={refilter(setRange)}
          sportId={sportId}
          onSport={refilter(setSportId)}
        >
          <label className="account-filter" htmlFor={`${id}-status`}>
            <span>Status</span>
            <select
              id={`${id}-status`}
              value={status}
              onChange={(e) => refilter(setStatus)(e.target.value as BetHistoryStatus)}
            >
              {BET_HISTORY_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {FILTER_LABELS[filter]}
                </option>
              ))}
            </select>
          </label>
        </ReportFilters>

        {!dates.ok ? (
          <StateMessage kind="error">{dates.message}</StateMessage>
        ) : isPending ? (
          <StateMessage kind="loading">Loading your bets…</StateMessage>
        ) : error && !data ? (
          <StateMessage kind="error">
            Your bets could not be loaded: {errorMessage(error)}
          </StateMessage>
        ) : (
          <>
            <div className="account-table__scroll">
              <table className="account-table" aria-busy={isFetching} data-testid="bet-history">
                <thead>
                  <tr>
                    <th scope="col">Placed</th>
                    <th scope="col">Event / market</th>
                    <th scope="col">Selection</th>
                    <th scope="col">Side</th>
                    <th scope="col" className="account-table__number">
                      Price
                    </th>
                    <th scope="col" className="account-table__number">
                      Stake
                    </th>
                    <th scope="col" className="account-table__number">
                      Matched
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col" className="account-table__number">
                      P/L
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length > 0 ? (
                    data.items.map((bet) => <HistoryRow key={bet.id} bet={bet} />)
                  ) : (
                    <tr>
                      <td colSpan={9} className="account-table__empty">
                        No bets match these filters.
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
            <Pager
              label="Bet history pages"
              page={page}
              pageSize={BET_HISTORY_PAGE_SIZE}
              total={data.totalCount}
              busy={isPlaceholderData}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </Page>
  );
}
