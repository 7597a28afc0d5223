import {
  PAYMENT_REQUEST_KINDS,
  PAYMENT_REQUEST_STATUSES,
  type PaymentRequestKind,
  type PaymentRequestStatus,
} from '@backlay/contract/wallet';
import { useId } from 'react';
import type { DateRange } from '../../../../shared/dates/day-range';
import { i18n, useMessages } from '../../../../shared/i18n/i18n';
import { DateRangeFields } from '../../../../shared/ui/date-range-fields';

/** The style of each filter field, the date fields' among them. */
const FILTER_FIELD_CLASS = 'wallet-filter';

/** The type filter's options, one per kind of request the contract names. */
const KIND_OPTIONS = {
  DEPOSIT: 'Deposits',
  WITHDRAWAL: 'Withdrawals',
} satisfies Record<PaymentRequestKind, string>;

/** The status filter's options: an approved withdrawal is one that was paid. */
const STATUS_OPTIONS = {
  PENDING: 'Pending',
  APPROVED: 'Approved / paid',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  UNDER_REVIEW: 'Under review',
} satisfies Record<PaymentRequestStatus, string>;

const messages = i18n('wallet/request-filters', {
  filters: 'Filters',
  type: 'Type',
  all: 'All',
  status: 'Status',
  any: 'Any',
  ...KIND_OPTIONS,
  ...STATUS_OPTIONS,
});

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
  const t = useMessages(messages);
  const id = useId();
  const { range } = values;
  return (
    <div className="wallet-filters" role="group" aria-label={t.filters}>
      <label className={FILTER_FIELD_CLASS} htmlFor={`${id}-kind`}>
        <span>{t.type}</span>
        <select
          id={`${id}-kind`}
          value={values.kind ?? ''}
          onChange={(e) =>
            onChange({
              kind: e.target.value === '' ? null : (e.target.value as PaymentRequestKind),
            })
          }
        >
          <option value="">{t.all}</option>
          {PAYMENT_REQUEST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className={FILTER_FIELD_CLASS} htmlFor={`${id}-status`}>
        <span>{t.status}</span>
        <select
          id={`${id}-status`}
          value={values.status ?? ''}
          onChange={(e) =>
            onChange({
              status: e.target.value === '' ? null : (e.target.value as PaymentRequestStatus),
            })
          }
        >
          <option value="">{t.any}</option>
          {PAYMENT_REQUEST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t[status]}
            </option>
          ))}
        </select>
      </label>
      <DateRangeFields
        range={range}
        onRange={(next) => onChange({ range: next })}
        fieldClassName={FILTER_FIELD_CLASS}
      />
    </div>
  );
}
