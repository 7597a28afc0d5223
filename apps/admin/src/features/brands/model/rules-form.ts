import {
  CASH_OUT_BY_DEFAULT,
  type BetLimit,
  type BettingDefaults,
  type BettingRules,
} from '@backlay/contract/admin-brands';
import { SPORT_IDS, SPORT_NAMES, type SportId } from '@backlay/contract/sports';
import { parseNumber } from '../../../shared/forms/parse-number';
import type { FieldErrors } from '../../../shared/forms/request-errors';

/** A sport id as the rules key it: `'3'` for cricket. */
export type SportIdKey = `${SportId}`;

export const LIMIT_FIELDS = ['minStake', 'maxStake', 'maxLiability'] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];

/** Stake and liability limits as typed, in rupees; empty fields are not set. */
export type LimitTexts = Record<LimitField, string>;

/** The sports of the rules, in the contract's order, with their names. */
export const SPORT_ROWS: readonly { id: SportIdKey; name: string }[] = Object.values(SPORT_IDS).map(
  (id) => ({ id: `${id}`, name: SPORT_NAMES[id] }),
);

/** Cash out as a form chooses it: offered, not offered, or empty for the default. */
export type CashOutChoice = '' | 'on' | 'off';

/** A rules form's fields, as typed. */
export interface RulesFields {
  commissionPercent: string;
  all: LimitTexts;
  sports: Record<SportIdKey, LimitTexts>;
  fancy: LimitTexts;
  betDelaySeconds: Record<SportIdKey, string>;
  ballRunningBetDelaySeconds: string;
  cashOut: CashOutChoice;
}

const choiceOf = (on: boolean): 'on' | 'off' => (on ? 'on' : 'off');

const EMPTY_LIMIT: LimitTexts = { minStake: '', maxStake: '', maxLiability: '' };

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

/** Limits as a form shows them; empty fields for limits that are not set. */
export function limitTexts(limit: BetLimit | undefined): LimitTexts {
  if (!limit) return EMPTY_LIMIT;
  return {
    minStake: String(limit.minStake),
    maxStake: String(limit.maxStake),
    maxLiability: String(limit.maxLiability),
  };
}

function bySport<T>(make: (id: SportIdKey) => T): Record<SportIdKey, T> {
  return Object.fromEntries(SPORT_ROWS.map(({ id }) => [id, make(id)])) as Record<SportIdKey, T>;
}

/** Rules as a form's fields: what is not set stays empty. */
export function rulesToFields(rules: BettingRules): RulesFields {
  return {
    commissionPercent: text(rules.commissionPercent),
    all: limitTexts(rules.all),
    sports: bySport((id) => limitTexts(rules.sports?.[id])),
    fancy: limitTexts(rules.fancy),
    betDelaySeconds: bySport((id) => text(rules.betDelaySeconds?.[id])),
    ballRunningBetDelaySeconds: text(rules.ballRunningBetDelaySeconds),
    cashOut: rules.cashOut === undefined ? '' : choiceOf(rules.cashOut),
  };
}

export const RULES_MESSAGES = {
  notANumber: 'Enter a number',
  partialLimits: 'Fill in all three limits, or none to use the default',
  required: 'Required for the platform',
} as const;

/** What a form's fields parse to: the rules, with the messages of fields that cannot be read. */
export interface ParsedRules {
  rules: BettingRules;
  /** By path within the rules (`all.minStake`, `sports.3.maxStake`); empty when all are read. */
  errors: FieldErrors;
}

/**
 * A rules form's fields as rules: an empty field leaves its rule out (the default applies),
 * and so does a set of limits left empty; a set of limits is all three or none. With
 * `required`, as for the platform's own rules, the commission and `all` must be filled in.
 * Whether the numbers are allowed (positive, in range) is the contract's to say.
 */
