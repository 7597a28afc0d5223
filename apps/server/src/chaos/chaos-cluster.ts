/**
 * What the chaos test runs against: real server processes (`main.ts`) on one PostgreSQL database
 * and one Redis, with the simulated feed on. Each instance can be killed dead and started again
 * with the same environment, on a new port, as a process manager would.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/database';
import { migrate } from '../db/migrate';
import { startServerProcess } from '../test-helper';

/** What a server logs when it starts running the simulated feed. */
const FEED_RUNNING = '"msg":"simulated sports feed running"';

export interface ChaosDatabase {
  url: string;
  db: Database;
  drop(): Promise<void>;
}

/**
 * A migrated database of its own on the server of `serverUrl`. Not a schema, as other tests
 * use: the feed role and migrations take advisory locks, which are per database, so servers in
 * a schema would contend with anything else running on that database.
 */
export async function chaosDatabase(serverUrl: string): Promise<ChaosDatabase> {
  const name = `chaos_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  url.searchParams.delete('options');
  const db = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
  await migrate(db);
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

type ServerProcess = ReturnType<typeof startServerProcess>;

/** One instance behind the load balancer: its current process, and every one it had. */
export class ServerSlot {
  private current: ServerProcess | null = null;
  private readonly earlier: string[] = [];
  /** Where players send requests; the last origin stays while the instance is down. */
  origin = '';
  starts = 0;

  constructor(
    readonly name: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts a process and resolves once it listens. */
  async start(): Promise<string> {
    if (this.current) this.earlier.push(this.current.output());
    this.current = startServerProcess(this.env);
    this.starts++;
    this.origin = await this.current.listening;
    return this.origin;
  }

  /** Whether the current process has said it runs the simulated feed. */
  runsFeed(): boolean {
    return this.current !== null && this.current.output().includes(FEED_RUNNING);
  }

  alive(): boolean {
    return this.current !== null && this.current.child.exitCode === null;
  }

  /** Kills the process dead (SIGKILL): no shutdown, open transactions cut off. */
  async kill(): Promise<void> {
    const server = this.current;
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
    server.child.kill('SIGKILL');
    await server.exited;
  }

  /** Asks the process to stop (SIGTERM) and resolves with its exit code. */
  async stop(): Promise<number | null> {
    const server = this.current;
    if (!server || server.child.exitCode !== null || server.child.signalCode !== null) {
      return server?.child.exitCode ?? null;
    }
    server.child.kill('SIGTERM');
    return server.exited;
  }

  /** Everything every process of the slot printed, oldest first. */
  output(): string {
    return [...this.earlier, this.current?.output() ?? ''].join('\n');
  }
}

/** Waits until `done` holds, checking every `everyMs`; throws after `timeoutMs`. */
export async function waitUntil(
  what: string,
  done: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
