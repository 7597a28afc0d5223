// The whole server as benchmarks measure it: in-memory PGlite (or a PostgreSQL schema), migrated, production settings,
// listening on a free loopback port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type AppDependencies } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrate } from '../../apps/server/src/db/migrate';

/**
 * Starts the app; `hub` overrides the hub's options (e.g. a higher connection limit), and
 * `database` names a PostgreSQL server and schema to use instead of PGlite.
 */
export async function startEmbeddedApp(
  hub?: AppDependencies['hub'],
  database: { databaseUrl: string | null; schema?: string | undefined } = { databaseUrl: null },
) {
  const db = await openDatabase({
    databaseUrl: database.databaseUrl,
    pgliteDir: null,
    ...(database.schema ? { schema: database.schema } : {}),
  });
  await migrate(db);
  const app = await buildApp({
    config: {
      ...loadConfig({}),
      webDistDir: fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-bench-web-')),
      logLevel: 'silent',
      production: true,
      // The load comes from one address standing for thousands of players, each betting far
      // faster than a person: per-address limits are off, the per-player bet limit is raised
      // but still counted in both its windows, as in production, so its cost is in the figures.
      limits: {
        ...loadConfig({}).limits,
        demoAddress: [],
        hubNegotiateAddress: [],
        hubConnectAddress: [],
        loginAddress: [],
        betsPlayer: [
          { points: 1_000_000, durationSeconds: 2 },
          { points: 1_000_000, durationSeconds: 60 },
        ],
      },
    },
    db,
    logger: false,
    ...(hub ? { hub } : {}),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, db, address };
}
