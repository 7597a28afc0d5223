import { SPORT_NAMES } from '@backlay/contract/sports';
import { useId, type ReactNode } from 'react';
import type { DateRange } from '../model/date-range';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';

const SPORT_OPTIONS = Object.entries(SPORT_NAMES).map(([id, name]) => ({ id: Number(id), name }));

/** The filters of a report: a date range, a sport, and any more the report adds. */
export function ReportFilters({
  range,
  onRange,
  sportId,
  onSport,
  children,
}: {
  range: DateRange;
  onRange: (range: DateRange) => void;
  sportId: number | null;
  onSport: (sportId: number | null) => void;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="report-filters" role="group" aria-label="Filters">
      <DateRangeFields range={range} onRange={onRange} fieldClassName="account-filter" />
      <label className="account-filter" htmlFor={`${id}-sport`}>
        <span>Sport</span>
        <select
          id={`${id}-sport`}
          value={sportId ?? ''}
          onChange={(e) => onSport(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">All sports</option>
          {SPORT_OPTIONS.map((sport) => (
            <option key={sport.id} value={sport.id}>
              {sport.name}
            </option>
          ))}
        </select>
      </label>
      {children}
    </div>
  );
}
