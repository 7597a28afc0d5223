import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database';
import { TEST_BACKENDS } from '../../test-helper';
import {
  ensurePlayerAccounts,
  ensureSystemAccount,
  findTransferByKey,
  getBalances,
  MAX_AMOUNT_MINOR,
  toMinor,
  transfer,
  type InvalidReason,
  type PlayerAccounts,
  type PlayerRef,
  type TransferCode,
  type TransferRequest,
} from './ledger';
import { holdExposure, withdraw } from './wallet-movements';
import {
  expectSoundLedger,
  fund,
  key,
  ledgerSize,
  newDomain,
  newPlayer,
  walletTestDatabase,
} from './wallet-test-helpers';

/** Writes a transfer by hand, bypassing every check the service makes. */
async function rawTransfer(
  q: Queryable,
  scope: { domain: string; book: string },
  legs: [accountId: string, amountMinor: number][],
): Promise<string> {
  const [row] = await q.query<{ id: string }>(
    `WITH t AS (
       INSERT INTO ledger_transfers (idempotency_key, domain, book, code)
       VALUES ($1, $2, $3, 'adjustment') RETURNING id
     ), e AS (
       INSERT INTO ledger_entries (transfer_id, account_id, amount_minor)
       SELECT t.id, l.a, l.m FROM t, unnest($4::uuid[], $5::bigint[]) AS l (a, m)
     )
     SELECT id FROM t`,
    [key('raw'), scope.domain, scope.book, legs.map((l) => l[0]), legs.map((l) => l[1])],
  );
  if (!row) throw new Error('no transfer written');
  return row.id;
}

