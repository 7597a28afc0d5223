import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ADMIN_ROUTES } from './admin-routes';
import { MAX_RUPEES, MONEY_FIELDS, MONEY_MESSAGES, moneySchema } from './money';
import { listApiRoutes } from './routes';

function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

describe('moneySchema', () => {
  const positive = moneySchema();
  const signed = moneySchema({ signed: true, max: 10_000_000 });

  it.each([
    [1e-9, MONEY_MESSAGES.zero],
    [-0, MONEY_MESSAGES.zero],
    [0, MONEY_MESSAGES.zero],
    [0.001, MONEY_MESSAGES.decimals],
    [0.004, MONEY_MESSAGES.decimals],
    [1.005, MONEY_MESSAGES.decimals],
    [1e16, MONEY_MESSAGES.tooLarge],
    [MAX_RUPEES + 0.01, MONEY_MESSAGES.tooLarge],
    [-5, MONEY_MESSAGES.negative],
  ])('refuses %s with "%s"', (amount, message) => {
    expect(messageOf(positive.safeParse(amount))).toBe(message);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '100', null])(
    'refuses %s as not an amount',
    (amount) => {
      expect(positive.safeParse(amount).success).toBe(false);
    },
  );

  it.each([
    [0.01, 0.01],
    [100.1, 100.1],
    [1.15, 1.15],
    [0.1 + 0.2, 0.3],
    [100.100000001, 100.1],
    [MAX_RUPEES, MAX_RUPEES],
  ])('accepts %s as %s', (amount, normalised) => {
    expect(positive.parse(amount)).toBe(normalised);
  });

  it('a signed amount takes debits but never zero, and holds its own maximum', () => {
    expect(signed.parse(-250.5)).toBe(-250.5);
    expect(messageOf(signed.safeParse(-0))).toBe(MONEY_MESSAGES.zeroSigned);
    expect(messageOf(signed.safeParse(-1e-9))).toBe(MONEY_MESSAGES.zeroSigned);
    expect(messageOf(signed.safeParse(-10_000_000.01))).toBe(MONEY_MESSAGES.tooLarge);
    expect(messageOf(signed.safeParse(0.001))).toBe(MONEY_MESSAGES.decimals);
  });

  it('every amount it accepts is a whole, non-zero number of paise within the ledger', () => {
    for (let i = 0; i < 2_000; i += 1) {
      const amount = (Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 16);
      const result = signed.safeParse(amount);
      if (!result.success) continue;
      const paise = result.data * 100;
      expect(Number.isSafeInteger(Math.round(paise))).toBe(true);
      expect(Math.abs(Math.round(paise) - paise)).toBeLessThan(1e-6);
      expect(Math.round(paise)).not.toBe(0);
    }
  });
});

/** Field names that carry money in a request. */
const MONEY_NAME = /amount|stake|deposit|withdrawal|liability|^(day|week|month)$/i;

interface Def {
  type: string;
  innerType?: unknown;
  shape?: Record<string, unknown>;
  element?: unknown;
  in?: unknown;
  out?: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** The schema inside optional, nullable and default wrappers. */
function unwrapped(schema: unknown): unknown {
  const def = defOf(schema);
  if (['optional', 'default', 'prefault', 'nullable'].includes(def.type)) {
    return unwrapped(def.innerType);
  }
  return schema;
}

/** Every number field of a schema, by dotted path. */
function numberFields(schema: unknown, path = ''): [string, unknown][] {
  const inner = unwrapped(schema);
  const def = defOf(inner);
  if (def.type === 'object') {
    return Object.entries(def.shape ?? {}).flatMap(([name, field]) =>
      numberFields(field, path ? `${path}.${name}` : name),
    );
  }
  if (def.type === 'array') return numberFields(def.element, `${path}[]`);
  if (def.type === 'pipe') return numberFields(def.in, path);
  return def.type === 'number' ? [[path, inner]] : [];
}

describe('every money field of every request', () => {
  const requests: [string, unknown][] = [
    ...listApiRoutes().map(([name, route]): [string, unknown] => [name, route.request]),
    ...Object.entries(ADMIN_ROUTES).map(([name, route]): [string, unknown] => [
      `admin ${name}`,
      (route as { request: unknown }).request,
    ]),
  ];
  const moneyFields = requests.flatMap(([name, request]) =>
    numberFields(request)
      .filter(([path]) => MONEY_NAME.test(path.split('.').pop() ?? ''))
      .map(([path, schema]): [string, unknown] => [`${name}: ${path}`, schema]),
  );

  it('finds the money fields it should (stakes, deposits, adjustments, limits)', () => {
    const names = moneyFields.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['placeBet: stake']));
    expect(names.filter((name) => name.startsWith('admin ')).length).toBeGreaterThanOrEqual(4);
  });

  it.each(moneyFields)('%s follows the money rule', (_name, schema) => {
    expect(MONEY_FIELDS.has(schema as z.ZodType)).toBe(true);
  });
});
