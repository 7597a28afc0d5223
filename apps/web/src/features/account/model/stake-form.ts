import {
  saveStakesRequestSchema,
  stakeButtonSchema,
  type StakeButton,
} from '@backlay/contract/account';
import type { FormIssue } from '../../../shared/forms/field-errors';
import { sanitizeInput } from '../../../shared/sanitize/sanitize-input';

/** A stake button as the form holds it: both fields as typed. */
export interface StakeRow {
  title: string;
  value: string;
}

export const STAKE_TITLE_MAX_LENGTH = stakeButtonSchema.shape.title.maxLength ?? 12;
export const STAKE_VALUE_MAX = stakeButtonSchema.shape.value.maxValue ?? 100_000_000;

/** The form rows of saved stake buttons. */
export function toRows(stakes: readonly StakeButton[]): StakeRow[] {
  return stakes.map((s) => ({ title: s.title, value: String(s.value) }));
}

/** A clear message for a stake button issue, by field and kind. */
export function stakeIssueMessage(
  issue: FormIssue & { code?: string; expected?: unknown },
): string {
  const field = issue.path[issue.path.length - 1];
  if (field === 'title') {
    return issue.code === 'too_big'
      ? `Label: at most ${STAKE_TITLE_MAX_LENGTH} characters`
      : 'Enter a label';
  }
  if (field === 'value') {
    // A missing amount is no number at all; a fraction is a number but not an integer.
    if (issue.code === 'invalid_type' && issue.expected === 'number') return 'Enter an amount';
    if (issue.code === 'too_small') return 'Amount: more than 0';
    if (issue.code === 'too_big') {
      return `Amount: at most ${STAKE_VALUE_MAX.toLocaleString('en-IN')}`;
    }
    return 'Amount: whole numbers only';
  }
  return issue.message;
}

export type StakeErrors = Record<string, string>;

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
