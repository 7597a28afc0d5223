import type { BrandScope } from '@backlay/contract/admin';
import { useId, useState } from 'react';
import { useMe } from '../../../shared/session/me-query';
import './operators.css';

/** The brands being chosen: every brand, or a list (which may be empty while being chosen). */
export type BrandChoice = 'all' | string[];

/** A chosen list as the contract's brand scope; an empty list is left for the schema to refuse. */
export function toBrandScope(choice: BrandChoice): BrandScope {
  return choice === 'all' ? 'all' : choice;
}

/** Chooses the brands a role covers: all of them, or some, from a filterable list of domains. */
export function BrandPicker({
  value,
  onChange,
  error,
}: {
  value: BrandChoice;
  onChange: (value: BrandChoice) => void;
  error: string | undefined;
}) {
  const name = useId();
  const [filter, setFilter] = useState('');
  const chosen = value === 'all' ? [] : value;
  // Every brand there is now, as the server listed them with the signed-in operator.
  const allBrands = useMe().data?.allBrands ?? [];
  const shown = allBrands.filter((domain) => domain.includes(filter.trim().toLowerCase()));

  const toggle = (domain: string, on: boolean) =>
    onChange(on ? [...chosen, domain].sort() : chosen.filter((d) => d !== domain));

  return (
    <fieldset className="brand-picker" aria-describedby={error ? `${name}-error` : undefined}>
      <legend>Brands</legend>
      <label className="checkbox">
        <input
          type="radio"
          name={name}
          checked={value === 'all'}
          onChange={() => onChange('all')}
        />
        <span>All brands</span>
      </label>
      <label className="checkbox">
        <input
          type="radio"
          name={name}
          checked={value !== 'all'}
          onChange={() => onChange(chosen)}
        />
        <span>Only these brands{value === 'all' ? '' : ` (${chosen.length} chosen)`}</span>
      </label>
      {value === 'all' ? null : (
        <div className="brand-picker__list">
          <input
            className="field__control"
            type="search"
            aria-label="Filter brands"
            placeholder="Filter brands"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
          <div className="brand-picker__options" role="group" aria-label="Brands to cover">
            {shown.map((domain) => (
              <label key={domain} className="checkbox">
                <input
                  type="checkbox"
                  checked={chosen.includes(domain)}
                  onChange={(event) => toggle(domain, event.target.checked)}
                />
                <span>{domain}</span>
              </label>
            ))}
          </div>
        </div>
      )}
      {error ? (
        <p className="field__error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
