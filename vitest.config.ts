import { defineConfig } from 'vitest/config';

/** One Vitest run over every workspace; each project keeps its own environment. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      { test: { name: 'exchange', root: 'packages/exchange', environment: 'node' } },
      { test: { name: 'domains', root: 'config/domains', environment: 'node' } },
      { test: { name: 'tools', root: 'tools', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web',
      'apps/admin',
    ],
  },
});
