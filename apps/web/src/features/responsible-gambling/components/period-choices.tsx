import { useId } from 'react';
import type { BreakPeriod, PeriodChoice } from '../model/break-periods';

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
  choices: readonly PeriodChoice<Period>[];
  selected: Period | null;
  error?: string;
  disabled: boolean;
  onSelect: (period: Period) => void;
}) {
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
        {choices.map((choice) => (
          <label
            key={choice.period}
            className={`rg-period${choice.period === selected ? ' rg-period--selected' : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={choice.period}
              checked={choice.period === selected}
              disabled={disabled}
              onChange={() => onSelect(choice.period)}
            />
            {choice.label}
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
