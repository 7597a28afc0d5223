import { TRANSACTION_TYPES } from '@backlay/contract/wallet';
import { useId } from 'react';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import type { DateRange } from '../../../shared/dates/day-range';
import type { TransactionType } from '../api/transaction-history';
import { transactionTypeMessages } from '../model/transaction-labels';
import { DateRangeFields } from '../../../shared/ui/date-range-fields';

/** The style of each filter field, the date fields' among them. */
const FILTER_FIELD_CLASS = 'account-filter';

const messages = i18n('account/statement-filters', {
  filters: 'Filters',
  type: 'Type',
  all: 'All movements',
  holds: 'Show bet holds and releases',
});

/**
 * The statement's filters: a kind of movement (all when null), a date range, and whether bets'
 * holds and releases are listed (they never move the balance, so they fold away by default).
 */
export function StatementFilters({
  type,
  onType,
  range,
  onRange,
  holdsShown,
  onHoldsShown,
}: {
  type: TransactionType | null;
  onType: (type: TransactionType | null) => void;
  range: DateRange;
  onRange: (range: DateRange) => void;
  holdsShown: boolean;
  onHoldsShown: (shown: boolean) => void;
}) {
  const t = useMessages(messages);
  const types = useMessages(transactionTypeMessages);
  const id = useId();
  return (
    <div className="report-filters" role="group" aria-label={t.filters}>
      <label className={FILTER_FIELD_CLASS} htmlFor={`${id}-type`}>
        <span>{t.type}</span>
        <select
          id={`${id}-type`}
          value={type ?? ''}
          onChange={(e) =>
            onType(e.target.value === '' ? null : (e.target.value as TransactionType))
          }
        >
          <option value="">{t.all}</option>
          {TRANSACTION_TYPES.map((kind) => (
            <option key={kind} value={kind}>
              {types[kind]}
            </option>
          ))}
        </select>
      </label>
      <DateRangeFields range={range} onRange={onRange} fieldClassName={FILTER_FIELD_CLASS} />
      {type === 'BET' ? null : (
        <label className="statement-holds">
          <input
            type="checkbox"
            checked={holdsShown}
            onChange={(e) => onHoldsShown(e.target.checked)}
          />
          <span>{t.holds}</span>
        </label>
      )}
    </div>
  );
}
