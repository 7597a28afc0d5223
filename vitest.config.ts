import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** One Vitest run over every workspace; each project keeps its own environment. */
export default defineConfig({
  test: {
    // One test file per core. Vitest's default keeps a core free (one worker on a two-core
    // machine), but much of a file's time is spent waiting on PostgreSQL, Redis or a timer.
    maxWorkers: os.availableParallelism(),
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
          // A worker's files share its modules: the app, PGlite and their dependencies are
          // imported once per worker, not once per file. Each file still builds its own app on
          // its own database, and test-setup.ts closes them when the file ends.
          isolate: false,
          setupFiles: ['./src/test-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web',
      'apps/admin',
      'apps/games',
    ],
  },
});
