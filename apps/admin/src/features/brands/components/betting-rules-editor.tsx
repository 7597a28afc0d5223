import { useId } from 'react';
import { errorAt, type FieldErrors } from '../../../shared/forms/request-errors';
import { SelectField, TextField } from '../../../shared/ui/fields';
import {
  LIMIT_FIELDS,
  SPORT_ROWS,
  type CashOutChoice,
  type LimitField,
  type LimitTexts,
  type RulesFields,
  type RulesPlaceholders,
  type SportIdKey,
} from '../model/rules-form';
import './brands.css';

const LIMIT_LABELS: Record<LimitField, string> = {
  minStake: 'Minimum stake (₹)',
  maxStake: 'Maximum stake (₹)',
  maxLiability: 'Maximum liability (₹)',
};

const LIMIT_WORDS: Record<LimitField, string> = {
  minStake: 'minimum stake',
  maxStake: 'maximum stake',
  maxLiability: 'maximum liability',
};

/** A set of three limits (stakes and liability) as labelled fields, in a titled group. */
function LimitGroup({
  title,
  hint,
  values,
  placeholders,
  errors,
  path,
  onChange,
}: {
  title: string;
  hint: string;
  values: LimitTexts;
  placeholders: LimitTexts;
  errors: FieldErrors;
  path: string;
  onChange: (values: LimitTexts) => void;
}) {
  return (
    <fieldset className="rules-group">
      <legend>{title}</legend>
      <p className="field__hint">{hint}</p>
      <div className="rules-group__fields">
        {LIMIT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={LIMIT_LABELS[field]}
            inputMode="decimal"
            autoComplete="off"
            value={values[field]}
            placeholder={placeholders[field]}
            error={errorAt(errors, `${path}.${field}`)}
            onChange={(event) => onChange({ ...values, [field]: event.target.value })}
          />
        ))}
      </div>
    </fieldset>
  );
}

const CASH_OUT_WORDS = { on: 'offered', off: 'not offered' } as const;

/** The cash out choices, the empty one saying what it stands for. */
function cashOutOptions(fallback: 'on' | 'off', brand: boolean) {
  return [
    {
      value: '',
      label: `${brand ? 'Platform default' : 'Not set'} (${CASH_OUT_WORDS[fallback]})`,
    },
    { value: 'on', label: 'Offered' },
    { value: 'off', label: 'Not offered' },
  ];
}

