import { ApiError } from './api-error';

const NUL = '\u0000';
const HALF_SURROGATE_PAIR =
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether PostgreSQL can store a text: it refuses NUL in text and jsonb, and half of a UTF-16
 * surrogate pair (JSON carries it as a `\ud800` escape, which jsonb refuses).
 */
function isStorable(text: string): boolean {
  return !text.includes(NUL) && !HALF_SURROGATE_PAIR.test(text);
}

/** A string or container met while walking input, with how it was reached. */
interface Visit {
  value: unknown;
  parent: number;
  key: string | number;
}

/**
 * Where text that cannot be stored sits in parsed request input (a string, or a key or string
 * anywhere inside arrays and objects), as a dotted path (`stakes.0.title`, `` for the input
 * itself); null when there is none. The walk keeps its own stack: a body nested thousands of
 * levels deep costs memory, never the call stack; paths are spelled only for a hit.
 */
export function findUnstorableText(input: unknown): string | null {
  const visits: Visit[] = [];
  const pending: number[] = [];
  const visit = (value: unknown, parent: number, key: string | number) => {
    if (typeof value !== 'string' && (typeof value !== 'object' || value === null)) return;
    pending.push(visits.push({ value, parent, key }) - 1);
  };
  visit(input, -1, '');
  for (let index = pending.pop(); index !== undefined; index = pending.pop()) {
    const { value } = visits[index] as Visit;
    if (typeof value === 'string') {
      if (!isStorable(value)) return pathOf(visits, index);
    } else if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) visit(value[i], index, i);
    } else {
      for (const key of Object.keys(value as object)) {
        if (!isStorable(key)) return [pathOf(visits, index), key].filter(Boolean).join('.');
        visit((value as Record<string, unknown>)[key], index, key);
      }
    }
  }
  return null;
}

function pathOf(visits: Visit[], index: number): string {
  const keys: (string | number)[] = [];
  for (let at = visits[index]; at && at.parent >= 0; at = visits[at.parent]) keys.push(at.key);
  return keys.reverse().join('.');
}

export const UNSTORABLE_TEXT_MESSAGE =
  'Text may not contain the NUL character (\\u0000) or half of a surrogate pair.';

/**
 * Refuses a request whose query string or body holds text that cannot be stored: 400
 * VALIDATION_FAILED, with where it sits as the details. Every contract route runs it before its
 * handler, so no handler or query meets such text.
 */
export function refuseUnstorableText(request: { query: unknown; body: unknown }): void {
  for (const [part, input] of [
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const path = findUnstorableText(input);
    if (path !== null) {
      throw new ApiError(
        'VALIDATION_FAILED',
        UNSTORABLE_TEXT_MESSAGE,
        path ? `${part}.${path}` : part,
      );
    }
  }
}
