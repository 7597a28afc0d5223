// A lint rule that keeps layers pointing one way: a file inside a zone's `target` folder may
// not import (by a relative path) a module inside the zone's `from` folder, except the
// folders listed in `except` (relative to `from`). Zones use the shape of
// import/no-restricted-paths, so the configuration reads the same.
import path from 'node:path';

const IMPORTING_NODES = [
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
];

function isInside(file, folder) {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** @type {import('eslint').Rule.RuleModule} */
const restrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports that cross a layer boundary the wrong way.' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { type: 'string' },
                except: { type: 'array', items: { type: 'string' } },
              },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      restricted: "'{{target}}' may not import '{{imported}}' (from '{{from}}').",
    },
  },
  create(context) {
    const root = context.cwd;
    const zones = (context.options[0]?.zones ?? []).map((zone) => ({
      target: path.resolve(root, zone.target),
      from: path.resolve(root, zone.from),
      except: (zone.except ?? []).map((e) => path.resolve(root, zone.from, e)),
      label: zone,
    }));
    const filename = context.filename;
    const applicable = zones.filter((zone) => isInside(filename, zone.target));
    if (applicable.length === 0) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(filename), source);
      for (const zone of applicable) {
        if (!isInside(imported, zone.from)) continue;
        if (zone.except.some((allowed) => isInside(imported, allowed))) continue;
        context.report({
          node,
          messageId: 'restricted',
          data: {
            target: path.relative(root, filename),
            imported: source,
            from: zone.label.from,
          },
        });
        return;
      }
    }

    return Object.fromEntries(
      IMPORTING_NODES.map((type) => [
        type,
        (node) => {
          if (node.source && node.source.type === 'Literal') check(node.source, node.source.value);
        },
      ]),
    );
  },
};

export default { rules: { 'restricted-paths': restrictedPaths } };