/** One cell's input of the per-sport table, labelled for screen readers by sport and field. */
function CellInput({
  label,
  value,
  placeholder,
  error,
  onChange,
}: {
  label: string;
  value: string;
  placeholder: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <>
      <input
        className="field__control rules-table__input"
        aria-label={label}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export interface BettingRulesEditorProps {
  fields: RulesFields;
  onChange: (fields: RulesFields) => void;
  /** Messages by path within the rules (`all.minStake`, `sports.3.maxStake`). */
  errors: FieldErrors;
  /** What each empty field stands for, shown in it in grey. */
  placeholders: RulesPlaceholders;
  /**
   * `brand`: a brand's overrides, every field optional; `platform`: the platform's own rules,
   * where the commission and the limits of all markets are required.
   */
  scope: 'brand' | 'platform';
}

/**
 * The betting rules as a form: commission, the limits of all markets, each sport's limits and
 * in-play bet delay, fancy markets' limits, the delay of the markets that close for every ball,
 * and whether cash out is offered. An empty field sets nothing, so the default
 * (shown in it) applies. Used for a brand's overrides and for the platform's defaults alike.
 */
export function BettingRulesEditor({
  fields,
  onChange,
  errors,
  placeholders,
  scope,
}: BettingRulesEditorProps) {
  const brand = scope === 'brand';
  const setSport = (id: SportIdKey, field: LimitField, value: string) =>
    onChange({
      ...fields,
      sports: { ...fields.sports, [id]: { ...fields.sports[id], [field]: value } },
    });
  const setDelay = (id: SportIdKey, value: string) =>
    onChange({ ...fields, betDelaySeconds: { ...fields.betDelaySeconds, [id]: value } });

  return (
    <div className="rules-editor">
      <p className="muted">
        {brand
          ? 'Leave a field empty to use the platform’s default, shown in grey.'
          : 'These rules apply to every brand that does not set its own.'}
      </p>
      <TextField
        className="rules-editor__commission"
        label="Commission (%)"
        hint="On a player’s net winnings on a market."
        inputMode="decimal"
        autoComplete="off"
        value={fields.commissionPercent}
        placeholder={placeholders.commissionPercent}
        error={errorAt(errors, 'commissionPercent')}
        onChange={(event) => onChange({ ...fields, commissionPercent: event.target.value })}
      />
      <LimitGroup
        title="All markets"
        hint={
          brand
            ? 'The limits of every market, unless a sport below sets its own.'
            : 'The limits of every market, unless a sport below or a brand sets its own.'
        }
        values={fields.all}
        placeholders={placeholders.all}
        errors={errors}
        path="all"
        onChange={(all) => onChange({ ...fields, all })}
      />
      <fieldset className="rules-group">
        <legend>By sport</legend>
        <p className="field__hint">
          An empty row uses the default. The in-play delay is how long a bet placed in play waits
          before it reaches the book.
        </p>
        <div className="rules-table__scroller">
          <table className="rules-table">
            <thead>
              <tr>
                <th scope="col">Sport</th>
                {LIMIT_FIELDS.map((field) => (
                  <th key={field} scope="col">
                    {LIMIT_LABELS[field]}
                  </th>
                ))}
                <th scope="col">In-play delay (s)</th>
              </tr>
            </thead>
            <tbody>
              {SPORT_ROWS.map(({ id, name }) => (
                <tr key={id}>
                  <th scope="row">{name}</th>
                  {LIMIT_FIELDS.map((field) => (
                    <td key={field}>
                      <CellInput
                        label={`${name} ${LIMIT_WORDS[field]}`}
                        value={fields.sports[id][field]}
                        placeholder={placeholders.sports[id][field]}
                        error={errorAt(errors, `sports.${id}.${field}`)}
                        onChange={(value) => setSport(id, field, value)}
                      />
                    </td>
                  ))}
                  <td>
                    <CellInput
                      label={`${name} in-play delay`}
                      value={fields.betDelaySeconds[id]}
                      placeholder={placeholders.betDelaySeconds[id]}
                      error={errorAt(errors, `betDelaySeconds.${id}`)}
                      onChange={(value) => setDelay(id, value)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <LimitGroup
        title="Fancy markets"
        hint="The limits of fancy (runs line) markets; when empty, each sport’s limits apply."
        values={fields.fancy}
        placeholders={placeholders.fancy}
        errors={errors}
        path="fancy"
        onChange={(fancy) => onChange({ ...fields, fancy })}
      />
      <TextField
        className="rules-editor__ball-running-delay"
        label="In-play delay of cricket bookmaker and fancy (s)"
        hint="Cricket’s bookmaker and fancy close for every ball (BALL RUNNING), so they need less delay than match odds, if any; when empty, the sport’s delay applies."
        inputMode="decimal"
        autoComplete="off"
        value={fields.ballRunningBetDelaySeconds}
        placeholder={placeholders.ballRunningBetDelaySeconds}
        error={errorAt(errors, 'ballRunningBetDelaySeconds')}
        onChange={(event) =>
          onChange({ ...fields, ballRunningBetDelaySeconds: event.target.value })
        }
      />
      <SelectField
        className="rules-editor__cash-out"
        label="Cash out"
        hint="Lets players lock in a result on match odds and bookmaker markets (never fancy)."
        value={fields.cashOut}
        options={cashOutOptions(placeholders.cashOut, brand)}
        error={errorAt(errors, 'cashOut')}
        onChange={(event) => onChange({ ...fields, cashOut: event.target.value as CashOutChoice })}
      />
    </div>
  );
}
