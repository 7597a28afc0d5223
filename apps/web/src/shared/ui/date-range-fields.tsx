import { useId } from 'react';
import type { DateRange } from '../dates/day-range';

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
  return (
    <>
      <label className={fieldClassName} htmlFor={`${id}-from`}>
        <span>From</span>
        <input
          id={`${id}-from`}
          type="date"
          value={range.from}
          max={range.to || undefined}
          onChange={(e) => onRange({ ...range, from: e.target.value })}
        />
      </label>
      <label className={fieldClassName} htmlFor={`${id}-to`}>
        <span>To</span>
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
