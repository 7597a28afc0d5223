import type { ProfitLossItem } from '@backlay/contract/bets';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { formatMoney, formatSignedMoney, moneyTone } from '../../../shared/format/money';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { PROFIT_LOSS_PAGE_SIZE, useProfitLoss } from '../api/profit-loss';
import { formatBetTime } from '../components/bet-card';
import { Pager } from '../components/pager';
import { ReportFilters } from '../components/report-filters';
import { ANY_DATE, isoRange, type DateRange } from '../model/date-range';
import '../components/account-pages.css';
import '../components/bets.css';

function Signed({ value }: { value: number }) {
  return <span className={`amount--${moneyTone(value)}`}>{formatSignedMoney(value)}</span>;
}

function MarketRow({ item }: { item: ProfitLossItem }) {
  return (
    <tr>
      <td>
        <time dateTime={item.settledAt}>{formatBetTime(item.settledAt)}</time>
      </td>
      <td>{item.sportName}</td>
      <td>
        <span className="history__event">{item.eventName}</span>
        <span className="history__market">{item.marketName}</span>
      </td>
      <td>{item.result}</td>
      <td className="account-table__number">
        <Signed value={item.profitLoss} />
      </td>
      <td className="account-table__number">{formatMoney(item.commission)}</td>
      <td className="account-table__number">
        <Signed value={item.net} />
      </td>
    </tr>
  );
}

/** Settled markets with what each made or lost, the commission and the net, with totals. */
export default function ProfitLossPage() {
  const [range, setRange] = useState<DateRange>(ANY_DATE);
  const [sportId, setSportId] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const dates = isoRange(range);
  const query = {
    ...(dates.ok ? { fromDate: dates.fromDate, toDate: dates.toDate } : {}),
    sportId,
    page,
  };
  const { data, error, isPending, isFetching, isPlaceholderData } = useProfitLoss(query, dates.ok);

  return (
    <Page lead="What each settled market made or lost, after commission.">
      <section className="account-section" aria-label="Profit and loss">
        <ReportFilters
          range={range}
          onRange={(next) => {
            setRange(next);
            setPage(0);
          }}
          sportId={sportId}
          onSport={(next) => {
            setSportId(next);
            setPage(0);
          }}
        />
        {!dates.ok ? (
          <StateMessage kind="error">{dates.message}</StateMessage>
        ) : isPending ? (
          <StateMessage kind="loading">Loading your profit and loss…</StateMessage>
        ) : error && !data ? (
          <StateMessage kind="error">
            Your profit and loss could not be loaded: {errorMessage(error)}
          </StateMessage>
        ) : (
          <>
            <dl className="report-totals" aria-label="Totals" data-testid="profit-loss-totals">
              <div>
                <dt>Profit / loss</dt>
                <dd>
                  <Signed value={data.total.profitLoss} />
                </dd>
              </div>
              <div>
                <dt>Commission</dt>
                <dd>{formatMoney(data.total.commission)}</dd>
              </div>
              <div>
                <dt>Net</dt>
                <dd>
                  <Signed value={data.total.net} />
                </dd>
              </div>
            </dl>
            <div className="account-table__scroll">
              <table className="account-table" aria-busy={isFetching} data-testid="profit-loss">
                <thead>
                  <tr>
                    <th scope="col">Settled</th>
                    <th scope="col">Sport</th>
                    <th scope="col">Event / market</th>
                    <th scope="col">Result</th>
                    <th scope="col" className="account-table__number">
                      P/L
                    </th>
                    <th scope="col" className="account-table__number">
                      Commission
                    </th>
                    <th scope="col" className="account-table__number">
                      Net
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length > 0 ? (
                    data.items.map((item) => <MarketRow key={item.marketId} item={item} />)
                  ) : (
                    <tr>
                      <td colSpan={7} className="account-table__empty">
                        No settled markets in this period.
                      </td>
                    </tr>
                  )}
                </tbody>
              </table>
            </div>
            <Pager
              label="Profit and loss pages"
              page={page}
              pageSize={PROFIT_LOSS_PAGE_SIZE}
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
