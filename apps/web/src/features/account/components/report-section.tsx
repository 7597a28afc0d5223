import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { StateMessage } from '../../../shared/ui/state-message';
import type { IsoRange } from '../model/date-range';
import type { SetFilters } from '../model/paged-filters';
import type { ReportFilterValues } from '../model/report-filters';
import { ReportFilters } from './report-filters';
import './account-pages.css';
import './bets.css';

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
  what: string;
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
  const { filters, setFilters, dates } = report;
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
        <StateMessage kind="loading">{`Loading your ${what}…`}</StateMessage>
      ) : result.data !== undefined ? (
        // Also after a failed refetch: what was loaded before stays on screen.
        children(result.data)
      ) : (
        <StateMessage kind="error">
          {`Your ${what} could not be loaded: `}
          {errorMessage(result.error)}
        </StateMessage>
      )}
    </section>
  );
}