export function fieldsToRules(fields: RulesFields, { required = false } = {}): ParsedRules {
  const errors: FieldErrors = {};
  const rules: BettingRules = {};

  const number = (typed: string, path: string, mustHave = false): number | undefined => {
    const value = parseNumber(typed);
    if (value === null) {
      if (mustHave) errors[path] = RULES_MESSAGES.required;
      return undefined;
    }
    if (Number.isNaN(value)) {
      errors[path] = RULES_MESSAGES.notANumber;
      return undefined;
    }
    return value;
  };

  const limit = (texts: LimitTexts, path: string, mustHave = false): BetLimit | undefined => {
    const empty = LIMIT_FIELDS.every((field) => texts[field].trim() === '');
    if (empty && !mustHave) return undefined;
    const values = LIMIT_FIELDS.map((field) => {
      const fieldPath = `${path}.${field}`;
      const value = number(texts[field], fieldPath);
      if (value === undefined && !errors[fieldPath]) {
        errors[fieldPath] = mustHave ? RULES_MESSAGES.required : RULES_MESSAGES.partialLimits;
      }
      return value;
    });
    const [minStake, maxStake, maxLiability] = values;
    if (minStake === undefined || maxStake === undefined || maxLiability === undefined) {
      return undefined;
    }
    return { minStake, maxStake, maxLiability };
  };

  const commission = number(fields.commissionPercent, 'commissionPercent', required);
  if (commission !== undefined) rules.commissionPercent = commission;
  const all = limit(fields.all, 'all', required);
  if (all) rules.all = all;

  const sports: NonNullable<BettingRules['sports']> = {};
  const delays: NonNullable<BettingRules['betDelaySeconds']> = {};
  for (const { id } of SPORT_ROWS) {
    const sport = limit(fields.sports[id], `sports.${id}`);
    if (sport) sports[id] = sport;
    const delay = number(fields.betDelaySeconds[id], `betDelaySeconds.${id}`);
    if (delay !== undefined) delays[id] = delay;
  }
  if (Object.keys(sports).length > 0) rules.sports = sports;
  const fancy = limit(fields.fancy, 'fancy');
  if (fancy) rules.fancy = fancy;
  if (Object.keys(delays).length > 0) rules.betDelaySeconds = delays;
  const ballRunningDelay = number(fields.ballRunningBetDelaySeconds, 'ballRunningBetDelaySeconds');
  if (ballRunningDelay !== undefined) rules.ballRunningBetDelaySeconds = ballRunningDelay;
  if (fields.cashOut !== '') rules.cashOut = fields.cashOut === 'on';

  return { rules, errors };
}

/** What each empty field of a rules form stands for, as text. */
export interface RulesPlaceholders {
  commissionPercent: string;
  all: LimitTexts;
  sports: Record<SportIdKey, LimitTexts>;
  fancy: LimitTexts;
  betDelaySeconds: Record<SportIdKey, string>;
  /** Unset, cricket's delay applies; empty on the platform's own rules, whose hint says so. */
  ballRunningBetDelaySeconds: string;
  /** Whether cash out is offered when the choice is left empty. */
  cashOut: 'on' | 'off';
}

/**
 * The values that apply where a form's field is left empty, shown in it as placeholders: a
 * sport's limits fall back to the rules' own `all`, then to the platform's limits for the
 * sport, then to the platform's `all`; fancy markets to the platform's fancy limits (else each
 * sport's). `platform` is null when the form edits the platform's rules themselves. The
 * server decides the limits of a bet; these only tell the operator what to expect.
 */
export function rulesPlaceholders(
  own: BettingRules,
  platform: BettingDefaults | null,
): RulesPlaceholders {
  return {
    commissionPercent: text(platform?.commissionPercent),
    all: limitTexts(platform?.all),
    sports: bySport((id) => limitTexts(own.all ?? platform?.sports?.[id] ?? platform?.all)),
    fancy: limitTexts(platform?.fancy),
    betDelaySeconds: bySport((id) => text(platform?.betDelaySeconds?.[id] ?? 0)),
    ballRunningBetDelaySeconds: platform
      ? text(
          platform.ballRunningBetDelaySeconds ??
            platform.betDelaySeconds?.[`${SPORT_IDS.cricket}`] ??
            0,
        )
      : '',
    cashOut: choiceOf(platform?.cashOut ?? CASH_OUT_BY_DEFAULT),
  };
}
