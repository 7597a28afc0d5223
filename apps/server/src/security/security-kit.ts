/**
 * Helpers of the security tests: which contract schema each route reads, hostile inputs
 * derived from those schemas by walking them, the requests that carry them, and the checks
 * every answer must pass (no 5xx; every refusal the API envelope with a contract code).
 */
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { httpStatusFor, isErrorCode } from '@backlay/contract/errors';
import {
  apiPath,
  listApiRoutes,
  noInputSchema,
  type ApiRoute,
  type ApiRouteName,
} from '@backlay/contract/routes';
import { ROUTES_STILL_TO_BUILD } from '../routes-still-to-build';
// A test host: every sport switched on, the default betting rules.
import { TEST_HOST } from '../modules/exchange/exchange-test-kit';

/** The schemas a route reads its input with: a JSON body, a query string, or both. */
export interface RouteInputs {
  body?: z.ZodType;
  query?: z.ZodType;
}

/** Where a route reads its request, as the server's route definition does. */
function inputsOf(route: ApiRoute): RouteInputs {
  if (route.method === 'GET') return { query: route.request };
  if (route.requestIn === 'bodyAndQuery') return { body: route.request, query: route.request };
  return { body: route.request };
}

/**
 * The request schema of every served route that takes input, from the route table. A route
 * missing from it is still fuzzed, with generic JSON and query strings.
 */
export const ROUTE_INPUTS: Partial<Record<ApiRouteName, RouteInputs>> = Object.fromEntries(
  listApiRoutes()
    .filter(
      ([name, route]) => route.request !== noInputSchema && !ROUTES_STILL_TO_BUILD.includes(name),
    )
    .map(([name, route]) => [name, inputsOf(route)]),
);

/** A number written into JSON or a query string exactly as given (`1e999` parses to Infinity). */
export class RawNumber {
  constructor(readonly text: string) {}
}

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------

/** Strings that have broken servers: NUL, markup, SQL, escapes, odd unicode, sizes. */
export const EVIL_STRINGS: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  'Cricket\u0000',
  '<b>x</b><script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<!--',
  "' OR 1=1 --",
  '1; DROP TABLE users',
  '%',
  '%zz',
  '%00',
  '%E0%A4%A',
  '../../../../etc/passwd',
  '%s%s%s%n',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e999',
  '0x1F',
  '1_000',
  ' 42 ',
  '٤٢',
  '\ud800',
  '\udfff\ud800',
  '👍🏽👨‍👩‍👧',
  'e\u0301\u0301\u0301',
  '\u202egnp.exe',
  '\ufeff',
  'İstanbul',
  'ß'.repeat(40),
  'مرحبا',
  '\u2028\u2029',
  'x'.repeat(5_000),
  'é'.repeat(70_000),
];

export const EVIL_NUMBERS: readonly (number | RawNumber)[] = [
  Number.NaN,
  Number.POSITIVE_INFINITY,
  1e308,
  -1e308,
  -0,
  -1,
  0,
  0.1 + 0.2,
  1.5,
  Number.MIN_VALUE,
  Number.EPSILON,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 64,
  -(2 ** 63),
  new RawNumber('1e999'),
  new RawNumber('-1e999'),
  new RawNumber('-0'),
  new RawNumber('1E+2'),
  new RawNumber('123456789012345678901234567890'),
  new RawNumber('0.0000000000000000000000001'),
];

const wrongTypeArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [[[]]], { a: { b: {} } }),
  fc.constantFrom(...EVIL_NUMBERS),
  fc.constantFrom(...EVIL_STRINGS),
);

const evilStringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EVIL_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

const evilNumberArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EVIL_NUMBERS) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

/** A plausible string with a NUL, markup or a lone surrogate put somewhere inside it. */
function poisoned(good: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(good, fc.nat(), fc.constantFrom('\u0000', '<script>alert(1)</script>', '\ud800', '%'))
    .map(([text, at, poison]) => {
      const cut = at % (text.length + 1);
      return text.slice(0, cut) + poison + text.slice(cut);
    });
}

