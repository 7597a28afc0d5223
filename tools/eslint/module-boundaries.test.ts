import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin, { findCycle } from './module-boundaries.js';
import { SERVER_MODULES } from './server-modules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// The modules folder resolves against the working directory, as in the real lint run.
const root = process.cwd();
const file = (relative: string) => path.join(root, relative);
const modules = { wallet: [], account: ['wallet'], exchange: ['wallet', 'account'] };
const options = [{ modulesDir: './server/modules', modules }];
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const rule = plugin.rules['module-boundaries'];

tester.run('module-boundaries', rule, {
  valid: [
    // A module's own files, however deep.
    {
      code: "import { post } from './ledger';",
      filename: file('server/modules/wallet/wallet-movements.ts'),
      options,
    },
    // Another module's entry, along a declared arrow, spelled either way.
    {
      code: "import { getBalances } from '../wallet';",
      filename: file('server/modules/exchange/placement.ts'),
      options,
    },
    {
      code: "import { bookOf } from '../wallet/index';",
      filename: file('server/modules/account/users.ts'),
      options,
    },
    // Code outside the modules (the app that assembles them) may use any entry.
    {
      code: "import { exchangeRoutes } from './modules/exchange';",
      filename: file('server/app.ts'),
      options,
    },
    // Packages and shared folders are not modules.
    {
      code: "import { ApiError } from '../../http/api-error'; import { z } from 'zod';",
      filename: file('server/modules/account/users.ts'),
      options,
    },
  ],
  invalid: [
    // A forbidden deep import, from another module and from outside the modules.
    {
      code: "import { postScopedTransfer } from '../wallet/ledger';",
      filename: file('server/modules/exchange/market-maker.ts'),
      options,
      errors: [{ messageId: 'deepImport' }],
    },
    {
      code: "import { createHub } from './modules/account/sessions';",
      filename: file('server/app.ts'),
      options,
      errors: [{ messageId: 'deepImport' }],
    },
    {
      code: "export * from '../wallet/wallet-movements';",
      filename: file('server/modules/account/index.ts'),
      options,
      errors: [{ messageId: 'deepImport' }],
    },
    {
      code: "const lazy = import('../account/users');",
      filename: file('server/modules/exchange/placement.ts'),
      options,
      errors: [{ messageId: 'deepImport' }],
    },
    // An arrow the map does not declare: the wallet may not use the exchange.
    {
      code: "import { placeOrders } from '../exchange';",
      filename: file('server/modules/wallet/ledger.ts'),
      options,
      errors: [{ messageId: 'undeclared' }],
    },
    // A module folder the map does not know.
    {
      code: "import { x } from '../casino';",
      filename: file('server/modules/exchange/placement.ts'),
      options,
      errors: [{ messageId: 'unknownModule' }],
    },
    // A map with a cycle is reported, whatever the file imports.
    {
      code: "import { getBalances } from '../wallet';",
      filename: file('server/modules/exchange/placement.ts'),
      options: [
        {
          modulesDir: './server/modules',
          modules: { wallet: ['account'], account: ['exchange'], exchange: ['wallet'] },
        },
      ],
      errors: [{ messageId: 'cycle' }],
    },
  ],
});

describe('findCycle', () => {
  it('names the modules of a cycle, in arrow order', () => {
    expect(findCycle({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle({ a: ['a'] })).toEqual(['a', 'a']);
  });

  it('finds none in a map whose arrows point one way', () => {
    expect(findCycle({ a: ['b', 'c'], b: ['c'], c: [] })).toBeNull();
  });
});

describe("the server's module map", () => {
  const modulesDir = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../apps/server/src/modules',
  );
  const folders = fs
    .readdirSync(modulesDir)
    .filter((name) => fs.statSync(path.join(modulesDir, name)).isDirectory());

  it('has no cycle', () => {
    expect(findCycle(SERVER_MODULES)).toBeNull();
  });

  it('declares every module folder, each with its entry, and only arrows to declared modules', () => {
    expect(Object.keys(SERVER_MODULES).sort()).toEqual([...folders].sort());
    for (const name of folders) {
      expect(fs.existsSync(path.join(modulesDir, name, 'index.ts')), name).toBe(true);
    }
    for (const [name, arrows] of Object.entries(SERVER_MODULES)) {
      for (const arrow of arrows)
        expect(SERVER_MODULES, `${name} → ${arrow}`).toHaveProperty(arrow);
    }
  });
});
