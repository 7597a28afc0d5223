import type { ProfitLossBet, ProfitLossItem } from '@backlay/contract/bets';
import { formatMoney, formatSignedMoney, moneyTone } from '../../../shared/format/money';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { PROFIT_LOSS_PAGE_SIZE, useProfitLoss } from '../api/profit-loss';
import { formatBetTime } from '../../../shared/bets/bet-card';
import {
  describeBet,
  fancyResult,
  marketText,
  priceText,
  useBetWords,
  type BetWords,
} from '../../../shared/bets/bet-description';
import { useSportNames } from '../../../shared/format/sport-names';
import { CasinoProfitLossReport } from '../components/casino-reports';
import { PagedTable, type TableColumn } from '../components/paged-table';
import { ReportSection } from '../components/report-section';
import { ReportTabs, useReportTab } from '../components/report-tabs';
import { useReportFilters } from '../model/report-filters';
import '../components/bets.css';

const messages = i18n('account/profit-loss-page', {
  lead: 'What each settled market made or lost, after commission.',
  profitAndLoss: 'Profit and loss',
  totals: 'Totals',
  profitLoss: 'Profit / loss',
  commission: 'Commission',
  net: 'Net',
  settled: 'Settled',
  sport: 'Sport',
  eventMarket: 'Event / market',
  result: 'Result',
  pl: 'P/L',
  empty: 'No settled markets in this period.',
  pages: 'Profit and loss pages',
  tabs: 'Sports or casino',
  bets: 'Bets on this market',
});

type ProfitLossText = Exclude<keyof ReturnType<typeof messages.get>, 'tabs'>;

function Signed({ value }: { value: number }) {
  return <span className={`amount--${moneyTone(value)}`}>{formatSignedMoney(value)}</span>;
}

/** Whether Yes won a fancy market, by its winner's name (a fancy market's runners are Yes and No). */
function yesWon(item: ProfitLossItem): boolean | null {
  return item.result === 'Yes' ? true : item.result === 'No' ? false : null;
}

/**
 * A market's bets as they were placed, with the shared description: "No 77 runs · rate 102 ·
 * 100.00", "Back Mumbai · rate 78 · 100.00", and each bet's own result.
 */
function MarketBets({ item, words }: { item: ProfitLossItem; words: BetWords }) {
  const t = useMessages(messages);
  if (item.bets.length === 0) return null;
  return (
    <ul className="pnl-bets" aria-label={t.bets}>
      {item.bets.map((bet: ProfitLossBet) => {
        const described = describeBet({ ...item, ...bet }, words);
        return (
          <li key={bet.id} className="pnl-bets__bet" data-testid="profit-loss-bet">
            <span className={`history__side history__side--${described.tone}`}>
              {described.side}
            </span>{' '}
            {described.selection}
            {bet.averagePrice === null ? null : (
              <> · {priceText(item.marketType, bet.averagePrice, words)}</>
            )}{' '}
            · {formatMoney(bet.matchedStake)}
            {bet.profitLoss === null ? null : (
              <>
                {' '}
                · <Signed value={bet.profitLoss} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One settled market: a fancy session named with its run value and its result in runs (the
 * shared bet description). A table row on wide screens, a card on phones (bets.css).
 */
function MarketRow({ item }: { item: ProfitLossItem }) {
  const t = useMessages(messages);
  const words = useBetWords();
  const sportNames = useSportNames();
  return (
    <tr className="pnl-row">
      <td className="pnl-row__time">
        <time dateTime={item.settledAt}>{formatBetTime(item.settledAt)}</time>
      </td>
      <td className="pnl-row__sport">{sportNames(item.sportId, item.sportName)}</td>
      <td className="pnl-row__event">
        <span className="history__event">{item.eventName}</span>
        <span className="history__market">{marketText(item, words)}</span>
        <MarketBets item={item} words={words} />
      </td>
      <td className="pnl-row__result" data-label={t.result}>
        {fancyResult(item, yesWon(item), words) ?? item.result}
      </td>
      <td className="account-table__number pnl-row__pl" data-label={t.pl}>
        <Signed value={item.profitLoss} />
      </td>
      <td className="account-table__number pnl-row__commission" data-label={t.commission}>
        {formatMoney(item.commission)}
      </td>
      <td className="account-table__number pnl-row__net" data-label={t.net}>
        <Signed value={item.net} />
      </td>
    </tr>
  );
}

const PROFIT_LOSS_COLUMNS: readonly (TableColumn & { label: ProfitLossText })[] = [
  { label: 'settled' },
  { label: 'sport' },
  { label: 'eventMarket' },
  { label: 'result' },
  { label: 'pl', numeric: true },
  { label: 'commission', numeric: true },
  { label: 'net', numeric: true },
];

/** Settled markets with what each made or lost, the commission and the net, with totals. */
export default function ProfitLossPage() {
  const t = useMessages(messages);
  const report = useReportFilters({});
  const tab = useReportTab();
  const profitLoss = useProfitLoss(report.query, report.dates.ok && tab === 'sports');

  if (tab === 'casino') {
    return (
      <Page lead={t.lead}>
        <ReportTabs label={t.tabs} />
        <CasinoProfitLossReport />
      </Page>
    );
  }
  return (
    <Page lead={t.lead}>
      <ReportTabs label={t.tabs} />
      <ReportSection label={t.profitAndLoss} what="profitLoss" report={report} result={profitLoss}>
        {(data) => (
          <>
            <dl className="report-totals" aria-label={t.totals} data-testid="profit-loss-totals">
              <div>
                <dt>{t.profitLoss}</dt>
                <dd>
                  <Signed value={data.total.profitLoss} />
                </dd>
              </div>
              <div>
                <dt>{t.commission}</dt>
                <dd>{formatMoney(data.total.commission)}</dd>
              </div>
              <div>
                <dt>{t.net}</dt>
                <dd>
                  <Signed value={data.total.net} />
                </dd>
              </div>
            </dl>
            <PagedTable
              label={t.profitAndLoss}
              className="pnl-table"
              data-testid="profit-loss"
              columns={PROFIT_LOSS_COLUMNS.map((column) => ({ ...column, label: t[column.label] }))}
              items={data.items}
              renderRow={(item) => <MarketRow key={item.marketId} item={item} />}
              empty={t.empty}
              busy={profitLoss.isFetching}
              pager={{
                label: t.pages,
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
