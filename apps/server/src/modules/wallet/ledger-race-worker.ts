/**
 * One OS process standing in for one API instance in the two-process race of
 * `ledger-concurrency.test.ts`: it opens its own pool on the shared PostgreSQL schema, prints
 * "ready", waits for a line on stdin, fires all its holds on one player at once and prints how
 * they ended as one JSON line.
 */
import { once } from 'node:events';
import readline from 'node:readline';
import { openDatabase } from '../../db/database';
import type { TransferResult } from './ledger';
import { holdExposure } from './wallet-movements';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const db = await openDatabase({
  databaseUrl: env('DATABASE_URL'),
  pgliteDir: null,
  schema: env('LEDGER_RACE_SCHEMA'),
});
const player = {
  domain: env('LEDGER_RACE_DOMAIN'),
  ownerId: env('LEDGER_RACE_OWNER'),
  book: 'real' as const,
};
const holds = Number(env('LEDGER_RACE_HOLDS'));
const amountMinor = Number(env('LEDGER_RACE_HOLD_MINOR'));
const tag = env('LEDGER_RACE_TAG');

// Open the pool's connections before the start, so the holds really run side by side.
await Promise.all(Array.from({ length: 10 }, () => db.query('SELECT pg_sleep(0.01)')));
console.log('ready');
const stdin = readline.createInterface({ input: process.stdin });
await once(stdin, 'line');
stdin.close();

const results: TransferResult[] = await Promise.all(
  Array.from({ length: holds }, (_, i) =>
    db.transaction((tx) =>
      holdExposure(tx, {
        ...player,
        amountMinor,
        reference: `bet-${tag}-${i}`,
        idempotencyKey: `race:${tag}:${i}`,
      }),
    ),
  ),
);
const counts: Record<string, number> = {};
for (const result of results) counts[result.status] = (counts[result.status] ?? 0) + 1;
console.log(JSON.stringify(counts));
await db.close();