/** Object keys that have broken servers: prototype keys, empties, NUL, long ones. */
const evilKeyArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', '\u0000', 'a.b', '$ne'),
  fc.string({ maxLength: 12 }),
);

// ---------------------------------------------------------------------------------------------
// Walking zod schemas
// ---------------------------------------------------------------------------------------------

interface SchemaDef {
  type: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  [key: string]: unknown;
}

function defOf(schema: unknown): SchemaDef {
  return (schema as { _zod: { def: SchemaDef } })._zod.def;
}

function checksOf(def: SchemaDef): Record<string, unknown>[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

/** The regexes of a string schema's checks. */
function patternsOf(def: SchemaDef): RegExp[] {
  return checksOf(def)
    .map((check) => check.pattern)
    .filter((pattern): pattern is RegExp => pattern instanceof RegExp);
}

/** Length bounds of a string or array schema, capped so that generated inputs stay small. */
function lengthsOf(def: SchemaDef, cap: number): { minLength: number; maxLength: number } {
  let minLength = 0;
  let maxLength = cap;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = Number(check.minimum);
    if (check.check === 'max_length') maxLength = Math.min(cap, Number(check.maximum));
    if (check.check === 'length_equals') minLength = maxLength = Number(check.length);
  }
  return { minLength, maxLength: Math.max(minLength, maxLength) };
}

/** Per field name, values worth trying beside generated ones (ids that exist, ladder prices). */
export type FieldHints = Record<string, fc.Arbitrary<unknown>>;

function withHint(name: string, hints: FieldHints, generated: fc.Arbitrary<unknown>) {
  const hint = hints[name];
  return hint ? fc.oneof(hint, generated) : generated;
}

/** Values a schema would probably accept, so fuzzing also reaches what lies behind validation. */
export function plausible(schema: unknown, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      const [pattern] = patternsOf(def);
      return pattern
        ? fc.stringMatching(pattern)
        : fc.string({ ...lengthsOf(def, 24), unit: 'grapheme-ascii' });
    }
    case 'number': {
      const { minValue, maxValue, isInt } = schema as {
        minValue: number | null;
        maxValue: number | null;
        isInt: boolean;
      };
      const min = Math.max(minValue ?? -1e6, -1e9);
      const max = Math.min(maxValue ?? 1e6, 1e9);
      return isInt
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(plausible(def.innerType, hints), { nil: undefined });
    case 'nullable':
      return fc.option(plausible(def.innerType, hints), { nil: null });
    case 'pipe':
      return defOf(def.in).type === 'transform'
        ? plausible(def.out, hints)
        : plausible(def.in, hints);
    case 'array':
      return fc.array(plausible(def.element, hints), lengthsOf(def, 10));
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([name, field]) => [
            name,
            withHint(name, hints, plausible(field, hints)),
          ]),
        ),
      );
    }
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => plausible(option, hints)));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const ABSENT = Symbol('absent');

/**
 * Bad input shaped after a schema: for each field a plausible value, a hostile one (wrong type,
 * boundary number, NUL, markup, odd unicode, a huge string), or none at all; extra fields; and
 * now and then a wholly wrong value in place of the whole.
 */
