import { useId, type ReactNode } from 'react';

export interface Choice {
  id: string;
  title: string;
  detail: string;
  /** A control beside the choice, e.g. a remove button. */
  aside?: ReactNode;
}

/** A radio group drawn as cards: one tap target per choice, the whole card wide. */
export function ChoiceList({
  legend,
  choices,
  selected,
  onSelect,
}: {
  legend: string;
  choices: readonly Choice[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className="choice-list">
      <legend className="choice-list__legend">{legend}</legend>
      {choices.map((choice) => (
        <div
          key={choice.id}
          className={`choice${choice.id === selected ? ' choice--selected' : ''}`}
        >
          <label className="choice__label">
            <input
              type="radio"
              name={name}
              value={choice.id}
              checked={choice.id === selected}
              onChange={() => onSelect(choice.id)}
            />
            <span className="choice__text">
              <span className="choice__title">{choice.title}</span>
              <span className="choice__detail">{choice.detail}</span>
            </span>
          </label>
          {choice.aside}
        </div>
      ))}
    </fieldset>
  );
}
