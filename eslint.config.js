import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import restrictedPaths from './tools/eslint/restricted-paths.js';
import moduleBoundaries from './tools/eslint/module-boundaries.js';
import { SERVER_MODULES } from './tools/eslint/server-modules.js';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

/** The feature folders of a client's `src/features`. */
function featuresOf(app) {
  const featuresDir = path.resolve(`apps/${app}/src/features`);
  return fs.existsSync(featuresDir)
    ? fs
        .readdirSync(featuresDir)
        .filter((f) => fs.statSync(path.join(featuresDir, f)).isDirectory())
    : [];
}
const features = featuresOf('web');

/**
 * Features other features build on: the bets feature's shared state, and cash out, which the
 * market page's open-bets panel shows. Those may be imported through their public entry
 * (`index.ts`, spelled out in the import) and nothing behind it.
 */
const sharedFeatures = ['bets', 'cash-out'];

/**
 * Layers point one way: app → features → shared; features never import each other, but for
 * the entries of the shared features.
 */
const webZones = [
  { target: './apps/web/src/shared', from: './apps/web/src/features' },
  { target: './apps/web/src/shared', from: './apps/web/src/app' },
  { target: './apps/web/src/features', from: './apps/web/src/app' },
  ...features.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [
      `./${feature}`,
      ...sharedFeatures.filter((shared) => shared !== feature).map((shared) => `./${shared}/index`),
    ],
  })),
];

/**
 * The back office has the same layers as the player client, and its features share nothing:
 * each stands alone on `shared`.
 */
const adminZones = [
  { target: './apps/admin/src/shared', from: './apps/admin/src/features' },
  { target: './apps/admin/src/shared', from: './apps/admin/src/app' },
  { target: './apps/admin/src/features', from: './apps/admin/src/app' },
  ...featuresOf('admin').map((feature) => ({
    target: `./apps/admin/src/features/${feature}`,
    from: './apps/admin/src/features',
    except: [`./${feature}`],
  })),
];

/** Packages stay free of apps; clients and server never reach into each other. */
const packageZones = [
  { target: './packages', from: './apps' },
  { target: './apps/web', from: './apps/server' },
  { target: './apps/server', from: './apps/web' },
  { target: './apps/admin', from: './apps/server' },
  { target: './apps/server', from: './apps/admin' },
  { target: './apps/admin', from: './apps/web' },
  { target: './apps/web', from: './apps/admin' },
  { target: './packages/exchange', from: './packages/contract' },
  // The studio's games stand apart, as an outside provider's would: they share only the contract.
  { target: './apps/games', from: './apps/server' },
  { target: './apps/games', from: './apps/web' },
  { target: './apps/games', from: './apps/admin' },
  { target: './apps/server', from: './apps/games' },
  { target: './apps/web', from: './apps/games' },
];

/**
 * Where text is translated (apps/web/src/shared/i18n/README.md): the whole player client, so
 * text a player reads must come from an `i18n()` definition. The back office is in English.
 */
const translatedDirs = ['apps/web/src'];

/**
 * What is checked for untranslated text: JSX text and string literals in JSX, but not in
 * the attributes below, which no player reads (styling, routing, ids, names for forms and
 * tests, ARIA states and relations; event handlers' code). Names a player does read, like
 * `aria-label`, `title`, `alt`, `placeholder` and components' `label` or `lead`, are checked.
 */
const noLiteralString = {
  mode: 'jsx-only',
  'should-validate-template': true,
  'jsx-attributes': {
    exclude: [
      'className',
      'style',
      'key',
      'id',
      'type',
      'role',
      'variant',
      'size',
      'kind',
      'to',
      'href',
      'src',
      'target',
      'rel',
      'name',
      'htmlFor',
      'lang',
      'dir',
      'width',
      'height',
      'autoComplete',
      'autoCapitalize',
      'inputMode',
      'enterKeyHint',
      'pattern',
      'method',
      'dateTime',
      'data-.*',
      'on[A-Z]\\w*',
      'aria-(?!label$|description$|placeholder$|roledescription$|valuetext$).*',
    ],
  },
  // Numbers, punctuation and symbols (`403`, `·`, `—`) and all-capital codes (`UPI`) need no
  // translation.
  words: { exclude: ['[\\s\\d!-/:-@[-`{-~·–—…•₹]+', '[A-Z_-]+'] },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    plugins: { boundaries: { rules: { ...restrictedPaths.rules, ...moduleBoundaries.rules } } },
    rules: {
      'boundaries/restricted-paths': [
        'error',
        { zones: [...webZones, ...adminZones, ...packageZones] },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Production code meets other modules only through their entries, along declared arrows.
    // Tests and test kits may open a module's files to test them.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*-test-kit.ts',
      '**/*-test-helpers.ts',
      'apps/server/src/test-helper.ts',
      'apps/server/src/chaos/**',
      'apps/server/src/security/**',
      'apps/server/src/modules/wallet/ledger-race-worker.ts',
    ],
    rules: {
      'boundaries/module-boundaries': [
        'error',
        { modulesDir: './apps/server/src/modules', modules: SERVER_MODULES },
      ],
    },
  },
  {
    // Amounts read back from the database (bigint text) go through the wallet's checked
    // conversion, which refuses what a JavaScript number cannot hold exactly. The sandbox gateway
    // stands for an outside system and keeps its own rows.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      '**/*-test-kit.ts',
      'apps/server/src/modules/wallet/**',
      'apps/server/src/modules/sandbox-gateway/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name='Number'] MemberExpression[property.name=/_(minor|paise)$/]",
          message: "Read a database amount with the wallet's toMinor, not Number().",
        },
      ],
    },
  },
  {
    files: ['packages/exchange/src/**/*.ts'],
    rules: {
      // The exchange core is pure: no I/O of any kind.
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'net', 'http', 'https', 'child_process', 'worker_threads'] },
      ],
    },
  },
  {
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/admin/src/**/*.{ts,tsx}',
      'apps/games/src/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // A game's page stays within its budget: the contract's modules build zod schemas as they
    // load, so a game takes only types from them (and values from the zod-free fairness maths
    // of crash and of the card games).
    files: ['apps/games/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/games/src/**/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@backlay/contract/*',
                '!@backlay/contract/crash-fairness',
                '!@backlay/contract/card-fairness',
              ],
              allowTypeImports: true,
              message:
                'A game imports only types from the contract (its schemas would bring zod into the bundle); restate a constant typed by the contract instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // Untranslated player-facing text; tests and test kits may say what they like.
    files: translatedDirs.map((dir) => `${dir}/**/*.tsx`),
    ignores: ['**/*.test.tsx', 'apps/web/src/shared/test/**'],
    plugins: { i18next },
    // With types the rule passes a literal whose type is that very string (a prop's
    // `'sm' | 'lg'`, a message key), so only text is reported.
    languageOptions: { parserOptions: { projectService: true } },
    rules: { 'i18next/no-literal-string': ['error', noLiteralString] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
