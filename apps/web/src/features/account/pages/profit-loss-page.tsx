import type { ProfitLossItem } from '@backlay/contract/bets';
import { formatMoney, formatSignedMoney, moneyTone } from '../../../shared/format/money';
import { Page } from '../../../shared/ui/page';
import { PROFIT_LOSS_PAGE_SIZE, useProfitLoss } from '../api/profit-loss';
import { formatBetTime } from '../../../shared/bets/bet-card';
import { PagedTable, type TableColumn } from '../components/paged-table';
import { ReportSection } from '../components/report-section';
import { useReportFilters } from '../model/report-filters';
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

const PROFIT_LOSS_COLUMNS: readonly TableColumn[] = [
  { label: 'Settled' },
  { label: 'Sport' },
  { label: 'Event / market' },
  { label: 'Result' },
  { label: 'P/L', numeric: true },
  { label: 'Commission', numeric: true },
  { label: 'Net', numeric: true },
];

/** Settled markets with what each made or lost, the commission and the net, with totals. */
export default function ProfitLossPage() {
  const report = useReportFilters({});
  const profitLoss = useProfitLoss(report.query, report.dates.ok);

  return (
    <Page lead="What each settled market made or lost, after commission.">
      <ReportSection
        label="Profit and loss"
        what="profit and loss"
        report={report}
        result={profitLoss}
      >
        {(data) => (
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
            <PagedTable
              label="Profit and loss"
              testId="profit-loss"
              columns={PROFIT_LOSS_COLUMNS}
              items={data.items}
              renderRow={(item) => <MarketRow key={item.marketId} item={item} />}
              empty="No settled markets in this period."
              busy={profitLoss.isFetching}
              pager={{
                label: 'Profit and loss pages',
                page: report.page,
                pageSize: PROFIT_LOSS_PAGE_SIZE,
                total: data.totalCount,
                busy: profitLoss.isPlaceholderData,
                onPage: report.setPage,
              }}
            />
          </>
        )}
      </ReportSection>
    </Page>
  );
}
