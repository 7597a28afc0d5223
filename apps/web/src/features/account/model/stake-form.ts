import {
  saveStakesRequestSchema,
  stakeButtonSchema,
  type StakeButton,
} from '@backlay/contract/account';
import type { FormIssue } from '../../../shared/forms/field-errors';
import { translateFormMessage } from '../../../shared/forms/form-messages';
import { i18n, params } from '../../../shared/i18n/i18n';
import { LATIN_DIGITS, perLocale } from '../../../shared/i18n/intl';
import { sanitizeInput } from '../../../shared/sanitize/sanitize-input';

/** A stake button as the form holds it: both fields as typed. */
export interface StakeRow {
  title: string;
  value: string;
}

export const STAKE_TITLE_MAX_LENGTH = stakeButtonSchema.shape.title.maxLength ?? 12;
export const STAKE_VALUE_MAX = stakeButtonSchema.shape.value.maxValue ?? 100_000_000;

const messages = i18n('account/stake-form', {
  enterLabel: 'Enter a label',
  labelTooLong: params('Label: at most {max} characters'),
  enterAmount: 'Enter an amount',
  amountAboveZero: 'Amount: more than 0',
  amountTooBig: params('Amount: at most {max}'),
  wholeNumbers: 'Amount: whole numbers only',
});

/** Whole rupees with Indian digit grouping (`10,00,00,000`), in the player's language. */
const wholeRupees = perLocale(
  (locale) => new Intl.NumberFormat(locale, { ...LATIN_DIGITS, maximumFractionDigits: 0 }),
);

/** The form rows of saved stake buttons. */
export function toRows(stakes: readonly StakeButton[]): StakeRow[] {
  return stakes.map((s) => ({ title: s.title, value: String(s.value) }));
}

/** A clear message for a stake button issue, by field and kind, in the player's language. */
export function stakeIssueMessage(
  issue: FormIssue & { code?: string; expected?: unknown },
): string {
  const t = messages.get();
  const field = issue.path[issue.path.length - 1];
  if (field === 'title') {
    return issue.code === 'too_big'
      ? t.labelTooLong({ max: STAKE_TITLE_MAX_LENGTH })
      : t.enterLabel;
  }
  if (field === 'value') {
    // A missing amount is no number at all; a fraction is a number but not an integer.
    if (issue.code === 'invalid_type' && issue.expected === 'number') return t.enterAmount;
    if (issue.code === 'too_small') return t.amountAboveZero;
    if (issue.code === 'too_big')
      return t.amountTooBig({ max: wholeRupees().format(STAKE_VALUE_MAX) });
    return t.wholeNumbers;
  }
  return translateFormMessage(issue.message);
}

/** Field messages keyed by row and field (`3.value`), with `form` for the whole form. */
export type StakeErrors = Record<string, string>;

/** The key of one field's message in `StakeErrors`: `3.value`. */
export const stakeErrorKey = (index: number, field: keyof StakeRow) => `${index}.${field}`;

/**
 * Checks the rows with the contract's schema. Labels are free text and sanitised; amounts
 * are read as numbers (an empty or unreadable amount is no number at all).
 */
export function validateStakes(
  rows: readonly StakeRow[],
): { ok: true; stakes: StakeButton[] } | { ok: false; errors: StakeErrors } {
  const stakes = rows.map((row) => ({
    title: sanitizeInput(row.title),
    value: row.value.trim() === '' ? Number.NaN : Number(row.value.replace(/,/g, '')),
  }));
  const parsed = saveStakesRequestSchema.safeParse({ stakes });
  if (parsed.success) return { ok: true, stakes: parsed.data.stakes };
  const errors: StakeErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.slice(1).map(String).join('.') || 'form';
    errors[key] ??= stakeIssueMessage(issue);
  }
  return { ok: false, errors };
}
