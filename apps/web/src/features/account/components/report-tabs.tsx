import { Link, useSearchParams } from 'react-router';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import './report-tabs.css';

const messages = i18n('account/report-tabs', { sports: 'Sports', casino: 'Casino' });

/** The halves of a report: the exchange's bets and markets, or the casino's rounds. */
export type ReportTab = 'sports' | 'casino';

/** The query parameter that names the half shown, so a link can open the casino's. */
export const REPORT_TAB_PARAM = 'tab';

/** The half of the report the URL asks for; sports unless it names the casino. */
export function useReportTab(): ReportTab {
  const [search] = useSearchParams();
  return search.get(REPORT_TAB_PARAM)?.toLowerCase() === 'casino' ? 'casino' : 'sports';
}

/** Switches a report between its sports and casino halves (two links, the current one marked). */
export function ReportTabs({ label }: { label: string }) {
  const t = useMessages(messages);
  const current = useReportTab();
  const tab = (value: ReportTab) => (
    <Link
      to={{ search: value === 'casino' ? `?${REPORT_TAB_PARAM}=casino` : '' }}
      replace
      className={
        value === current ? 'report-tabs__tab report-tabs__tab--active' : 'report-tabs__tab'
      }
      aria-current={value === current ? 'page' : undefined}
    >
      {t[value]}
    </Link>
  );
  return (
    <nav className="report-tabs" aria-label={label}>
      {tab('sports')}
      {tab('casino')}
    </nav>
  );
}
