import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database';
import { TEST_BACKENDS } from '../../test-helper';
import { getBalances, toMinor, type PlayerRef, type TransferResult } from './ledger';
import { holdExposure, settleMarket, withdraw } from './wallet-movements';
import {
  expectSoundLedger,
  fund,
  key,
  ledgerSize,
  newDomain,
  newPlayer,
  walletTestDatabase,
} from './wallet-test-helpers';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'ledger-race-worker.ts');

function countStatuses(results: readonly TransferResult[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) counts[result.status] = (counts[result.status] ?? 0) + 1;
  return counts;
}

/** How many holds the ledger posted for a player. */
async function holdsPosted(db: Database, player: PlayerRef): Promise<number> {
  const [row] = await db.query<{ n: unknown }>(
    `SELECT count(DISTINCT t.id) AS n
     FROM ledger_transfers t
     JOIN ledger_entries e ON e.transfer_id = t.id
     JOIN ledger_accounts a ON a.id = e.account_id
     WHERE t.code = 'bet_hold' AND a.owner_id = $1 AND a.book = $2`,
    [player.ownerId, player.book],
  );
  return toMinor(row?.n);
}

/** How many ledger transfers wait for a lock right now. */
async function lockWaiters(db: Database): Promise<number> {
  const rows = await db.query(
    `SELECT pid FROM pg_stat_activity
     WHERE wait_event_type = 'Lock' AND query LIKE '%ledger_post_transfer(%'`,
  );
  return rows.length;
}

/** Starts the worker process; resolves once it has its connections open. */
function startRacer(env: Record<string, string>): Promise<{
  go: () => void;
  done: Promise<Record<string, number>>;
}> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: path.dirname(WORKER),
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // A racer that hangs must not outlive the test run.
  setTimeout(() => child.kill(), 25_000).unref();
  const lines = readline.createInterface({ input: child.stdout });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return new Promise((resolve, reject) => {
    let ready = false;
    let result: Record<string, number> | null = null;
    lines.on('line', (line) => {
      if (!ready && line === 'ready') {
        ready = true;
        resolve({
          go: () => child.stdin.end('go\n'),
          done: exited.then((code) => {
            if (code !== 0 || !result) throw new Error(`racer exited with ${code}`);
            return result;
          }),
        });
      } else if (ready) {
        result = JSON.parse(line) as Record<string, number>;
      }
    });
    void exited.then((code) => {
      if (!ready) reject(new Error(`racer exited with ${code} before it was ready`));
    });
  });
}