export function hostile(schema: unknown, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const wrongWhole = { weight: 1, arbitrary: wrongTypeArb };
  switch (def.type) {
    case 'string':
      return fc.oneof(
        { weight: 1, arbitrary: plausible(schema, hints) },
        { weight: 3, arbitrary: poisoned(plausible(schema, hints) as fc.Arbitrary<string>) },
        { weight: 3, arbitrary: evilStringArb },
        {
          weight: 1,
          arbitrary: fc
            .tuple(plausible(schema, hints) as fc.Arbitrary<string>, evilStringArb)
            .map(([good, evil]) => good + evil),
        },
        wrongWhole,
      );
    case 'number':
      return fc.oneof(
        { weight: 2, arbitrary: plausible(schema, hints) },
        { weight: 3, arbitrary: evilNumberArb },
        { weight: 1, arbitrary: plausible(schema, hints).map(String) },
        wrongWhole,
      );
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
      return fc.oneof(fc.constant(undefined), fc.constant(null), hostile(def.innerType, hints));
    case 'pipe':
      return defOf(def.in).type === 'transform' ? hostile(def.out, hints) : hostile(def.in, hints);
    case 'array':
      return fc.oneof(
        { weight: 4, arbitrary: fc.array(hostile(def.element, hints), { maxLength: 12 }) },
        {
          weight: 1,
          arbitrary: plausible(def.element, hints).map((item) => Array(3_000).fill(item)),
        },
        wrongWhole,
      );
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([name, field]) => [
            name,
            fc.oneof(
              { weight: 3, arbitrary: withHint(name, hints, plausible(field, hints)) },
              { weight: 2, arbitrary: hostile(field, hints) },
              { weight: 1, arbitrary: fc.constant(ABSENT) },
            ),
          ]),
        ),
      );
      const extras = fc.dictionary(evilKeyArb, wrongTypeArb, { maxKeys: 3 });
      const names = Object.keys(shape);
      const someBadFields = fc.tuple(fields, extras).map(([given, extra]) => {
        const value: Record<string, unknown> = {};
        for (const [key, field] of Object.entries(extra)) setOwn(value, key, field);
        for (const [key, field] of Object.entries(given))
          if (field !== ABSENT) setOwn(value, key, field);
        return value;
      });
      if (!names.length) return fc.oneof({ weight: 6, arbitrary: someBadFields }, wrongWhole);
      // One bad field in an otherwise plausible whole reaches furthest past validation.
      const oneBadField = fc
        .tuple(plausible(schema, hints), fc.constantFrom(...names))
        .chain(([whole, name]) =>
          hostile(shape[name], hints).map((bad) => {
            const value = { ...(whole as Record<string, unknown>) };
            setOwn(value, name, bad);
            return value;
          }),
        );
      return fc.oneof(
        { weight: 6, arbitrary: oneBadField },
        { weight: 6, arbitrary: someBadFields },
        wrongWhole,
      );
    }
    default:
      return fc.oneof(plausible(schema, hints), wrongTypeArb);
  }
}

/** Sets a key as an own property, `__proto__` included, as JSON.parse would. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Input for a route with no schema in ROUTE_INPUTS: any JSON, any query. */
export const genericBodyArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(evilKeyArb, wrongTypeArb, { maxKeys: 5 }),
);
export const genericQueryArb: fc.Arbitrary<unknown> = fc.dictionary(
  evilKeyArb,
  fc.oneof(wrongTypeArb, fc.array(evilStringArb, { maxLength: 3 })),
  { maxKeys: 5 },
);

// ---------------------------------------------------------------------------------------------
// One field at a time
// ---------------------------------------------------------------------------------------------

export type FieldPath = (string | number)[];

/** The schema inside wrappers that only make a value optional, defaulted or nullable. */
function unwrapped(schema: unknown): unknown {
  const def = defOf(schema);
  if (['optional', 'default', 'prefault', 'nullable'].includes(def.type))
    return unwrapped(def.innerType);
  if (def.type === 'pipe') return unwrapped(defOf(def.in).type === 'transform' ? def.out : def.in);
  return schema;
}

/** The path of every leaf field of a schema; arrays are entered through their first item. */
export function leafPaths(schema: unknown, prefix: FieldPath = []): FieldPath[] {
  const def = defOf(unwrapped(schema));
  if (def.type === 'object') {
    return Object.entries(def.shape as Record<string, unknown>).flatMap(([name, field]) =>
      leafPaths(field, [...prefix, name]),
    );
  }
  if (def.type === 'array') return [prefix, ...leafPaths(def.element, [...prefix, 0])];
  return [prefix];
}

