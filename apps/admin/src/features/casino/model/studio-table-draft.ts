import {
  cardLimitKey,
  type StudioTable,
  type StudioValueSource,
  type updateStudioTableRoute,
} from '@backlay/contract/admin-studio-tables';
import { CARD_GAME_CODES, CARD_GAMES, type CardGameCode } from '@backlay/contract/card-games';
import { CRASH_GAME_CODE } from '@backlay/contract/house-games';
import type { AdminRequest } from '../../../shared/api/call-admin';
import type { FieldErrors } from '../../../shared/forms/request-errors';
import { parseNumber } from '../../../shared/forms/parse-number';
import { formatCount, formatRupees } from '../../../shared/format/money';
import type { SettingChange } from './provider-draft';

export type UpdateStudioTableInput = AdminRequest<typeof updateStudioTableRoute>;

/**
 * How a value is shown and typed in the console, and carried on the wire: rupees, × and % in
 * hundredths (paise, hundredths of ×, basis points), times in whole milliseconds.
 */
export type StudioFieldUnit = 'rupees' | 'multiplier' | 'percent' | 'ms';

export interface StudioField {
  key: string;
  label: string;
  unit: StudioFieldUnit;
  hint?: string;
}

/** A table's form: its number fields, in order, and its on/off switch. */
export interface StudioTableForm {
  fields: readonly StudioField[];
  /** A note shown before a save that changes this field (and the field's hint). */
  warnings: Readonly<Record<string, string>>;
}

/** What a new house edge does to the crash table, said before it is saved. */
export const HOUSE_EDGE_WARNING =
  'A new house edge retires the hash chain in play: the next round starts a new chain, whose terminating hash is published before it. Rounds already played stay verifiable on their old chain.';

/** A card table's form: its timings, the most a player stakes in a round, each kind's limits. */
function cardTableForm(gameCode: CardGameCode): StudioTableForm {
  return {
    fields: [
      { key: 'bettingMs', label: 'Betting window', unit: 'ms' },
      { key: 'cardMs', label: 'Time between cards', unit: 'ms' },
      { key: 'pauseMs', label: 'Pause after the round', unit: 'ms' },
      { key: 'maxRoundStakeMinor', label: 'Most a player stakes in a round', unit: 'rupees' },
      ...CARD_GAMES[gameCode].rules.flatMap((rule): StudioField[] => [
        {
          key: cardLimitKey('minBetMinor', rule.kind),
          label: `Minimum bet on ${rule.label}`,
          unit: 'rupees',
        },
        {
          key: cardLimitKey('maxBetMinor', rule.kind),
          label: `Maximum on ${rule.label}`,
          unit: 'rupees',
          hint: `A player’s total on ${rule.label} in a round, in rupees.`,
        },
      ]),
    ],
    warnings: {},
  };
}

/**
 * The console's form of each studio table, by game code. A table without one is shown read
 * only (its values as the server names them) until its form is added here.
 */
export const STUDIO_TABLE_FORMS: Readonly<Record<string, StudioTableForm>> = {
  [CRASH_GAME_CODE]: {
    fields: [
      { key: 'minBetMinor', label: 'Minimum bet', unit: 'rupees' },
      { key: 'maxBetMinor', label: 'Maximum bet', unit: 'rupees' },
      {
        key: 'maxWinMinor',
        label: 'Maximum win per round',
        unit: 'rupees',
        hint: 'The most one bet wins in a round, stake included: a bet reaching it is cashed out.',
      },
      { key: 'maxAutoCashOutCenti', label: 'Highest auto cash-out', unit: 'multiplier' },
      { key: 'bettingMs', label: 'Betting window', unit: 'ms' },
      {
        key: 'tickMs',
        label: 'Tick',
        unit: 'ms',
        hint: 'How often players are sent the multiplier.',
      },
      { key: 'pauseMs', label: 'Pause after the crash', unit: 'ms' },
      { key: 'houseEdgeBp', label: 'House edge', unit: 'percent', hint: HOUSE_EDGE_WARNING },
    ],
    warnings: { houseEdgeBp: HOUSE_EDGE_WARNING },
  },
  ...Object.fromEntries(CARD_GAME_CODES.map((code) => [code, cardTableForm(code)])),
};

export const ENABLED_LABEL = 'Table playing';

