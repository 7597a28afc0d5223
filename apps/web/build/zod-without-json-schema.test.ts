import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMA_UNAVAILABLE, zodWithoutJsonSchema } from './zod-without-json-schema.ts';

const ENTRY = '\0zod-probe';

/** A module that builds a schema like the contract's and hands it to the test. */
const PROBE = `
import { z } from 'zod';
export const schema = z.object({ title: z.string().max(12), value: z.number().int().max(5) });
export const toJSONSchema = z.toJSONSchema;
`;

function probeEntry(): Plugin {
  return {
    name: 'zod-probe',
    resolveId: (id) => (id === ENTRY ? ENTRY : null),
    load: (id) => (id === ENTRY ? PROBE : null),
  };
}

/** Bundles the probe as the client build would, and loads the bundle. */
async function buildProbe() {
  const result = await build({
    configFile: false,
    root: path.resolve(import.meta.dirname, '..'),
    logLevel: 'silent',
    plugins: [probeEntry(), zodWithoutJsonSchema()],
    build: {
      write: false,
      minify: false,
      // A CommonJS bundle of no imports runs as a function, without a module loader.
      rolldownOptions: {
        input: ENTRY,
        preserveEntrySignatures: 'exports-only',
        output: { format: 'cjs' },
      },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  const chunk = output.output.find((file) => file.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('the probe built to no chunk');
  const module = { exports: {} };
  new Function('module', 'exports', chunk.code)(module, module.exports);
  const probe = module.exports as {
    schema: {
      parse: (value: unknown) => unknown;
      toJSONSchema: () => unknown;
      shape: { title: { maxLength: number | null }; value: { maxValue: number; isInt: boolean } };
      '~standard': {
        validate: (value: unknown) => { issues?: unknown[] };
        jsonSchema: { input: () => unknown };
      };
    };
    toJSONSchema: (schema: unknown) => unknown;
  };
  return { code: chunk.code, ...probe };
}

describe('zod in the client build', () => {
  it('parses and reports its limits, but generates no JSON Schema', async () => {
    const { code, schema, toJSONSchema } = await buildProbe();

    expect(schema.parse({ title: 'Ten', value: 3 })).toEqual({ title: 'Ten', value: 3 });
    expect(() => schema.parse({ title: 'Ten', value: 6 })).toThrow();
    expect(schema['~standard'].validate({ title: 'Ten', value: 3 }).issues).toBeUndefined();
    // What forms read from a schema stays: it is derived by a module kept as it is.
    expect(schema.shape.title.maxLength).toBe(12);
    expect(schema.shape.value.maxValue).toBe(5);
    expect(schema.shape.value.isInt).toBe(true);

    expect(() => schema.toJSONSchema()).toThrow(JSON_SCHEMA_UNAVAILABLE);
    expect(() => schema['~standard'].jsonSchema.input()).toThrow(JSON_SCHEMA_UNAVAILABLE);
    expect(() => toJSONSchema(schema)).toThrow(JSON_SCHEMA_UNAVAILABLE);
    // The generator's own code is gone, not just unreachable.
    expect(code).not.toContain('draft-2020-12');
  }, 60_000);
});
