import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { writeCommandKey } from './admin-command-key';
import { buildApp } from './app';
import { ConfigError, loadConfig, sandboxGatewayNotice } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { maintainEmbeddedDatabase } from './db/maintenance';
import { DEV_OUTBOX_PATH, purgeStaleAccountData, retireEndedDemoPlayers } from './modules/account';
import { deleteExpiredRateLimits } from './modules/limits';
import { startSimulatedFeed } from './modules/feed';

/** How long in-flight requests may take to finish once a stop is asked for. */
const SHUTDOWN_GRACE_MS = 10_000;
/** How often ended demo accounts and stale account data are removed. */
const DEMO_CLEANUP_INTERVAL_MS = 10 * 60_000;
/** How often the embedded database is vacuumed and analysed (PostgreSQL does its own). */
const MAINTENANCE_INTERVAL_MS = 15 * 60_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const applied = await migrate(db);
  // `npm run admin` proves it runs on this machine, with access to the data folder, by this key.
  const adminCommandKey = randomBytes(32).toString('base64url');
  const app = await buildApp({ config, db, adminCommandKey });
  app.log.info(
    {
      database: db.kind,
      migrationsApplied: applied,
      redis: config.redisUrl ? 'configured' : 'off',
    },
    'storage ready',
  );
  const sandbox = sandboxGatewayNotice(config.sandboxGateway);
  app.log[sandbox.level]({ sandboxGateway: config.sandboxGateway.reach }, sandbox.message);

  const cleanUpDemoAccounts = () =>
    retireEndedDemoPlayers(db, new Date())
      .then(async ({ retired, waiting, stuck }) => {
        if (retired > 0 || stuck.length > 0)
          app.log.info({ retired, waiting, stuck }, 'ended demo accounts retired');
        const purged = await purgeStaleAccountData(db, new Date());
        if (Object.values(purged).some((n) => n > 0))
          app.log.info(purged, 'stale account data deleted');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'account clean-up failed'));
  void cleanUpDemoAccounts();
  const demoCleanup = setInterval(() => void cleanUpDemoAccounts(), DEMO_CLEANUP_INTERVAL_MS);
  demoCleanup.unref();
  const maintenance = setInterval(() => {
    Promise.all([maintainEmbeddedDatabase(db), deleteExpiredRateLimits(db, new Date())]).catch(
      (error: unknown) => app.log.error({ err: error }, 'database housekeeping failed'),
    );
  }, MAINTENANCE_INTERVAL_MS);
  maintenance.unref();

  let stopFeed = async (): Promise<void> => undefined;

  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    clearInterval(demoCleanup);
    clearInterval(maintenance);
    await stopFeed();
    await app.close();
    await db.close();
    app.log.info('shutdown complete');
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  writeCommandKey(config.dataDir, adminCommandKey, port);
  if (app.hasRoute({ method: 'GET', url: DEV_OUTBOX_PATH })) {
    app.log.info(
      { outbox: `http://localhost:${port}${DEV_OUTBOX_PATH}` },
      'no SMS_PROVIDER_URL: one-time codes go to the log and the development outbox, which answers requests from this machine (loopback) only',
    );
  }
  if (config.feed === 'simulator') {
    stopFeed = await startSimulatedFeed({
      db,
      rules: app.rules,
      publisher: app.hub,
      log: app.log.child({ module: 'feed' }),
      // Unset: a stored run keeps its seed, and only a new run draws a random one.
      seed: config.feedSeed ?? undefined,
      pace: config.feedPace,
      timeScale: config.feedTimeScale,
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
