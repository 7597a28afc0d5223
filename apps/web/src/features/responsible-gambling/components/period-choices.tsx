import { useId } from 'react';
import { useMessages } from '../../../shared/i18n/i18n';
import { breakMessages, type BreakPeriod } from '../model/break-periods';

/** The lengths of a break as a row of radio buttons drawn as pills, with its error under. */
export function PeriodChoices<Period extends BreakPeriod>({
  legend,
  choices,
  selected,
  error,
  disabled,
  onSelect,
}: {
  legend: string;
  choices: readonly Period[];
  selected: Period | null;
  error?: string;
  disabled: boolean;
  onSelect: (period: Period) => void;
}) {
  const t = useMessages(breakMessages);
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className="rg-periods"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="rg-periods__legend">{legend}</legend>
      <div className="rg-periods__options">
        {choices.map((period) => (
          <label
            key={period}
            className={`rg-period${period === selected ? ' rg-period--selected' : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={period}
              checked={period === selected}
              disabled={disabled}
              onChange={() => onSelect(period)}
            />
            {t[period]}
          </label>
        ))}
      </div>
      {error ? (
        <p className="text-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
