/**
 * A small reader for what arrives over the wire: each reader returns its value when it has the
 * expected kind and shape, and throws otherwise. The contract's zod schemas stay the source of
 * truth; a game's page reads the same shapes with these few functions instead, because zod's
 * classic API (about 26 KB gzip) would take a third of a game's whole budget of 80 KB. Each
 * game's readers are typed by the contract's types, and tested against its schemas, so the two
 * cannot drift apart silently.
 *
 * Kinds and shapes are checked (a number is a safe integer where the contract says int, a
 * literal is one of its values, an object has its fields); ranges are left to the server, which
 * is the studio's own and checks what it sends against the same contract.
 */

/** A value without the expected shape (which one is not said: the page drops the message). */
export class WireError extends Error {}

export type Reader<T> = (value: unknown) => T;

/** Refuses a value: it is not what the reader expected. */
export function reject(): never {
  throw new WireError();
}
const fail = reject;

export const int: Reader<number> = (v) => (Number.isSafeInteger(v) ? (v as number) : fail());
export const num: Reader<number> = (v) =>
  typeof v === 'number' && Number.isFinite(v) ? v : fail();
export const str: Reader<string> = (v) => (typeof v === 'string' ? v : fail());
export const bool: Reader<boolean> = (v) => (typeof v === 'boolean' ? v : fail());

/** One of the given literal values. */
export function oneOf<const T extends string | number | boolean>(...values: T[]): Reader<T> {
  return (v) => (values.includes(v as T) ? (v as T) : fail());
}

/** A string matching a pattern. */
export function matching(pattern: RegExp): Reader<string> {
  return (v) => (typeof v === 'string' && pattern.test(v) ? v : fail());
}

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (v) => (v === null ? null : read(v));
}

export function optional<T>(read: Reader<T>): Reader<T | undefined> {
  return (v) => (v === undefined ? undefined : read(v));
}

export function array<T>(read: Reader<T>): Reader<T[]> {
  return (v) => (Array.isArray(v) ? v.map(read) : fail());
}

type Shape = Record<string, Reader<unknown>>;
type Read<S extends Shape> = { [K in keyof S]: ReturnType<S[K]> };

/** An object with the shape's fields (others are dropped; an absent optional field stays absent). */
export function object<S extends Shape>(shape: S): Reader<Read<S>> {
  return (v) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail();
    const source = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(shape)) {
      const value = (shape[key] as Reader<unknown>)(source[key]);
      if (value !== undefined) out[key] = value;
    }
    return out as Read<S>;
  };
}

/** A value read with `read`, or null when it does not have the shape. */
export function readOrNull<T>(read: Reader<T>, value: unknown): T | null {
  try {
    return read(value);
  } catch (error) {
    if (error instanceof WireError) return null;
    throw error;
  }
}

/** The reader of a tagged union's member, by its tag's value; undefined for an unknown tag. */
export function byTag<T>(
  readers: Record<string, Reader<T>>,
  tag: string,
  value: unknown,
): T | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const name = (value as Record<string, unknown>)[tag];
  if (typeof name !== 'string' || !Object.hasOwn(readers, name)) return undefined;
  return (readers[name] as Reader<T>)(value);
}
