/** One field that differs between two documents. */
export interface FieldChange {
  /** The field's dotted path (`settings.setting.domainTitle`). */
  path: string;
  /** Its value in the first document; undefined when it has none. */
  before: unknown;
  /** Its value in the second document; undefined when it has none. */
  after: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A document's fields by dotted path. Objects open into their fields; a list is one field
 * (aliases read as a whole), and so is an empty object, so that emptying one still shows.
 * An undefined value is no field at all, as in JSON.
 */
function flatten(value: unknown, path: string, into: Map<string, unknown>): Map<string, unknown> {
  if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, path === '' ? key : `${path}.${key}`, into);
    }
  } else if (value !== undefined) {
    into.set(path, value);
  }
  return into;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between documents `a` and `b`, each by dotted path with its value on
 * both sides, in the order they appear: `a`'s fields first, then those only `b` has.
 */
export function diffDocuments(a: unknown, b: unknown): FieldChange[] {
  const before = flatten(a, '', new Map());
  const after = flatten(b, '', new Map());
  const paths = [...new Set([...before.keys(), ...after.keys()])];
  return paths
    .filter((path) => !same(before.get(path), after.get(path)))
    .map((path) => ({ path, before: before.get(path), after: after.get(path) }));
}

/** A field's value as a diff shows it: text as it is, anything else as JSON. */
export function formatFieldValue(value: unknown): string {
  if (value === undefined) return '(not set)';
  if (value === '') return '(empty)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
