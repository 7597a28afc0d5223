import { MAX_WAGERING_MULTIPLIER } from '@backlay/contract/bonuses';
import { useId, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import { errorAt, type FieldErrors } from '../../../shared/forms/request-errors';
import { Button } from '../../../shared/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../shared/ui/fields';
import { SwitchField } from '../../../shared/ui/switch-field';
import { appliesTo, type CampaignDraft } from '../model/campaign-draft';
import {
  ELIGIBILITY_LABELS,
  optionsOf,
  REFERRAL_TRIGGER_LABELS,
  SEGMENT_LABELS,
  TYPE_LABELS,
} from '../model/labels';

type SetDraft = Dispatch<SetStateAction<CampaignDraft>>;

/** The most categories a casino bonus may list (the contract's limit). */
const MAX_CATEGORIES = 20;

/** A titled group of fields, its message (a rule it breaks) under its title. */
function Group({
  title,
  error,
  children,
}: {
  title: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset
      className="campaign-group"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{title}</legend>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <div className="campaign-group__fields">{children}</div>
    </fieldset>
  );
}

/** Two choices as radio buttons, in a row. */
function Choice<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  const name = useId();
  return (
    <div className="campaign-choice" role="radiogroup" aria-label={label}>
      <span className="field__label">{label}</span>
      <div className="campaign-choice__options">
        {options.map((option) => (
          <label key={option.value} className="checkbox">
            <input
              type="radio"
              name={name}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

/**
 * Every field of a campaign, grouped as the operator thinks of them: the offer, the bonus,
 * wagering (the multiplier, at most 10×, and what counts: betting or casino, each with its
 * rules), and limits and dates. Fields that do not apply to the type are not shown. Messages
 * come by request path: the form's own check, or the server's refusal.
 */
export function CampaignFields({
  draft,
  setDraft,
  errors,
}: {
  draft: CampaignDraft;
  setDraft: SetDraft;
  errors: FieldErrors;
}) {
  const applies = appliesTo(draft);
  const set = <Key extends keyof CampaignDraft>(key: Key, value: CampaignDraft[Key]) =>
    setDraft((old) => ({ ...old, [key]: value }));
  const text = (key: keyof CampaignDraft, path: string = key) => ({
    value: String(draft[key]),
    error: errorAt(errors, path),
    onChange: (event: { target: { value: string } }) =>
      setDraft((old) => ({ ...old, [key]: event.target.value })),
  });
  const setCategory = (index: number, patch: Partial<CampaignDraft['categories'][number]>) =>
    setDraft((old) => ({
      ...old,
      categories: old.categories.map((entry, at) =>
        at === index ? { ...entry, ...patch } : entry,
      ),
    }));

  return (
    <div className="campaign-fields">
      <Group title="The offer">
        <TextField label="Title" maxLength={80} {...text('title')} />
        <TextAreaField
          label="Description"
          hint="Shown to players with the terms."
          rows={3}
          maxLength={1000}
          {...text('description')}
        />
        <SelectField
          label="Type"
          value={draft.type}
          options={optionsOf(TYPE_LABELS)}
          error={errors.type}
          onChange={(event) => set('type', event.target.value as CampaignDraft['type'])}
        />
        <SwitchField
          label="Public"
          hint="Listed in the brand’s settings for visitors, not only for players."
          checked={draft.public}
          onChange={(event) => set('public', event.target.checked)}
        />
      </Group>

      <Group title="The bonus" error={errors.amountKind}>
        <Choice
          label="Amount"
          value={draft.amountKind}
          options={[
            { value: 'FIXED', label: 'Fixed amount' },
            { value: 'PERCENT', label: 'Percentage with a maximum' },
          ]}
          onChange={(value) => set('amountKind', value)}
        />
        {draft.amountKind === 'FIXED' ? (
          <TextField label="Bonus amount (₹)" inputMode="decimal" {...text('amount')} />
        ) : (
          <div className="row">
            <TextField
              label="Percentage"
              hint={
                draft.type === 'LOSSBACK' ? 'Of the day’s net loss.' : 'Of the qualifying amount.'
              }
              inputMode="numeric"
              {...text('percent')}
            />
            <TextField label="Maximum bonus (₹)" inputMode="decimal" {...text('maxAmount')} />
          </div>
        )}
        {applies.referralTrigger ? (
          <SelectField
            label="What the friend must do"
            value={draft.referralTrigger}
            options={optionsOf(REFERRAL_TRIGGER_LABELS)}
            error={errors.referralTrigger}
            onChange={(event) =>
              set('referralTrigger', event.target.value as CampaignDraft['referralTrigger'])
            }
          />
        ) : null}
        {applies.minDeposit ? (
          <TextField
            label="Minimum deposit (₹)"
            hint="Empty: any deposit qualifies."
            inputMode="decimal"
            {...text('minDeposit')}
          />
        ) : null}
        {applies.minLoss ? (
          <TextField
            label="Minimum net loss (₹)"
            hint="Empty: any net loss earns its share."
            inputMode="decimal"
            {...text('minLoss')}
          />
        ) : null}
        {applies.couponCode ? (
          <TextField
            label="Coupon code"
            hint="4 to 20 letters or digits; players type it on the bonus page."
            maxLength={20}
            spellCheck={false}
            {...text('couponCode')}
          />
        ) : null}
      </Group>

      <Group title="Wagering" error={errors.product}>
        <TextField
          label="Wagering multiplier"
          hint={`Stakes to wager = bonus × this: 0 (cash at once) to ${MAX_WAGERING_MULTIPLIER}.`}
          inputMode="decimal"
          {...text('wageringMultiplier')}
        />
        <p className="field__hint">What counts: one product, betting or casino, never both.</p>
        <SwitchField
          label="Exchange bets count"
          checked={draft.countsBetting}
          onChange={(event) => set('countsBetting', event.target.checked)}
        />
        {draft.countsBetting ? (
          <div className="row">
            <TextField
              label="Minimum odds"
              hint="A matched bet counts at this price or more."
              inputMode="decimal"
              {...text('minPrice', 'betting.minPrice')}
            />
            <TextField
              label="Share of each bet’s stake (%)"
              inputMode="numeric"
              {...text('bettingPercent', 'betting.percent')}
            />
          </div>
        ) : null}
        <SwitchField
          label="Casino games count"
          checked={draft.countsCasino}
          onChange={(event) => set('countsCasino', event.target.checked)}
        />
        {draft.countsCasino ? (
          <div className="stack" role="group" aria-label="Casino game categories">
            {errors['casino.categories'] ? (
              <p className="field__error">{errors['casino.categories']}</p>
            ) : null}
            {draft.categories.map((entry, index) => (
              <div className="row campaign-category" key={index}>
                <TextField
                  label={`Game category ${index + 1}`}
                  hint={
                    index === 0
                      ? 'As the casino catalogue names it: slots, crash, table…'
                      : undefined
                  }
                  value={entry.category}
                  maxLength={40}
                  error={errors[`casino.categories.${index}.category`]}
                  onChange={(event) => setCategory(index, { category: event.target.value })}
                />
                <TextField
                  label={`Share of category ${index + 1} (%)`}
                  inputMode="numeric"
                  value={entry.percent}
                  error={errors[`casino.categories.${index}.percent`]}
                  onChange={(event) => setCategory(index, { percent: event.target.value })}
                />
                {draft.categories.length > 1 ? (
                  <Button
                    size="small"
                    onClick={() =>
                      setDraft((old) => ({
                        ...old,
                        categories: old.categories.filter((_, at) => at !== index),
                      }))
                    }
                  >
                    Remove category {index + 1}
                  </Button>
                ) : null}
              </div>
            ))}
            {draft.categories.length < MAX_CATEGORIES ? (
              <div>
                <Button
                  size="small"
                  onClick={() =>
                    setDraft((old) => ({
                      ...old,
                      categories: [...old.categories, { category: '', percent: '100' }],
                    }))
                  }
                >
                  Add a category
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
      </Group>

      <Group title="Limits and dates">
        <div className="row">
          <TextField
            label="Days to wager"
            hint="After claiming; also the days an offer waits to be claimed."
            inputMode="numeric"
            {...text('expiryDays')}
          />
          <TextField label="Uses per player" inputMode="numeric" {...text('usesPerPlayer')} />
          <TextField
            label="Uses in all"
            hint="Empty: no limit."
            inputMode="numeric"
            {...text('usesTotal')}
          />
        </div>
        <SelectField
          label="Who may have it"
          value={draft.eligibility}
          options={optionsOf(ELIGIBILITY_LABELS)}
          error={errors.eligibility}
          onChange={(event) =>
            set('eligibility', event.target.value as CampaignDraft['eligibility'])
          }
        />
        {draft.eligibility === 'SEGMENT' ? (
          <SelectField
            label="Segment"
            value={draft.segment}
            options={optionsOf(SEGMENT_LABELS)}
            error={errors.segment}
            onChange={(event) => set('segment', event.target.value as CampaignDraft['segment'])}
          />
        ) : null}
        {draft.eligibility === 'PLAYERS' ? (
          <TextAreaField
            label="Players"
            hint="Player ids of the campaign’s brand, one a line (from each player’s page)."
            rows={4}
            spellCheck={false}
            {...text('players')}
          />
        ) : null}
        <div className="row">
          <TextField label="Starts" type="datetime-local" {...text('startsAt')} />
          <TextField
            label="Ends"
            type="datetime-local"
            hint="Empty: runs until paused."
            {...text('endsAt')}
          />
        </div>
      </Group>
    </div>
  );
}
