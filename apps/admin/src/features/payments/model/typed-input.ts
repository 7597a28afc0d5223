import { parseNumber } from '../../../shared/forms/parse-number';

/**
 * Text typed in an optional field, or none when blank: an optional remark is left out rather
 * than sent empty (which the contract would refuse as too short).
 */
export function optionalText(typed: string): string | undefined {
  const text = typed.trim();
  return text === '' ? undefined : text;
}

/** An amount typed in rupees: NaN when empty or not a number, for the contract to refuse. */
export function typedAmount(typed: string): number {
  return parseNumber(typed) ?? Number.NaN;
}
