import { useId } from 'react';
import type { DateRange } from '../dates/day-range';
import { i18n, useMessages } from '../i18n/i18n';

const messages = i18n('shared/date-range-fields', { from: 'From', to: 'To' });

/**
 * The From and To day pickers of a list's filters; each bounds the other, so the range cannot
 * run backwards. `fieldClassName` styles each label as its filter row does.
 */
export function DateRangeFields({
  range,
  onRange,
  fieldClassName,
}: {
  range: DateRange;
  onRange: (range: DateRange) => void;
  fieldClassName: string;
}) {
  const id = useId();
  const t = useMessages(messages);
  return (
    <>
      <label className={fieldClassName} htmlFor={`${id}-from`}>
        <span>{t.from}</span>
        <input
          id={`${id}-from`}
          type="date"
          value={range.from}
          max={range.to || undefined}
          onChange={(e) => onRange({ ...range, from: e.target.value })}
        />
      </label>
      <label className={fieldClassName} htmlFor={`${id}-to`}>
        <span>{t.to}</span>
        <input
          id={`${id}-to`}
          type="date"
          value={range.to}
          min={range.from || undefined}
          onChange={(e) => onRange({ ...range, to: e.target.value })}
        />
      </label>
    </>
  );
}