describe.each(TEST_BACKENDS)('the ledger under concurrency on %s', async (backend) => {
  // One database per suite; the test helper drops its schema and closes it when the file ends.
  const db = await walletTestDatabase(backend);
  afterEach(async () => {
    await expectSoundLedger(db);
  });

  const holdFrom = (on: Database, player: PlayerRef, amountMinor: number, tag: string) =>
    on.transaction((tx) =>
      holdExposure(tx, {
        ...player,
        amountMinor,
        reference: `bet-${tag}`,
        idempotencyKey: key(`hold-${tag}`),
      }),
    );

  it('lets exactly the affordable number of 50 simultaneous holds through', async () => {
    const player = newPlayer();
    await fund(db, player, 10_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => holdFrom(db, player, 300, String(i))),
    );
    expect(countStatuses(results)).toEqual({ ok: 33, insufficient_funds: 17 });
    expect(await getBalances(db, player)).toEqual({
      balanceMinor: 10_000,
      exposureMinor: 9_900,
      availableMinor: 100,
      bonusMinor: 0,
    });
    expect(await holdsPosted(db, player)).toBe(33);
  });

  it('never overspends when holds and withdrawals race on one player', async () => {
    const player = newPlayer();
    await fund(db, player, 10_000);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? holdFrom(db, player, 500, String(i))
          : db.transaction((tx) =>
              withdraw(tx, { ...player, amountMinor: 500, idempotencyKey: key('withdraw') }),
            ),
      ),
    );
    expect(countStatuses(results)).toEqual({ ok: 20, insufficient_funds: 20 });
    expect(await getBalances(db, player)).toMatchObject({ availableMinor: 0 });
  });

  it('posts a key raced by twenty identical requests exactly once', async () => {
    const player = newPlayer();
    await fund(db, player, 10_000);
    const idempotencyKey = key('same');
    const size = await ledgerSize(db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) =>
          holdExposure(tx, { ...player, amountMinor: 700, reference: 'bet-1', idempotencyKey }),
        ),
      ),
    );
    expect(countStatuses(results)).toEqual({ ok: 1, duplicate: 19 });
    expect(await ledgerSize(db)).toEqual({
      transfers: size.transfers + 1,
      entries: size.entries + 2,
    });
    expect(await getBalances(db, player)).toMatchObject({ exposureMinor: 700 });
  });

  it('settles a market raced by two settlements once', async () => {
    const domain = newDomain();
    const [winner, loser] = [newPlayer('real', domain), newPlayer('real', domain)];
    const players = [winner, loser];
    for (const p of players) {
      await fund(db, p, 5_000);
      await db.transaction((tx) =>
        holdExposure(tx, { ...p, amountMinor: 2_000, reference: 'mkt', idempotencyKey: key() }),
      );
    }
    const settlements = players.map((p, i) => ({
      ownerId: p.ownerId,
      releaseMinor: 2_000,
      profitMinor: i === 0 ? 2_000 : -2_000,
      commissionMinor: 0,
    }));
    const runs = await Promise.all(
      [1, 2].map(() =>
        db.transaction((tx) =>
          settleMarket(tx, { domain, book: 'real', marketId: 'mkt', settlements }),
        ),
      ),
    );
    const statuses = runs.map((run) => run.results.map((r) => r.result.status).join(',')).sort();
    expect(statuses).toEqual(['duplicate,duplicate', 'ok,ok']);
    expect(await getBalances(db, winner)).toMatchObject({ balanceMinor: 7_000 });
    expect(await getBalances(db, loser)).toMatchObject({ balanceMinor: 3_000 });
  });

  if (backend === 'postgres') {
    describe('with separate instances on one PostgreSQL', () => {
      const databaseUrl = process.env.DATABASE_URL ?? '';
      let schema: string;
      let second: Database;
      beforeAll(async () => {
        const [row] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
        if (!row || !databaseUrl) throw new Error('no PostgreSQL schema to share');
        schema = row.schema;
        second = await openDatabase({
          databaseUrl,
          pgliteDir: null,
          schema,
        });
      });
      afterAll(async () => {
        await second?.close();
      });

      it('two pools racing 50 holds on one player never overspend', async () => {
        const player = newPlayer();
        await fund(db, player, 10_000);
        const results = await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            holdFrom(i % 2 ? db : second, player, 300, String(i)),
          ),
        );
        expect(countStatuses(results)).toEqual({ ok: 33, insufficient_funds: 17 });
        expect(await getBalances(second, player)).toMatchObject({
          exposureMinor: 9_900,
          availableMinor: 100,
        });
        expect(await holdsPosted(db, player)).toBe(33);
      });

      it('answers a replay that waited for the original as a replay, though funds ran out', async () => {
        const player = newPlayer();
        await fund(db, player, 1_000);
        const request = {
          ...player,
          amountMinor: 600,
          reference: 'bet-1',
          idempotencyKey: key('waited'),
        };
        let commitFirst = () => {};
        let firstPosted = () => {};
        const gate = new Promise<void>((resolve) => (commitFirst = resolve));
        const posted = new Promise<void>((resolve) => (firstPosted = resolve));
        const first = db.transaction(async (tx) => {
          const result = await holdExposure(tx, request);
          firstPosted();
          await gate;
          return result;
        });
        // Once the first has posted (and holds the player's lock) without committing, the
        // replay goes through the other instance: it queues behind the lock with a snapshot
        // that cannot see the first.
        await posted;
        const replay = second.transaction((tx) => holdExposure(tx, request));
        try {
          await expect.poll(() => lockWaiters(db), { timeout: 5_000 }).toBeGreaterThan(0);
        } finally {
          commitFirst();
        }
        expect((await first).status).toBe('ok');
        expect((await replay).status).toBe('duplicate');
        expect(await getBalances(db, player)).toMatchObject({
          exposureMinor: 600,
          availableMinor: 400,
        });
      });

      it('two OS processes racing 25 holds each on one player never overspend', async () => {
        const player = newPlayer();
        await fund(db, player, 10_000);
        const env = (tag: string) => ({
          DATABASE_URL: databaseUrl,
          LEDGER_RACE_SCHEMA: schema,
          LEDGER_RACE_DOMAIN: player.domain,
          LEDGER_RACE_OWNER: player.ownerId,
          LEDGER_RACE_HOLDS: '25',
          LEDGER_RACE_HOLD_MINOR: '300',
          LEDGER_RACE_TAG: `${tag}-${randomUUID()}`,
        });
        const racers = await Promise.all([startRacer(env('a')), startRacer(env('b'))]);
        for (const racer of racers) racer.go();
        const outcomes = await Promise.all(racers.map((racer) => racer.done));
        const total = (status: string) => outcomes.reduce((n, o) => n + (o[status] ?? 0), 0);
        expect(total('ok')).toBe(33);
        expect(total('insufficient_funds')).toBe(17);
        expect(await getBalances(db, player)).toEqual({
          balanceMinor: 10_000,
          exposureMinor: 9_900,
          availableMinor: 100,
          bonusMinor: 0,
        });
        expect(await holdsPosted(db, player)).toBe(33);
      });
    });
  }
});
