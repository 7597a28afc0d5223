import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../test-helper';
import {
  demoPlayer,
  exchangeApp,
  placeBody,
  seedEvent,
  TEST_HOST,
} from '../exchange/exchange-test-kit';
import { auditLedger, SOUND_LEDGER } from '../wallet/ledger-audit';
import { ensurePlayerAccounts } from '../wallet/ledger';
import { deposit } from '../wallet/wallet-movements';
import { retireEndedDemoPlayers } from './demo-retirement';

const DAY_AND_MORE_MS = 25 * 3_600_000;

describe.each(TEST_BACKENDS)('retiring ended demo players on %s', (backend) => {
  it('folds their play money into at most one transfer each; what they had goes back to the house', async () => {
    const x = await exchangeApp(backend);
    const { db } = x;
    const settledEvent = await seedEvent(db, x.feed);
    const openEvent = await seedEvent(db, x.feed);
    const [winner, loser, waiting, idle] = [
      await demoPlayer(x),
      await demoPlayer(x),
      await demoPlayer(x),
      await demoPlayer(x),
    ];
    const bet = async (token: string, marketId: string, side: 'BACK' | 'LAY', price: number) => {
      const res = await x.call('POST', 'Bet/PlaceBetV2', {
        host: TEST_HOST,
        token,
        body: placeBody(marketId, 1, side, price, 100),
      });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      expect(res.body.result.bet.matchedStake).toBeGreaterThan(0);
    };
    await bet(winner.token, settledEvent.markets.match_odds ?? '', 'BACK', 1.5);
    await bet(loser.token, settledEvent.markets.match_odds ?? '', 'LAY', 3);
    await bet(waiting.token, openEvent.markets.match_odds ?? '', 'BACK', 1.5);
    await x.feed.applyAll([
      { kind: 'result', externalId: settledEvent.externalId, marketKey: 'match_odds', winner: 0 },
    ]);
    // Real money beside it, which nothing here may touch.
    const realOwner = randomUUID();
    await db.transaction(async (tx) => {
      await ensurePlayerAccounts(tx, { domain: 'test', ownerId: realOwner, book: 'real' });
      const paid = await deposit(tx, {
        domain: 'test',
        ownerId: realOwner,
        amountMinor: 5_000_00,
        idempotencyKey: `dep-${realOwner}`,
      });
      expect(paid.status).toBe('ok');
    });

    const systemBalances = () =>
      db.query(
        `SELECT a.id, a.domain, a.book, a.kind, coalesce(sum(e.amount_minor), 0)::text AS balance
         FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
         WHERE a.owner_id IS NULL GROUP BY a.id ORDER BY a.id`,
      );
    const rowsOf = async (ownerId: string) => {
      const [row] = await db.query<{ accounts: number; bets: number; users: number }>(
        `SELECT (SELECT count(*) FROM ledger_accounts WHERE owner_id = $1)::int AS accounts,
                (SELECT count(*) FROM bets WHERE owner_id = $1)::int AS bets,
                (SELECT count(*) FROM users WHERE id = $1)::int AS users`,
        [ownerId],
      );
      return row;
    };
    const before = await systemBalances();
    // What the three about to retire still hold goes back to the play house, and nothing else.
    const [left] = await db.query<{ total: string }>(
      `SELECT coalesce(sum(balance_minor), 0)::text AS total FROM ledger_accounts
       WHERE owner_id = ANY ($1::uuid[])`,
      [[winner.id, loser.id, idle.id]],
    );
    const expected = before.map((row) =>
      row.domain === 'test' && row.book === 'play' && row.kind === 'house'
        ? { ...row, balance: String(Number(row.balance) + Number(left?.total)) }
        : row,
    );
    expect(Number(left?.total)).toBeGreaterThan(0);
    const transfersBefore = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_transfers',
    );

    // Not ended yet: nobody is retired.
    expect(await retireEndedDemoPlayers(db, new Date())).toEqual({
      retired: 0,
      waiting: 0,
      stuck: [],
    });
    const later = new Date(Date.now() + DAY_AND_MORE_MS);
    expect(await retireEndedDemoPlayers(db, later)).toEqual({ retired: 3, waiting: 1, stuck: [] });

    for (const gone of [winner, loser, idle]) {
      expect(await rowsOf(gone.id)).toEqual({ accounts: 0, bets: 0, users: 0 });
    }
    expect(await rowsOf(waiting.id)).toMatchObject({ bets: 1, users: 1 });
    expect(await systemBalances()).toEqual(expected);
    expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
    // Only the winner's folding moves anything: the commission they paid stays with the
    // commission account, the house gives it back. The others' movements cancel out exactly.
    const folded = await db.query<{ reference: string }>(
      `SELECT reference FROM ledger_transfers WHERE code = 'demo_compaction'`,
    );
    expect(folded.map((row) => row.reference)).toEqual([`demo:${winner.id}`]);
    const [transfersAfter] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_transfers',
    );
    expect(transfersAfter?.n).toBeLessThan(transfersBefore[0]?.n ?? 0);

    // Once its market settles, the last one goes too; a second run finds nothing.
    await x.feed.applyAll([
      { kind: 'result', externalId: openEvent.externalId, marketKey: 'match_odds', winner: 1 },
    ]);
    expect(await retireEndedDemoPlayers(db, later)).toEqual({ retired: 1, waiting: 0, stuck: [] });
    expect(await retireEndedDemoPlayers(db, later)).toEqual({ retired: 0, waiting: 0, stuck: [] });
    expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
    const [real] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ledger_accounts WHERE owner_id = $1',
      [realOwner],
    );
    expect(real?.n).toBeGreaterThan(0);
  }, 60_000);

  it('never lets the compaction switch delete real money', async () => {
    const x = await exchangeApp(backend);
    const owner = randomUUID();
    await x.db.transaction(async (tx) => {
      await ensurePlayerAccounts(tx, { domain: 'test', ownerId: owner, book: 'real' });
      await deposit(tx, {
        domain: 'test',
        ownerId: owner,
        amountMinor: 100_00,
        idempotencyKey: `dep-${owner}`,
      });
    });
    for (const statement of [
      'DELETE FROM ledger_entries WHERE account_id IN (SELECT id FROM ledger_accounts WHERE owner_id = $1)',
      `DELETE FROM ledger_transfers WHERE idempotency_key = 'dep-' || $1`,
      'DELETE FROM ledger_accounts WHERE owner_id = $1',
    ]) {
      await expect(
        x.db.transaction(async (tx) => {
          await tx.query(`SELECT set_config('backlay.compacting_play', 'on', true)`);
          await tx.query(statement, [owner]);
        }),
      ).rejects.toThrow(/append-only|change only through entries/);
    }
    expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
  });
});
