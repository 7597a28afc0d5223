import { TRANSACTION_TYPES } from '@backlay/contract/wallet';
import { useId } from 'react';
import type { DateRange } from '../../../shared/dates/day-range';
import type { TransactionType } from '../api/transaction-history';
import { TRANSACTION_TYPE_LABELS } from '../model/transaction-labels';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';

/** The statement's filters: a kind of movement (all when null) and a date range. */
export function StatementFilters({
  type,
  onType,
  range,
  onRange,
}: {
  type: TransactionType | null;
  onType: (type: TransactionType | null) => void;
  range: DateRange;
  onRange: (range: DateRange) => void;
}) {
  const id = useId();
  return (
    <div className="report-filters" role="group" aria-label="Filters">
      <label className="account-filter" htmlFor={`${id}-type`}>
        <span>Type</span>
        <select
          id={`${id}-type`}
          value={type ?? ''}
          onChange={(e) =>
            onType(e.target.value === '' ? null : (e.target.value as TransactionType))
          }
        >
          <option value="">All movements</option>
          {TRANSACTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {TRANSACTION_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <DateRangeFields range={range} onRange={onRange} fieldClassName="account-filter" />
    </div>
  );
}