describe.each(TEST_BACKENDS)('the ledger on %s', async (backend) => {
  // One database per suite; the test helper drops its schema and closes it when the file ends.
  const db = await walletTestDatabase(backend);
  afterEach(async () => {
    await expectSoundLedger(db);
  });

  async function playerWith(
    amountMinor: number,
    book: 'real' | 'play' = 'real',
  ): Promise<{ player: PlayerRef; ids: PlayerAccounts }> {
    const player = newPlayer(book);
    if (amountMinor > 0) await fund(db, player, amountMinor);
    const ids = await db.transaction((tx) => ensurePlayerAccounts(tx, player));
    return { player, ids };
  }

  function moveToExposure(ids: PlayerAccounts, amountMinor: number, k = key()): TransferRequest {
    return {
      idempotencyKey: k,
      code: 'bet_hold',
      reference: 'bet-1',
      legs: [
        { accountId: ids.cashId, amountMinor: -amountMinor },
        { accountId: ids.exposureId, amountMinor },
      ],
    };
  }

  it('keeps one set of accounts per player and book, however often and concurrently asked', async () => {
    const player = newPlayer();
    const first = await db.transaction((tx) => ensurePlayerAccounts(tx, player));
    const again = await Promise.all(
      Array.from({ length: 10 }, () => db.transaction((tx) => ensurePlayerAccounts(tx, player))),
    );
    expect(new Set(Object.values(first)).size).toBe(3);
    for (const ids of again) expect(ids).toEqual(first);

    const play = await db.transaction((tx) =>
      ensurePlayerAccounts(tx, { ...player, book: 'play' }),
    );
    expect(Object.values(play).some((id) => Object.values(first).includes(id))).toBe(false);

    const domain = newDomain();
    const houses = await Promise.all(
      Array.from({ length: 5 }, () =>
        db.transaction((tx) => ensureSystemAccount(tx, { domain, book: 'real', kind: 'house' })),
      ),
    );
    expect(new Set(houses).size).toBe(1);
    const rows = await db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM ledger_accounts WHERE domain = $1 OR owner_id = $2`,
      [domain, player.ownerId],
    );
    expect(toMinor(rows[0]?.n)).toBe(7);
  });

  it('posts a transfer whose entries sum to zero and moves the cached balances', async () => {
    const { player, ids } = await playerWith(10_000);
    const before = await ledgerSize(db);
    const result = await db.transaction((tx) => transfer(tx, moveToExposure(ids, 2_500)));

    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.transfer).toMatchObject({ code: 'bet_hold', book: 'real', reference: 'bet-1' });
    const entries = await db.query<{ account_id: string; amount_minor: unknown }>(
      'SELECT account_id, amount_minor FROM ledger_entries WHERE transfer_id = $1',
      [result.transfer.id],
    );
    expect(entries).toHaveLength(2);
    expect(entries.reduce((sum, e) => sum + toMinor(e.amount_minor), 0)).toBe(0);
    expect(await ledgerSize(db)).toEqual({
      transfers: before.transfers + 1,
      entries: before.entries + 2,
    });
    expect(await getBalances(db, player)).toEqual({
      balanceMinor: 10_000,
      exposureMinor: 2_500,
      availableMinor: 7_500,
      bonusMinor: 0,
    });
  });

  it('refuses invalid transfers with a reason and writes nothing', async () => {
    const { ids } = await playerWith(10_000);
    const other = await playerWith(10_000, 'play');
    const foreign = await playerWith(10_000);
    const foreignDomainHouse = await db.transaction((tx) =>
      ensureSystemAccount(tx, { domain: newDomain(), book: 'real', kind: 'house' }),
    );
    const legs = (a: number, b: number) => [
      { accountId: ids.cashId, amountMinor: a },
      { accountId: ids.exposureId, amountMinor: b },
    ];
    const base = moveToExposure(ids, 100);
    const cases: [TransferRequest, InvalidReason][] = [
      [{ ...base, legs: legs(-100, 99) }, 'not_balanced'],
      [{ ...base, legs: legs(-100, 100).slice(0, 1) }, 'bad_leg_count'],
      [{ ...base, legs: [] }, 'bad_leg_count'],
      [{ ...base, legs: legs(0, 0) }, 'bad_amount'],
      [{ ...base, legs: legs(-1.5, 1.5) }, 'bad_amount'],
      [{ ...base, legs: legs(-MAX_AMOUNT_MINOR - 1, MAX_AMOUNT_MINOR + 1) }, 'bad_amount'],
      [
        {
          ...base,
          legs: [
            { accountId: ids.cashId, amountMinor: -100 },
            { accountId: ids.cashId, amountMinor: 100 },
          ],
        },
        'duplicate_account',
      ],
      [
        {
          ...base,
          legs: [
            { accountId: ids.cashId, amountMinor: -100 },
            { accountId: randomUUID(), amountMinor: 100 },
          ],
        },
        'unknown_account',
      ],
      [
        {
          ...base,
          legs: [
            { accountId: ids.cashId, amountMinor: -100 },
            { accountId: 'not-a-uuid', amountMinor: 100 },
          ],
        },
        'unknown_account',
      ],
      [
        {
          ...base,
          legs: [
            { accountId: ids.cashId, amountMinor: -100 },
            { accountId: other.ids.cashId, amountMinor: 100 },
          ],
        },
        'mixed_domains',
      ],
      [
        {
          ...base,
          legs: [
            { accountId: ids.cashId, amountMinor: -100 },
            { accountId: foreignDomainHouse, amountMinor: 100 },
          ],
        },
        'mixed_domains',
      ],
      [{ ...base, idempotencyKey: '' }, 'bad_idempotency_key'],
      [{ ...base, idempotencyKey: 'k'.repeat(201) }, 'bad_idempotency_key'],
      [{ ...base, code: 'gift' as TransferCode }, 'bad_code'],
      [{ ...base, reference: '' }, 'bad_reference'],
    ];
    const before = await ledgerSize(db);
    for (const [request, reason] of cases) {
      const result = await db.transaction((tx) => transfer(tx, request));
      expect({ reason, result }).toEqual({ reason, result: { status: 'invalid', reason } });
    }
    expect(await ledgerSize(db)).toEqual(before);

    // The same domain, but one leg in each book.
    const sameDomainPlay = await db.transaction((tx) =>
      ensurePlayerAccounts(tx, { ...foreign.player, book: 'play' }),
    );
    const mixed = await db.transaction((tx) =>
      transfer(tx, {
        ...base,
        legs: [
          { accountId: foreign.ids.cashId, amountMinor: -100 },
          { accountId: sameDomainPlay.cashId, amountMinor: 100 },
        ],
      }),
    );
    expect(mixed).toEqual({ status: 'invalid', reason: 'mixed_books' });
    expect(await ledgerSize(db)).toEqual(before);
  });

  it('answers a replayed key with the original transfer and moves nothing', async () => {
    const { player, ids } = await playerWith(10_000);
    const request = moveToExposure(ids, 4_000);
    const first = await db.transaction((tx) => transfer(tx, request));
    expect(first.status).toBe('ok');
    const balances = await getBalances(db, player);
    const size = await ledgerSize(db);

    const replay = await db.transaction((tx) => transfer(tx, request));
    expect(replay.status).toBe('duplicate');
    if (first.status !== 'ok' || replay.status !== 'duplicate') return;
    expect(replay.transfer).toEqual(first.transfer);
    expect(await getBalances(db, player)).toEqual(balances);
    expect(await ledgerSize(db)).toEqual(size);

    // Still a replay when the money to repeat it is gone: the key decides, not the funds.
    const drained = await db.transaction((tx) =>
      withdraw(tx, { ...player, amountMinor: 6_000, idempotencyKey: key() }),
    );
    expect(drained.status).toBe('ok');
    const late = await db.transaction((tx) => transfer(tx, request));
    expect(late.status).toBe('duplicate');
    const rows = await db.query('SELECT id FROM ledger_transfers WHERE idempotency_key = $1', [
      request.idempotencyKey,
    ]);
    expect(rows).toHaveLength(1);
    expect(await findTransferByKey(db, request.idempotencyKey)).toEqual(first.transfer);
  });

  it('rejects a key replayed with other content as an idempotency conflict', async () => {
    const { player, ids } = await playerWith(10_000);
    const other = await playerWith(10_000);
    const request = moveToExposure(ids, 1_000);
    const first = await db.transaction((tx) => transfer(tx, request));
    expect(first.status).toBe('ok');
    const balances = await getBalances(db, player);
    const size = await ledgerSize(db);

    const variants: TransferRequest[] = [
      moveToExposure(ids, 1_001, request.idempotencyKey),
      { ...request, code: 'adjustment' },
      { ...request, reference: 'bet-2' },
      { ...request, reference: null },
      moveToExposure(other.ids, 1_000, request.idempotencyKey),
    ];
    for (const variant of variants) {
      const result = await db.transaction((tx) => transfer(tx, variant));
      expect(result.status).toBe('idempotency_conflict');
      if (result.status === 'idempotency_conflict' && first.status === 'ok') {
        expect(result.transfer).toEqual(first.transfer);
      }
    }
    expect(await getBalances(db, player)).toEqual(balances);
    expect(await getBalances(db, other.player)).toMatchObject({ availableMinor: 10_000 });
    expect(await ledgerSize(db)).toEqual(size);
  });

  it('never takes available below zero, and a refused movement changes nothing', async () => {
    const { player, ids } = await playerWith(5_000);
    const size = await ledgerSize(db);

    const tooMuch = await db.transaction((tx) => transfer(tx, moveToExposure(ids, 5_001)));
    expect(tooMuch).toEqual({
      status: 'insufficient_funds',
      accountId: ids.cashId,
      balanceMinor: 5_000,
      requiredMinor: 5_001,
    });
    const overWithdraw = await db.transaction((tx) =>
      withdraw(tx, { ...player, amountMinor: 5_001, idempotencyKey: key() }),
    );
    expect(overWithdraw.status).toBe('insufficient_funds');
    // Exposure cannot go negative either: nothing is held yet.
    const backwards = await db.transaction((tx) => transfer(tx, moveToExposure(ids, -1)));
    expect(backwards).toMatchObject({ status: 'insufficient_funds', accountId: ids.exposureId });
    expect(await ledgerSize(db)).toEqual(size);
    expect(await getBalances(db, player)).toMatchObject({ availableMinor: 5_000 });

    const all = await db.transaction((tx) => transfer(tx, moveToExposure(ids, 5_000)));
    expect(all.status).toBe('ok');
    const one = await db.transaction((tx) =>
      holdExposure(tx, { ...player, amountMinor: 1, reference: 'bet-2', idempotencyKey: key() }),
    );
    expect(one.status).toBe('insufficient_funds');
    expect(await getBalances(db, player)).toEqual({
      balanceMinor: 5_000,
      exposureMinor: 5_000,
      availableMinor: 0,
      bonusMinor: 0,
    });
  });

  it('keeps real and play money apart, down to the database', async () => {
    const domain = newDomain();
    const ownerId = randomUUID();
    const real: PlayerRef = { domain, ownerId, book: 'real' };
    const play: PlayerRef = { domain, ownerId, book: 'play' };
    await fund(db, real, 1_000);
    await fund(db, play, 50_000);
    expect(await getBalances(db, real)).toMatchObject({ balanceMinor: 1_000 });
    expect(await getBalances(db, play)).toMatchObject({ balanceMinor: 50_000 });

    const held = await db.transaction((tx) =>
      holdExposure(tx, { ...play, amountMinor: 20_000, reference: 'bet-1', idempotencyKey: key() }),
    );
    expect(held.status).toBe('ok');
    expect(await getBalances(db, real)).toEqual({
      balanceMinor: 1_000,
      exposureMinor: 0,
      availableMinor: 1_000,
      bonusMinor: 0,
    });
    const realTooMuch = await db.transaction((tx) =>
      holdExposure(tx, { ...real, amountMinor: 1_001, reference: 'bet-2', idempotencyKey: key() }),
    );
    expect(realTooMuch.status).toBe('insufficient_funds');

    const realIds = await db.transaction((tx) => ensurePlayerAccounts(tx, real));
    const playIds = await db.transaction((tx) => ensurePlayerAccounts(tx, play));
    await expect(
      db.transaction((tx) =>
        rawTransfer(tx, { domain, book: 'real' }, [
          [realIds.cashId, 500],
          [playIds.cashId, -500],
        ]),
      ),
    ).rejects.toThrow(/mixes books/);
    expect(await getBalances(db, real)).toMatchObject({ balanceMinor: 1_000 });
    expect(await getBalances(db, play)).toMatchObject({ balanceMinor: 50_000 });
  });

  it('refuses, in the database, to change or remove anything posted', async () => {
    const { ids } = await playerWith(3_000);
    await db.transaction((tx) => transfer(tx, moveToExposure(ids, 1_000)));
    const size = await ledgerSize(db);
    const refused: string[] = [
      'UPDATE ledger_entries SET amount_minor = amount_minor * 2',
      'DELETE FROM ledger_entries',
      'TRUNCATE ledger_entries CASCADE',
      "UPDATE ledger_transfers SET code = 'adjustment'",
      'DELETE FROM ledger_transfers',
      'TRUNCATE ledger_transfers CASCADE',
      'UPDATE ledger_accounts SET balance_minor = balance_minor + 1 WHERE balance_minor IS NOT NULL',
      "UPDATE ledger_accounts SET book = 'play'",
      'DELETE FROM ledger_accounts',
    ];
    for (const sql of refused) {
      await expect(db.query(sql), sql).rejects.toThrow(/append-only|only through entries/);
    }
    expect(await ledgerSize(db)).toEqual(size);
  });

  it('refuses, in the database, entries that do not balance, stand alone or overdraw', async () => {
    const { player, ids } = await playerWith(3_000);
    const scope = { domain: player.domain, book: 'real' };
    const size = await ledgerSize(db);

    await expect(
      db.transaction((tx) =>
        rawTransfer(tx, scope, [
          [ids.cashId, -100],
          [ids.exposureId, 101],
        ]),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      db.transaction((tx) => rawTransfer(tx, scope, [[ids.exposureId, 100]])),
    ).rejects.toThrow(/does not balance/);
    await expect(db.transaction((tx) => rawTransfer(tx, scope, []))).rejects.toThrow(
      /has no entries/,
    );
    await expect(
      db.transaction((tx) =>
        rawTransfer(tx, scope, [
          [ids.cashId, -3_001],
          [ids.exposureId, 3_001],
        ]),
      ),
    ).rejects.toThrow(/balance_minor_check|check constraint/);

    // Entries on an account or a transfer that does not exist.
    await expect(
      db.transaction((tx) =>
        rawTransfer(tx, scope, [
          [ids.cashId, -100],
          [randomUUID(), 100],
        ]),
      ),
    ).rejects.toThrow(/unknown account/);
    await expect(
      db.query(
        `INSERT INTO ledger_entries (transfer_id, account_id, amount_minor)
         VALUES ($1, $2, -50), ($1, $3, 50)`,
        [randomUUID(), ids.cashId, ids.exposureId],
      ),
    ).rejects.toThrow(/unknown transfer/);

    // Entries repeat their transfer's reference (holds are found by it), never another one.
    await expect(
      db.query(
        `WITH t AS (
           INSERT INTO ledger_transfers (idempotency_key, domain, book, code, reference)
           VALUES ($1, $2, 'real', 'bet_hold', 'bet-1') RETURNING id
         )
         INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, reference)
         SELECT t.id, l.a, l.m, 'bet-2' FROM t, unnest($3::uuid[], $4::bigint[]) AS l (a, m)`,
        [key(), player.domain, [ids.cashId, ids.exposureId], [-10, 10]],
      ),
    ).rejects.toThrow(/another reference/);

    // One statement may write several transfers (a batch), but each must balance on its own:
    // here the second transfer's entries make up for the first's, and both are refused.
    await expect(
      db.query(
        `WITH t AS (
           INSERT INTO ledger_transfers (idempotency_key, domain, book, code)
           VALUES ($1, $3, 'real', 'adjustment'), ($2, $3, 'real', 'adjustment') RETURNING id
         ), n AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM t)
         INSERT INTO ledger_entries (transfer_id, account_id, amount_minor)
         SELECT n.id, l.a, CASE WHEN n.k = 1 THEN l.m ELSE -l.m END
         FROM n, unnest($4::uuid[], $5::bigint[]) AS l (a, m)`,
        [key(), key(), player.domain, [ids.cashId, ids.exposureId], [-10, 20]],
      ),
    ).rejects.toThrow(/does not balance/);
    // A transfer is written by the statement that writes its entries: alone, it is refused.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO ledger_transfers (idempotency_key, domain, book, code)
           VALUES ($1, $2, 'real', 'adjustment')`,
          [key(), player.domain],
        );
      }),
    ).rejects.toThrow(/has no entries/);

    // Balanced entries appended to a transfer already posted are refused too.
    const posted = await db.transaction((tx) =>
      rawTransfer(tx, scope, [
        [ids.cashId, -100],
        [ids.exposureId, 100],
      ]),
    );
    const house = await db.transaction((tx) =>
      ensureSystemAccount(tx, { domain: player.domain, book: 'real', kind: 'house' }),
    );
    await expect(
      db.query(
        `INSERT INTO ledger_entries (transfer_id, account_id, amount_minor)
         VALUES ($1, $2, -50), ($1, $3, 50)`,
        [posted, house, ids.bonusId],
      ),
    ).rejects.toThrow(/does not balance/);

    // A new account starts at zero whatever the insert says.
    const [created] = await db.query<{ balance_minor: unknown }>(
      `INSERT INTO ledger_accounts (domain, owner_id, kind, book, balance_minor)
       VALUES ($1, $2, 'player_cash', 'real', 1000000) RETURNING balance_minor`,
      [player.domain, randomUUID()],
    );
    expect(toMinor(created?.balance_minor)).toBe(0);

    expect(await ledgerSize(db)).toEqual({
      transfers: size.transfers + 1,
      entries: size.entries + 2,
    });
    expect(await getBalances(db, player)).toMatchObject({
      availableMinor: 2_900,
      exposureMinor: 100,
    });
  });
});