/** A table's settings as the form edits them: each number as typed, and the switch. */
export interface StudioTableDraft {
  text: Record<string, string>;
  enabled: boolean;
}

const hundredths = (value: number) => (value / 100).toFixed(2);

/** A value as the form shows it in its field. */
function typedOf(unit: StudioFieldUnit, value: number): string {
  return unit === 'ms' ? String(value) : hundredths(value);
}

/** A value in words, in the console's units: `₹10.00`, `10,000.00×`, `1.00%`, `5,000 ms`. */
export function formatStudioValue(unit: StudioFieldUnit, value: unknown): string {
  if (typeof value !== 'number') return String(value);
  switch (unit) {
    case 'rupees':
      return formatRupees(value / 100);
    case 'multiplier':
      return `${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(value / 100)}×`;
    case 'percent':
      return `${hundredths(value)}%`;
    case 'ms':
      return `${formatCount(value)} ms`;
  }
}

export function studioTableDraftOf(table: StudioTable): StudioTableDraft {
  const form = STUDIO_TABLE_FORMS[table.gameCode];
  const text: Record<string, string> = {};
  for (const field of form?.fields ?? []) {
    const value = table.values[field.key];
    text[field.key] = typeof value === 'number' ? typedOf(field.unit, value) : '';
  }
  return { text, enabled: table.values.enabled !== false };
}

/** A typed value on the wire: NaN for what is not a number (the contract says what to enter). */
function wireOf(unit: StudioFieldUnit, typed: string): { value: number; error?: string } {
  const number = parseNumber(typed) ?? Number.NaN;
  if (unit === 'ms' || Number.isNaN(number)) return { value: number };
  const value = Math.round(number * 100);
  return Math.abs(number * 100 - value) > 1e-6
    ? { value: Number.NaN, error: 'Use at most two decimals' }
    : { value };
}

/**
 * The save a draft asks for, over the version it was made on, and what the form finds wrong
 * with what was typed before the contract is asked (decimals past a paisa).
 */
export function studioTableUpdateOf(
  draft: StudioTableDraft,
  base: StudioTable,
): { input: UpdateStudioTableInput; typing: FieldErrors } {
  const values: Record<string, unknown> = { enabled: draft.enabled };
  const typing: FieldErrors = {};
  for (const field of STUDIO_TABLE_FORMS[base.gameCode]?.fields ?? []) {
    const { value, error } = wireOf(field.unit, draft.text[field.key] ?? '');
    values[field.key] = value;
    if (error) typing[`values.${field.key}`] = error;
  }
  return { input: { gameCode: base.gameCode, version: base.version, values }, typing };
}

const playing = (enabled: unknown) => (enabled === false ? 'Paused' : 'Playing');

/** What a save would change of the table, field by field, in words; empty when nothing. */
export function studioTableChanges(
  base: StudioTable,
  update: UpdateStudioTableInput,
): SettingChange[] {
  const changes: SettingChange[] = [];
  if (playing(base.values.enabled) !== playing(update.values.enabled)) {
    changes.push({
      label: ENABLED_LABEL,
      before: playing(base.values.enabled),
      after: playing(update.values.enabled),
    });
  }
  for (const field of STUDIO_TABLE_FORMS[base.gameCode]?.fields ?? []) {
    const before = formatStudioValue(field.unit, base.values[field.key]);
    const after = formatStudioValue(field.unit, update.values[field.key]);
    if (before !== after) changes.push({ label: field.label, before, after });
  }
  return changes;
}

/** The warnings of the fields a save changes (a new house edge's new chain). */
export function studioTableWarnings(base: StudioTable, update: UpdateStudioTableInput): string[] {
  const warnings = STUDIO_TABLE_FORMS[base.gameCode]?.warnings ?? {};
  return Object.entries(warnings)
    .filter(([key]) => base.values[key] !== update.values[key])
    .map(([, warning]) => warning);
}

/** The label of a request path of the form: `values.minBetMinor` → `Minimum bet`. */
export function studioFieldLabel(gameCode: string, path: string): string {
  const key = path.replace(/^values\./, '');
  if (key === 'enabled') return ENABLED_LABEL;
  return STUDIO_TABLE_FORMS[gameCode]?.fields.find((f) => f.key === key)?.label ?? key;
}

export const SOURCE_TEXT: Record<StudioValueSource, string> = {
  file: 'configuration file',
  environment: 'environment',
  console: 'console',
};
