/**
 * Leaves zod's JSON Schema generation out of the browser build. Zod 4's classic API wires
 * `.toJSONSchema()` and `~standard.jsonSchema` into every schema, so `to-json-schema.js` and
 * `json-schema-processors.js` ship with any schema although the client never generates JSON
 * Schema. This plugin loads those two modules as stand-ins that export the same names, read
 * from the installed zod at build time so that an upgrade which renames or adds one fails the
 * build or is covered, never silently breaks it.
 */
import fs from 'node:fs';
import { parseSync, type Plugin } from 'vite';

export const JSON_SCHEMA_UNAVAILABLE = 'JSON Schema generation is not part of the browser build';

const STAND_IN_MODULES =
  /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;

/**
 * Exports that build a method while a schema is constructed (`.toJSONSchema` and the
 * `~standard.jsonSchema` getter, zod's `classic/schemas.js`): they must return a method that
 * throws when called, not throw themselves.
 */
const METHOD_FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

/**
 * Exports that schemas use for more than JSON Schema, kept as they are: `aggregateChecks`
 * derives a schema's `minLength`, `maxValue`, `isInt` and the like, which the client reads
 * (the stake-button form takes its limits from the contract's schema).
 */
const KEPT_EXPORTS = new Set(['aggregateChecks']);

/** The query that loads a stand-in's original module, for its kept exports. */
const ORIGINAL_QUERY = '?zod-original';

/** The names a module exports, from its syntax; a form a stand-in cannot mirror fails. */
function exportedNames(file: string, code: string): string[] {
  const { module, errors } = parseSync(file, code);
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]?.message}`);
  return module.staticExports.flatMap(({ entries }) =>
    entries.map(({ exportName, importName }) => {
      if (exportName.kind !== 'Name' || exportName.name === null || importName.kind === 'All') {
        throw new Error(`${file}: an export without a name cannot be stood in for`);
      }
      return exportName.name;
    }),
  );
}

/** The stand-in's source: every export of the original, each throwing when called. */
export function standInSource(file: string, code: string): string {
  const names = exportedNames(file, code);
  const kept = names.filter((name) => KEPT_EXPORTS.has(name));
  const lines = [
    `const unavailable = () => { throw new Error(${JSON.stringify(JSON_SCHEMA_UNAVAILABLE)}); };`,
  ];
  if (kept.length > 0) {
    lines.push(`export { ${kept.join(', ')} } from ${JSON.stringify(file + ORIGINAL_QUERY)};`);
  }
  for (const name of names) {
    if (KEPT_EXPORTS.has(name)) continue;
    const value = METHOD_FACTORIES.has(name) ? '() => unavailable' : 'unavailable';
    lines.push(`export const ${name} = ${value};`);
  }
  return lines.join('\n');
}

/** The names this plugin expects among zod's exports, to fail a build where one went away. */
const EXPECTED_EXPORTS = [...METHOD_FACTORIES, ...KEPT_EXPORTS];

export function zodWithoutJsonSchema(): Plugin {
  const seen = new Set<string>();
  return {
    name: 'backlay:zod-without-json-schema',
    // Tests and the dev server run zod as published; only the shipped bundle is trimmed.
    apply: 'build',
    buildStart() {
      seen.clear();
    },
    load(id) {
      if (id.endsWith(ORIGINAL_QUERY)) {
        return fs.readFileSync(id.slice(0, -ORIGINAL_QUERY.length), 'utf8');
      }
      if (!STAND_IN_MODULES.test(id)) return null;
      const code = fs.readFileSync(id, 'utf8');
      for (const name of exportedNames(id, code)) seen.add(name);
      return standInSource(id, code);
    },
    buildEnd(error) {
      // Checked only once zod's modules were loaded: a build of no schema has nothing to trim.
      if (error || seen.size === 0) return;
      const missing = EXPECTED_EXPORTS.filter((name) => !seen.has(name));
      if (missing.length > 0) {
        this.error(`zod no longer exports ${missing.join(', ')}: review zod-without-json-schema`);
      }
    },
  };
}
