import { usePagedFilters } from './paged-filters';
import { ANY_DATE, isoRange, type DateRange } from './date-range';

/** The filters every report has: a date range and a sport (all sports when null). */
export interface ReportFilterValues {
  range: DateRange;
  sportId: number | null;
}

/**
 * A report's filters, the ones it adds to dates and sport among them, and its page; `query`
 * is what the report's endpoint takes, and `dates` says whether the range can be used at all.
 */
export function useReportFilters<More extends object>(more: More) {
  const paged = usePagedFilters<ReportFilterValues & More>({
    range: ANY_DATE,
    sportId: null,
    ...more,
  });
  const { range, ...others } = paged.filters;
  const dates = isoRange(range);
  const query = {
    ...(dates.ok ? { fromDate: dates.fromDate, toDate: dates.toDate } : {}),
    ...others,
    page: paged.page,
  };
  return { ...paged, dates, query };
}
