import { SPORT_NAMES } from '@backlay/contract/sports';
import { useId, type ReactNode } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import type { DateRange } from '../model/date-range';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';
import { useSportNames } from '../../../shared/format/sport-names';

/** The style of each filter field, the date fields' among them. */
const FILTER_FIELD_CLASS = 'account-filter';

const messages = i18n('account/report-filters', {
  filters: 'Filters',
  sport: 'Sport',
  allSports: 'All sports',
});

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
  const t = useMessages(messages);
  const sportNames = useSportNames();
  const id = useId();
  return (
    <div className="report-filters" role="group" aria-label={t.filters}>
      <DateRangeFields range={range} onRange={onRange} fieldClassName={FILTER_FIELD_CLASS} />
      <label className={FILTER_FIELD_CLASS} htmlFor={`${id}-sport`}>
        <span>{t.sport}</span>
        <select
          id={`${id}-sport`}
          value={sportId ?? ''}
          onChange={(e) => onSport(e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">{t.allSports}</option>
          {SPORT_OPTIONS.map((sport) => (
            <option key={sport.id} value={sport.id}>
              {sportNames(sport.id, sport.name)}
            </option>
          ))}
        </select>
      </label>
      {children}
    </div>
  );
}
