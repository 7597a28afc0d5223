import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import plugin from './restricted-paths.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// Zones resolve against the working directory, as they do in the real lint run.
const root = process.cwd();
const zones = [
  { target: './web/shared', from: './web/features' },
  { target: './web/features/auth', from: './web/features', except: ['./auth'] },
];
const file = (relative: string) => path.join(root, relative);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const rule = plugin.rules['restricted-paths'];

tester.run('restricted-paths', rule, {
  valid: [
    {
      code: "import x from '../../shared/y';",
      filename: file('web/features/auth/a.ts'),
      options: [{ zones }],
    },
    {
      code: "import x from './b';",
      filename: file('web/features/auth/a.ts'),
      options: [{ zones }],
    },
    { code: "import x from 'react';", filename: file('web/shared/a.ts'), options: [{ zones }] },
    {
      code: "import x from '../features/auth/a';",
      filename: file('web/app/a.ts'),
      options: [{ zones }],
    },
  ],
  invalid: [
    {
      code: "import { x } from '../features/auth/a';",
      filename: file('web/shared/a.ts'),
      options: [{ zones }],
      errors: [{ messageId: 'restricted' }],
    },
    {
      code: "export * from '../sports/odds';",
      filename: file('web/features/auth/a.ts'),
      options: [{ zones }],
      errors: [{ messageId: 'restricted' }],
    },
    {
      code: "const page = import('../../sports/pages/p');",
      filename: file('web/features/auth/pages/a.ts'),
      options: [{ zones }],
      errors: [{ messageId: 'restricted' }],
    },
  ],
});