/**
 * A value the schema accepts, drawn from `plausible` with a fixed seed (so every run starts
 * from the same one), for sweeps that spoil one field of an otherwise valid request.
 */
export function validExample(schema: z.ZodType, hints: FieldHints): unknown {
  const samples = fc.sample(plausible(schema, hints), { numRuns: 500, seed: 42 });
  return samples.find((sample) => schema.safeParse(sample).success) ?? samples[0];
}

/** A copy of `value` with the field at `path` set (or removed, for ABSENT_FIELD). */
export function withField(value: unknown, path: FieldPath, field: unknown): unknown {
  if (!path.length) return field === ABSENT_FIELD ? undefined : field;
  const [head, ...rest] = path as [string | number, ...FieldPath];
  const container = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string | number,
    unknown
  >;
  const next = rest.length ? withField(container[head], rest, field) : field;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    copy[Number(head)] = next === ABSENT_FIELD ? undefined : next;
    return copy;
  }
  // Object.fromEntries defines keys as own properties, `__proto__` included.
  const entries = Object.entries(container).filter(([key]) => key !== String(head));
  return Object.fromEntries(next === ABSENT_FIELD ? entries : [...entries, [String(head), next]]);
}

export const ABSENT_FIELD = Symbol('absent field');

/** What each field is replaced by, one at a time: the brief list of what breaks servers. */
export const FIELD_MUTATIONS: readonly [label: string, value: unknown][] = [
  ['missing', ABSENT_FIELD],
  ['a NUL character', 'a\u0000b'],
  ['markup', '<b>x</b><script>alert(1)</script>'],
  ['a lone surrogate', '\ud800x'],
  ['odd unicode', 'İ👍🏽e\u0301\u202e\ufeff'],
  ['a 100 KB string', 'x'.repeat(100_000)],
  ['SQL', "' OR 1=1 --"],
  ['null', null],
  ['true', true],
  ['an object', { $gt: '' }],
  ['an array', ['1', '2']],
  ['NaN as text', 'NaN'],
  ['Infinity', new RawNumber('1e999')],
  ['-Infinity', new RawNumber('-1e999')],
  ['-0', new RawNumber('-0')],
  ['1e308', 1e308],
  ['-1', -1],
  ['2^53 + 2', 2 ** 53 + 2],
  ['1.5', 1.5],
];

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/** JSON text of a value, writing RawNumbers as given. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof RawNumber) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  return (text ?? 'null').replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)] ?? '0');
}

/** Percent-encodes the UTF-8 bytes of a text (lone surrogates become U+FFFD, as browsers send). */
function encodeComponent(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function queryText(value: unknown): string | null {
  if (value === undefined) return null;
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') return value;
  if (value === null) return '';
  return toJsonText(value);
}

/**
 * A query string for a value: fields as `k=v`, arrays as repeated keys, nested objects in
 * bracket notation, anything that is not an object as a lone key.
 */
export function toQueryString(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'object' || value === null || value instanceof RawNumber) {
    return encodeComponent(queryText(value) ?? '');
  }
  const parts: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    const k = encodeComponent(key);
    if (Array.isArray(field)) {
      for (const item of field) parts.push(`${k}=${encodeComponent(queryText(item) ?? '')}`);
    } else if (field && typeof field === 'object' && !(field instanceof RawNumber)) {
      for (const [sub, item] of Object.entries(field))
        parts.push(`${k}%5B${encodeComponent(sub)}%5D=${encodeComponent(queryText(item) ?? '')}`);
    } else {
      const text = queryText(field);
      if (text !== null) parts.push(`${k}=${encodeComponent(text)}`);
    }
  }
  return parts.join('&');
}

export interface Caller {
  label: string;
  token: string | null;
  /** A raw Authorization header, sent instead of the token's bearer. */
  authorization?: string;
}

