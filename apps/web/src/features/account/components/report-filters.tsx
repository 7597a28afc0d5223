import { SPORT_NAMES } from '@backlay/contract/sports';
import { useId, type ReactNode } from 'react';
import type { DateRange } from '../model/date-range';

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
      <label className="account-filter" htmlFor={`${id}-from`}>
        <span>From</span>
        <input
          id={`${id}-from`}
          type="date"
          value={range.from}
          max={range.to || undefined}
          onChange={(e) => onRange({ ...range, from: e.target.value })}
        />
      </label>
      <label className="account-filter" htmlFor={`${id}-to`}>
        <span>To</span>
        <input
          id={`${id}-to`}
          type="date"
          value={range.to}
          min={range.from || undefined}
          onChange={(e) => onRange({ ...range, to: e.target.value })}
        />
      </label>
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
