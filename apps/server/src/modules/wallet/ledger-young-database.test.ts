/**
 * The ledger on a young database (PostgreSQL): its tables analyzed while they held a handful of
 * rows, and not again while they grow (autovacuum would, some time later), as on a fresh install.
 * Plans made from those statistics believe the tables tiny, and a plan that scans a tiny table is
 * cheapest; the ledger's functions must still find each account by key. Each posting counts the
 * rows it reads of each of the ledger's tables, from PostgreSQL's per-transaction counters (by its
 * own scans and through its indexes), as plans cached per connection come and stay.
 */
import { describe, expect, it } from 'vitest';
import { rowsReadDuring } from '../../db/rows-read-test-kit';
import { deposit } from './wallet-movements';
import { expectSoundLedger, fund, key, newPlayer, walletTestDatabase } from './wallet-test-helpers';

const LEDGER_TABLES = ['ledger_accounts', 'ledger_transfers', 'ledger_entries'] as const;

describe.runIf(Boolean(process.env.DATABASE_URL))('the ledger on a young database', () => {
  it('finds its accounts by key while the statistics say the ledger is tiny', async () => {
    const db = await walletTestDatabase('postgres');
    const domain = `young${Date.now()}.test`;
    const first = newPlayer('real', domain);
    await fund(db, first, 1_000);
    for (const table of LEDGER_TABLES) {
      await db.exec(`ALTER TABLE ${table} SET (autovacuum_enabled = false); ANALYZE ${table}`);
    }
    // 300 players join: 900 accounts, and their deposits, that the statistics do not know of.
    const players = Array.from({ length: 300 }, () => newPlayer('real', domain));
    for (let at = 0; at < players.length; at += 20) {
      await Promise.all(players.slice(at, at + 20).map((player) => fund(db, player, 1_000)));
    }

    // Each player deposits again, 20 at a time so every connection of the pool takes part:
    // accounts named by kind, found (not created) by the ledger's functions. Every connection
    // has made (and kept) its plans by now.
    const read: number[][] = LEDGER_TABLES.map(() => []);
    for (let at = 0; at < players.length; at += 20) {
      const postings = players
        .slice(at, at + 20)
        .map((player) =>
          db.transaction((tx) =>
            rowsReadDuring(tx, LEDGER_TABLES, () =>
              deposit(tx, { ...player, amountMinor: 100, idempotencyKey: key('young') }),
            ),
          ),
        );
      for (const { result, read: counts } of await Promise.all(postings)) {
        LEDGER_TABLES.forEach((_, t) => read[t]?.push(counts[t] ?? 0));
        expect(result.status).toBe('ok');
      }
    }
    // A posting by key reads the player's few accounts, its transfer and its entries a few times
    // over (17, 1 and 4 rows); a scan read them all: 3,625, 302 and 606 rows per posting at
    // first, more as the ledger grew.
    const most = Object.fromEntries(
      LEDGER_TABLES.map((table, t) => [table, Math.max(...(read[t] ?? []))]),
    );
    expect(most).toEqual({
      ledger_accounts: expect.toSatisfy((n: number) => n <= 40),
      ledger_transfers: expect.toSatisfy((n: number) => n <= 8),
      ledger_entries: expect.toSatisfy((n: number) => n <= 16),
    });
    await expectSoundLedger(db);
  }, 120_000);
});
