import { afterAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database';
import { TEST_BACKENDS } from '../../test-helper';
import { onBalanceChange, type BalanceNotice } from './balance-notices';
import { ensurePlayerAccounts, getBalances, toMinor, type PlayerRef } from './ledger';
import {
  deposit,
  exposureMovesStatement,
  holdExposure,
  readExposureMoves,
  settleExposure,
  settleMarket,
  withdraw,
  EXPOSURE_MOVE_COLUMNS,
  type ExposureMoveRow,
} from './wallet-movements';
import { expectSoundLedger, fund, key, newPlayer, walletTestDatabase } from './wallet-test-helpers';

/** The player's version as the ledger holds it: the sum over their cash and exposure accounts. */
async function versionOf(db: Queryable, player: PlayerRef): Promise<number> {
  const [row] = await db.query<{ version: unknown }>(
    `SELECT coalesce(sum(version), 0) AS version FROM ledger_accounts
     WHERE domain = $1 AND owner_id = $2 AND book = $3
       AND kind IN ('player_cash', 'player_exposure')`,
    [player.domain, player.ownerId, player.book],
  );
  return toMinor(row?.version);
}

/** What the player's last notice must say: their figures and version as the ledger holds them. */
async function currentNotice(db: Queryable, player: PlayerRef): Promise<BalanceNotice> {
  const balances = await getBalances(db, player);
  return {
    ...player,
    balanceMinor: balances.balanceMinor,
    exposureMinor: balances.exposureMinor,
    version: await versionOf(db, player),
  };
}

describe.each(TEST_BACKENDS)('balance notices on %s', async (backend) => {
  const db = await walletTestDatabase(backend);
  const heard: BalanceNotice[] = [];
  const stop = onBalanceChange(db, (notice) => heard.push(notice));
  afterAll(stop);
  const of = (player: PlayerRef) => heard.filter((n) => n.ownerId === player.ownerId);

  it('announces the committed figures once the transaction commits, one per player', async () => {
    const player = newPlayer();
    await fund(db, player, 10_000);
    expect(of(player)).toEqual([await currentNotice(db, player)]);

    await db.transaction(async (tx) => {
      const held = await holdExposure(tx, {
        ...player,
        amountMinor: 2_500,
        reference: 'market-1',
        idempotencyKey: key(),
      });
      expect(held.status).toBe('ok');
      await withdraw(tx, { ...player, amountMinor: 500, idempotencyKey: key() });
      // Nothing is told before the commit.
      expect(of(player)).toHaveLength(1);
    });
    const notices = of(player);
    expect(notices).toHaveLength(2);
    expect(notices[1]).toEqual(await currentNotice(db, player));
    expect(notices[1]).toMatchObject({ balanceMinor: 9_500, exposureMinor: 2_500 });
    expect(notices[1]?.version).toBeGreaterThan(notices[0]?.version ?? Infinity);
  });

  it('announces nothing for a transaction that rolls back or a movement refused', async () => {
    const player = newPlayer();
    await fund(db, player, 1_000);
    const before = of(player).length;
    await expect(
      db.transaction(async (tx) => {
        await deposit(tx, { ...player, amountMinor: 700, idempotencyKey: key() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const refused = await db.transaction((tx) =>
      withdraw(tx, { ...player, amountMinor: 5_000, idempotencyKey: key() }),
    );
    expect(refused.status).toBe('insufficient_funds');
    expect(of(player)).toHaveLength(before);
  });

  it('drops the figures of a market settlement rolled back to its savepoint', async () => {
    const domain = newPlayer().domain;
    const winner = newPlayer('real', domain);
    const loser = newPlayer('real', domain);
    for (const p of [winner, loser]) {
      await fund(db, p, 1_000);
      await db.transaction((tx) =>
        holdExposure(tx, { ...p, amountMinor: 400, reference: 'mkt', idempotencyKey: key() }),
      );
    }
    const counted = heard.length;
    const result = await db.transaction((tx) =>
      settleMarket(tx, {
        domain,
        book: 'real',
        marketId: 'mkt',
        settlements: [
          { ownerId: winner.ownerId, releaseMinor: 400, profitMinor: 300, commissionMinor: 0 },
          // Wrong: more is released than is held, so the whole settlement rolls back.
          { ownerId: loser.ownerId, releaseMinor: 999, profitMinor: -400, commissionMinor: 0 },
        ],
      }),
    );
    expect(result.status).toBe('rejected');
    expect(heard).toHaveLength(counted);
    expect(await getBalances(db, winner)).toMatchObject({ exposureMinor: 400 });
  });

  it('announces the figures of a batch of exposure moves, each player once', async () => {
    const domain = newPlayer().domain;
    const players = [newPlayer('real', domain), newPlayer('real', domain)];
    for (const p of players) await fund(db, p, 5_000);
    await db.transaction(async (tx) => {
      const accounts = await Promise.all(players.map((p) => ensurePlayerAccounts(tx, p)));
      const statement = exposureMovesStatement(
        'market-b',
        accounts.map((a, i) => ({
          cashAccountId: a.cashId,
          exposureAccountId: a.exposureId,
          deltaMinor: (i + 1) * 1_000,
          idempotencyKey: key('batch'),
        })),
      );
      const rows = await tx.query<ExposureMoveRow>(
        `WITH ledger AS (${statement.sql}) SELECT ${EXPOSURE_MOVE_COLUMNS} FROM ledger`,
        statement.params,
      );
      readExposureMoves(tx, rows, 2);
    });
    for (const p of players) expect(of(p).at(-1)).toEqual(await currentNotice(db, p));
    expect(of(players[1] as PlayerRef).at(-1)).toMatchObject({ exposureMinor: 2_000 });
  });

  it('refuses a batch whose move failed, and its transaction announces nothing', async () => {
    const player = newPlayer();
    await fund(db, player, 100);
    const counted = heard.length;
    await expect(
      db.transaction(async (tx) => {
        const accounts = await ensurePlayerAccounts(tx, player);
        const statement = exposureMovesStatement('market-c', [
          {
            cashAccountId: accounts.cashId,
            exposureAccountId: accounts.exposureId,
            deltaMinor: 500,
            idempotencyKey: key('batch'),
          },
        ]);
        const rows = await tx.query<ExposureMoveRow>(statement.sql, statement.params);
        readExposureMoves(tx, rows, 1);
      }),
    ).rejects.toThrow('a batch hold failed: insufficient_funds');
    expect(heard).toHaveLength(counted);
  });

  // Only PostgreSQL runs transactions side by side.
  if (backend === 'postgres') {
    it('orders concurrent movements of one player by version, the last one current', async () => {
      const player = newPlayer();
      await fund(db, player, 50_000);
      const references = Array.from({ length: 10 }, (_, i) => `lost-${i}`);
      for (const reference of references) {
        await db.transaction((tx) =>
          holdExposure(tx, { ...player, amountMinor: 1_000, reference, idempotencyKey: key() }),
        );
      }
      const before = of(player).length;
      const base = await versionOf(db, player);
      // Cash-only movements (deposits) racing exposure-only ones (a lost bet's settlement moves
      // its hold to the house and leaves cash alone): each locks the pair, so no two commits
      // share a version and the greatest is the last.
      const moves = references.flatMap((reference) => [
        db.transaction((tx) => deposit(tx, { ...player, amountMinor: 100, idempotencyKey: key() })),
        db.transaction((tx) =>
          settleExposure(tx, {
            ...player,
            reference,
            releaseMinor: 1_000,
            profitMinor: -1_000,
            commissionMinor: 0,
            idempotencyKey: key(),
          }),
        ),
      ]);
      for (const result of await Promise.all(moves)) expect(result.status).toBe('ok');
      const notices = of(player).slice(before);
      expect(notices).toHaveLength(20);
      const versions = notices.map((n) => n.version);
      expect(new Set(versions).size).toBe(20);
      const newest = notices.reduce((a, b) => (b.version > a.version ? b : a));
      expect(newest).toEqual(await currentNotice(db, player));
      expect(newest).toMatchObject({ balanceMinor: 41_000, exposureMinor: 0 });
      // Every notice is a pair that was true together: its losses (from its exposure) and its
      // deposits (from its balance) are exactly the movements its version counts.
      for (const notice of notices) {
        const losses = (10_000 - notice.exposureMinor) / 1_000;
        const deposits = (notice.balanceMinor - 50_000 + losses * 1_000) / 100;
        expect(notice.version).toBe(base + losses + deposits);
      }
      await expectSoundLedger(db);
    });
  }
});
