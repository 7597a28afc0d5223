import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { StateMessage } from '../../../shared/ui/state-message';
import type { IsoRange } from '../model/date-range';
import type { SetFilters } from '../model/paged-filters';
import type { ReportFilterValues } from '../model/report-filters';
import { ReportFilters } from './report-filters';
import './account-pages.css';
import './bets.css';

const messages = i18n('account/report-section', {
  loadingBets: 'Loading your bets…',
  failedBets: params('Your bets could not be loaded: {error}'),
  loadingProfitLoss: 'Loading your profit and loss…',
  failedProfitLoss: params('Your profit and loss could not be loaded: {error}'),
});

/** What a report lists, for the messages it shows while it cannot show the list. */
export type ReportSubject = 'bets' | 'profitLoss';

const SUBJECT_MESSAGES = {
  bets: { loading: 'loadingBets', failed: 'failedBets' },
  profitLoss: { loading: 'loadingProfitLoss', failed: 'failedProfitLoss' },
} as const satisfies Record<ReportSubject, { loading: string; failed: string }>;

/**
 * A report: its filters, then what it shows once loaded; or why it cannot show it — a date
 * range that runs backwards, the first load, or an error before anything was loaded.
 */
export function ReportSection<T>({
  label,
  what,
  report,
  moreFilters,
  result,
  children,
}: {
  /** The section's accessible name, e.g. "Bet history". */
  label: string;
  /** What the report lists, as in "Loading your bets…". */
  what: ReportSubject;
  report: {
    filters: ReportFilterValues;
    setFilters: SetFilters<ReportFilterValues>;
    dates: IsoRange;
  };
  /** The filters the report adds to dates and sport. */
  moreFilters?: ReactNode;
  result: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const t = useMessages(messages);
  const { filters, setFilters, dates } = report;
  const subject = SUBJECT_MESSAGES[what];
  return (
    <section className="account-section" aria-label={label}>
      <ReportFilters
        range={filters.range}
        onRange={(range) => setFilters({ range })}
        sportId={filters.sportId}
        onSport={(sportId) => setFilters({ sportId })}
      >
        {moreFilters}
      </ReportFilters>
      {!dates.ok ? (
        <StateMessage kind="error">{dates.message}</StateMessage>
      ) : result.isPending ? (
        <StateMessage kind="loading">{t[subject.loading]}</StateMessage>
      ) : result.data !== undefined ? (
        // Also after a failed refetch: what was loaded before stays on screen.
        children(result.data)
      ) : (
        <StateMessage kind="error">
          {t[subject.failed]({ error: errorMessage(result.error) })}
        </StateMessage>
      )}
    </section>
  );
}