export interface FuzzRequest {
  query?: string;
  /** Raw body text; sent as `application/json` unless `contentType` says otherwise. */
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Sends a request to a route as a caller on the test host would, over inject. */
export function send(
  app: FastifyInstance,
  method: ApiRoute['method'] | 'PUT' | 'DELETE',
  path: string,
  caller: Caller,
  request: FuzzRequest,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    host: TEST_HOST,
    'user-agent': 'Mozilla/5.0 (Linux; Android 14) FuzzPhone',
    ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
    ...(caller.authorization !== undefined ? { authorization: caller.authorization } : {}),
    ...(request.body !== undefined
      ? { 'content-type': request.contentType ?? 'application/json' }
      : {}),
    ...request.headers,
  };
  const options: InjectOptions = {
    method,
    url: request.query ? `${path}?${request.query}` : path,
    headers,
    remoteAddress: '198.51.100.23',
    ...(request.body !== undefined ? { payload: request.body } : {}),
  };
  return app.inject(options);
}

/** The URL path of a contract route. */
export const pathOf = (route: ApiRoute) => apiPath(route);

// ---------------------------------------------------------------------------------------------
// What every answer must be
// ---------------------------------------------------------------------------------------------

function jsonOf(res: LightMyRequestResponse, label: string): Record<string, unknown> {
  try {
    return JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    throw new Error(`${label}: ${res.statusCode} answer is not JSON: ${res.body.slice(0, 200)}`);
  }
}

/** No 5xx; a refusal is the envelope with a contract code and its status; success says so. */
export function expectEnvelopeAnswer(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = jsonOf(res, label);
  if (res.statusCode >= 400) {
    const error = body.error as { code?: unknown; message?: unknown } | null;
    expect(body.success, label).toBe(false);
    expect(typeof error?.code, label).toBe('string');
    expect(typeof error?.message, label).toBe('string');
    const code = String(error?.code);
    expect(isErrorCode(code), `${label}: code ${code}`).toBe(true);
    if (isErrorCode(code)) expect(httpStatusFor(code), `${label}: ${code}`).toBe(res.statusCode);
    expect(body.unAuthorizedRequest, label).toBe(code === 'UNAUTHORIZED');
  } else {
    expect(body.success, label).toBe(true);
  }
}

/** RFC 6749 §5.2: no 5xx; a refusal is `{error, error_description?}` with a registered code. */
export function expectOAuthAnswer(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  const body = jsonOf(res, label);
  if (res.statusCode < 400) return;
  // A body the server could not even read is refused before the route, in the envelope.
  if ('success' in body) return expectEnvelopeAnswer(res, label);
  expect(
    [
      'invalid_request',
      'invalid_client',
      'invalid_grant',
      'unauthorized_client',
      'unsupported_grant_type',
      'invalid_scope',
    ],
    `${label}: ${res.body}`,
  ).toContain(body.error);
}

/**
 * Not a server fault: below 500, or the maintenance answer of a brand that is suspended or
 * unknown (503 SITE_SUSPENDED in the envelope, or a page).
 */
export function expectNoServerFault(res: LightMyRequestResponse, label: string): void {
  if (res.statusCode === 503) {
    const page = String(res.headers['content-type'] ?? '').startsWith('text/html');
    const suspended = !page && /"code":"SITE_SUSPENDED"/.test(res.body);
    expect(page || suspended, `${label}: 503 ${res.body.slice(0, 300)}`).toBe(true);
    return;
  }
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
}

/** The hub's negotiate: no 5xx; refusals are the envelope (401) or SignalR's `{ error }`. */
export function expectNegotiateAnswer(res: LightMyRequestResponse, label: string): void {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  const body = jsonOf(res, label);
  if ('success' in body) return expectEnvelopeAnswer(res, label);
  expect(typeof body.error, `${label}: ${res.body}`).toBe('string');
}
