/**
 * A number typed in a field: null when the field is empty, NaN when it is not a number.
 * Thousands separators (`5,00,000`) and spaces are allowed.
 */
export function parseNumber(typed: string): number | null {
  const plain = typed.replace(/[\s,]/g, '');
  if (plain === '') return null;
  return /^[-+]?(?:\d+\.?\d*|\.\d+)$/.test(plain) ? Number(plain) : Number.NaN;
}
