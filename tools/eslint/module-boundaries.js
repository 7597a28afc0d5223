// A lint rule that keeps the server's modules apart: code outside a module reaches it only
// through its entry (`index.ts`), a module imports another only along an arrow declared in the
// module map, and the declared arrows form no cycle. Imports are checked by relative path, as
// the server imports its own files.
import path from 'node:path';

const IMPORTING_NODES = [
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
];

const ENTRY_NAMES = new Set(['', 'index', 'index.ts', 'index.js']);

/** The first cycle among the declared arrows, as a list of module names, or null. */
export function findCycle(modules) {
  const state = new Map();
  const trail = [];
  const visit = (name) => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'open') return [...trail.slice(trail.indexOf(name)), name];
    state.set(name, 'open');
    trail.push(name);
    for (const next of modules[name] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(name, 'done');
    return null;
  };
  for (const name of Object.keys(modules)) {
    const cycle = visit(name);
    if (cycle) return cycle;
  }
  return null;
}

/** Which module a path is in and the rest of its path inside it, or null outside the modules. */
function locate(modulesDir, file) {
  const relative = path.relative(modulesDir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [name, ...rest] = relative.split(path.sep);
  return { name, inner: rest.join('/') };
}

/** @type {import('eslint').Rule.RuleModule} */
const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules meet only through their entries, along declared arrows.' },
    schema: [
      {
        type: 'object',
        properties: {
          modulesDir: { type: 'string' },
          modules: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
        required: ['modulesDir', 'modules'],
        additionalProperties: false,
      },
    ],
    messages: {
      deepImport:
        "'{{imported}}' reaches into module '{{module}}': import its entry ('{{entry}}') instead.",
      undeclared:
        "Module '{{from}}' may not import module '{{module}}': it is not among its declared arrows ({{allowed}}).",
      unknownModule: "'{{module}}' is not in the server's module map.",
      cycle: 'The module map has a cycle: {{cycle}}.',
    },
  },
  create(context) {
    const options = context.options[0];
    const modulesDir = path.resolve(context.cwd, options.modulesDir);
    const modules = options.modules;
    const filename = context.filename;
    const here = locate(modulesDir, filename);
    const cycle = findCycle(modules);

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = locate(modulesDir, path.resolve(path.dirname(filename), source));
      if (!target || target.name === here?.name) return;
      if (!Object.hasOwn(modules, target.name)) {
        context.report({ node, messageId: 'unknownModule', data: { module: target.name } });
        return;
      }
      if (!ENTRY_NAMES.has(target.inner)) {
        const entry = source.slice(0, source.length - target.inner.length).replace(/\/$/, '');
        context.report({
          node,
          messageId: 'deepImport',
          data: { imported: source, module: target.name, entry },
        });
        return;
      }
      if (here && !(modules[here.name] ?? []).includes(target.name)) {
        context.report({
          node,
          messageId: 'undeclared',
          data: {
            from: here.name,
            module: target.name,
            allowed: (modules[here.name] ?? []).join(', ') || 'none',
          },
        });
      }
    }

    return {
      Program(node) {
        if (cycle) context.report({ node, messageId: 'cycle', data: { cycle: cycle.join(' → ') } });
      },
      ...Object.fromEntries(
        IMPORTING_NODES.map((type) => [
          type,
          (node) => {
            if (node.source && node.source.type === 'Literal')
              check(node.source, node.source.value);
          },
        ]),
      ),
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
