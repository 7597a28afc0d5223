/**
 * Array parameters for PostgreSQL, written as array literals in one pass. The client library
 * writes every element on its own (converted, escaped by two regular expressions, quoted) and
 * joins them one concatenation at a time: a few strings per element, and the bet path's
 * grouped statements send arrays of dozens of elements in a score of parameters each. Arrays of
 * plain numbers, of booleans, and of strings with nothing to escape, the common shapes, are
 * joined at once here; every other value goes to the library unchanged. PostgreSQL reads both
 * spellings alike (array-literal.test.ts holds them equal).
 */

/** `value` as a PostgreSQL array literal when it is an array of a simple shape, else itself. */
export function simpleArrayLiteral(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  if (value.length === 0) return '{}';
  const kind = typeof value[0];
  if (kind === 'number' || kind === 'boolean') {
    for (const element of value) if (typeof element !== kind) return value;
    return `{${value.join(',')}}`;
  }
  if (kind === 'string') {
    for (const element of value) {
      // A quote or a backslash needs escaping inside a quoted element.
      if (typeof element !== 'string' || /["\\]/.test(element)) return value;
    }
    return `{"${value.join('","')}"}`;
  }
  return value;
}
