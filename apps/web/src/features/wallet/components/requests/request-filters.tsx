import {
  PAYMENT_REQUEST_KINDS,
  PAYMENT_REQUEST_STATUSES,
  type PaymentRequestKind,
  type PaymentRequestStatus,
} from '@backlay/contract/wallet';
import { useId } from 'react';
import type { DateRange } from '../../../../shared/dates/day-range';
import { KIND_LABELS, STATUS_LABELS } from '../../../../shared/format/payment-request-labels';
import { DateRangeFields } from '../../../../shared/ui/date-range-fields';

/** The requests list's filters as the page holds them; null means any. */
export interface RequestFilterValues {
  kind: PaymentRequestKind | null;
  status: PaymentRequestStatus | null;
  range: DateRange;
}

/** Type, status and date filters of the requests list. */
export function RequestFilters({
  values,
  onChange,
}: {
  values: RequestFilterValues;
  onChange: (changes: Partial<RequestFilterValues>) => void;
}) {
  const id = useId();
  const { range } = values;
  return (
    <div className="wallet-filters" role="group" aria-label="Filters">
      <label className="wallet-filter" htmlFor={`${id}-kind`}>
        <span>Type</span>
        <select
          id={`${id}-kind`}
          value={values.kind ?? ''}
          onChange={(e) =>
            onChange({
              kind: e.target.value === '' ? null : (e.target.value as PaymentRequestKind),
            })
          }
        >
          <option value="">All</option>
          {PAYMENT_REQUEST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}s
            </option>
          ))}
        </select>
      </label>
      <label className="wallet-filter" htmlFor={`${id}-status`}>
        <span>Status</span>
        <select
          id={`${id}-status`}
          value={values.status ?? ''}
          onChange={(e) =>
            onChange({
              status: e.target.value === '' ? null : (e.target.value as PaymentRequestStatus),
            })
          }
        >
          <option value="">Any</option>
          {PAYMENT_REQUEST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status === 'APPROVED' ? 'Approved / paid' : STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <DateRangeFields
        range={range}
        onRange={(next) => onChange({ range: next })}
        fieldClassName="wallet-filter"
      />
    </div>
  );
}
