import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Database, Queryable } from '../../db/database';
import { migratedTestDatabase, type Backend } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from './ledger-audit';
import { toMinor, type Book, type PlayerRef } from './ledger';
import { deposit, grantDemoFunds } from './wallet-movements';

/** A fresh, migrated database for one test file. */
export async function walletTestDatabase(backend: Backend): Promise<Database> {
  const db = await migratedTestDatabase(backend);
  return db;
}

/** A domain of its own, so a test's house and clearing accounts start at zero. */
export function newDomain(): string {
  return `d${randomUUID().slice(0, 8)}.test`;
}

/** A player nobody has used yet. */
export function newPlayer(book: Book = 'real', domain: string = newDomain()): PlayerRef {
  return { domain, ownerId: randomUUID(), book };
}

/** A fresh idempotency key. */
export function key(what = 'test'): string {
  return `${what}:${randomUUID()}`;
}

/** Gives a player money in their book (a deposit, or demo funds), asserting it was posted. */
export async function fund(db: Database, player: PlayerRef, amountMinor: number): Promise<void> {
  const result = await db.transaction((tx) =>
    player.book === 'real'
      ? deposit(tx, { ...player, amountMinor, idempotencyKey: key('fund') })
      : grantDemoFunds(tx, { ...player, amountMinor, idempotencyKey: key('fund') }),
  );
  expect(result.status).toBe('ok');
}

/** How many transfers and entries the ledger holds. */
export async function ledgerSize(db: Queryable): Promise<{ transfers: number; entries: number }> {
  const [row] = await db.query<{ transfers: unknown; entries: unknown }>(
    `SELECT (SELECT count(*) FROM ledger_transfers) AS transfers,
            (SELECT count(*) FROM ledger_entries) AS entries`,
  );
  return { transfers: toMinor(row?.transfers), entries: toMinor(row?.entries) };
}

/** Asserts the whole ledger is sound: sums to zero, balanced, unmixed, caches equal to sums. */
export async function expectSoundLedger(db: Queryable): Promise<void> {
  expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
}
