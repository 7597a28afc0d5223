import fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { simpleArrayLiteral } from './array-literal';

describe('simpleArrayLiteral', () => {
  it('joins arrays of one simple kind at once', () => {
    expect(simpleArrayLiteral([])).toBe('{}');
    expect(simpleArrayLiteral([1, -2, 3.5])).toBe('{1,-2,3.5}');
    expect(simpleArrayLiteral([true, false])).toBe('{true,false}');
    expect(simpleArrayLiteral(['a b', 'c,d', '{}', 'NULL', ''])).toBe(
      '{"a b","c,d","{}","NULL",""}',
    );
  });

  it('leaves every other value to the client library, as it was', () => {
    const others: unknown[] = [
      'text',
      7,
      null,
      [1, '2'],
      [1, null],
      ['a', null],
      ['say "hi"'],
      ['back\\slash'],
      [[1, 2]],
      [new Date(0)],
      [true, 1],
      { a: 1 },
    ];
    for (const value of others) expect(simpleArrayLiteral(value)).toBe(value);
  });
});

// PostgreSQL itself reads the literal and the client library's spelling of the same array.
describe.runIf(Boolean(process.env.DATABASE_URL))('simpleArrayLiteral on PostgreSQL', () => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  const connected = client.connect();
  afterAll(() => client.end());

  /** Whether PostgreSQL reads `literal` as the library's spelling of `array`, as `type`. */
  async function same(type: string, literal: unknown, array: unknown[]): Promise<boolean> {
    await connected;
    const { rows } = await client.query<{ same: boolean }>(
      `SELECT $1::${type} IS NOT DISTINCT FROM $2::${type} AS same`,
      [literal, array],
    );
    return rows[0]?.same === true;
  }

  // No NUL: PostgreSQL's text cannot hold it, however it is spelled.
  const text = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !s.includes('\0'));

  it('reads every array the same, whichever spells it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.array(fc.integer(), { maxLength: 20 }),
          fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { maxLength: 20 }),
          fc.array(fc.boolean(), { maxLength: 20 }),
          fc.array(fc.oneof(text, fc.constantFrom('"', '\\', 'NULL', ' ', ',', '{')), {
            maxLength: 20,
          }),
          fc.array(fc.uuid(), { maxLength: 20 }),
        ),
        async (array: unknown[]) => {
          const literal = simpleArrayLiteral(array);
          expect(await same('text[]', literal, array)).toBe(true);
          if (array.every((e) => typeof e === 'number')) {
            expect(await same('numeric[]', literal, array)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
