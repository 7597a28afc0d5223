import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../test-helper';
import {
  accountBalanceMinor,
  ensureSystemAccount,
  getBalances,
  heldForReference,
  type PlayerRef,
  type SystemAccountKind,
} from './ledger';
import {
  casinoBet,
  casinoRefund,
  casinoWin,
  deposit,
  grantBonus,
  grantDemoFunds,
  holdExposure,
  marketSettlementKey,
  releaseExposure,
  settleExposure,
  settleMarket,
  withdraw,
} from './wallet-movements';
import { casinoResultSince } from './statement';
import {
  expectSoundLedger,
  fund,
  key,
  ledgerSize,
  newDomain,
  newPlayer,
  walletTestDatabase,
} from './wallet-test-helpers';

describe.each(TEST_BACKENDS)('wallet movements on %s', async (backend) => {
  // One database per suite; the test helper drops its schema and closes it when the file ends.
  const db = await walletTestDatabase(backend);
  afterEach(async () => {
    await expectSoundLedger(db);
  });

  async function systemBalance(
    domain: string,
    kind: SystemAccountKind,
    book: 'real' | 'play' = 'real',
  ): Promise<number> {
    const id = await db.transaction((tx) => ensureSystemAccount(tx, { domain, book, kind }));
    return accountBalanceMinor(db, id);
  }

  const hold = (player: PlayerRef, amountMinor: number, reference = 'market-1') =>
    db.transaction((tx) =>
      holdExposure(tx, { ...player, amountMinor, reference, idempotencyKey: key('hold') }),
    );

  it('deposits and withdraws real money through payment clearing', async () => {
    const player = newPlayer();
    const first = await db.transaction((tx) =>
      deposit(tx, { ...player, amountMinor: 10_000, idempotencyKey: key(), reference: 'pay-1' }),
    );
    expect(first).toMatchObject({
      status: 'ok',
      transfer: { code: 'deposit', reference: 'pay-1' },
    });
    const out = await db.transaction((tx) =>
      withdraw(tx, { ...player, amountMinor: 4_000, idempotencyKey: key() }),
    );
    expect(out).toMatchObject({ status: 'ok', transfer: { code: 'withdrawal', reference: null } });
    expect(await getBalances(db, player)).toEqual({
      balanceMinor: 6_000,
      exposureMinor: 0,
      availableMinor: 6_000,
      bonusMinor: 0,
    });
    expect(await systemBalance(player.domain, 'payment_clearing')).toBe(-6_000);

    const size = await ledgerSize(db);
    const tooMuch = await db.transaction((tx) =>
      withdraw(tx, { ...player, amountMinor: 6_001, idempotencyKey: key() }),
    );
    expect(tooMuch).toMatchObject({ status: 'insufficient_funds', balanceMinor: 6_000 });
    for (const amountMinor of [0, -5, 2.5, Number.MAX_SAFE_INTEGER]) {
      for (const move of [deposit, withdraw]) {
        const result = await db.transaction((tx) =>
          move(tx, { ...player, amountMinor, idempotencyKey: key() }),
        );
        expect(result).toEqual({ status: 'invalid', reason: 'bad_amount' });
      }
    }
    expect(await ledgerSize(db)).toEqual(size);
  });

  it('holds liability out of available and releases it per reference', async () => {
    const player = newPlayer();
    await fund(db, player, 10_000);
    expect((await hold(player, 3_000, 'bet-a')).status).toBe('ok');
    expect((await hold(player, 1_500, 'bet-b')).status).toBe('ok');
    expect(await getBalances(db, player)).toEqual({
      balanceMinor: 10_000,
      exposureMinor: 4_500,
      availableMinor: 5_500,
      bonusMinor: 0,
    });
    expect(await heldForReference(db, player, 'bet-a')).toBe(3_000);

    const release = (amountMinor: number, reference: string) =>
      db.transaction((tx) =>
        releaseExposure(tx, { ...player, amountMinor, reference, idempotencyKey: key() }),
      );
    expect(await release(1_000, 'bet-a')).toMatchObject({
      status: 'ok',
      transfer: { code: 'bet_release' },
    });
    const size = await ledgerSize(db);
    // More than is held for the reference, though the exposure account holds enough overall.
    expect(await release(2_001, 'bet-a')).toEqual({ status: 'hold_mismatch', heldMinor: 2_000 });
    expect(await release(1, 'bet-unknown')).toEqual({ status: 'hold_mismatch', heldMinor: 0 });
    expect(await hold(player, 6_501)).toMatchObject({ status: 'insufficient_funds' });
    expect(await ledgerSize(db)).toEqual(size);

    expect((await release(2_000, 'bet-a')).status).toBe('ok');
    expect(await heldForReference(db, player, 'bet-a')).toBe(0);
    expect(await getBalances(db, player)).toMatchObject({
      exposureMinor: 1_500,
      availableMinor: 8_500,
    });
  });

  it('settles a win: releases the hold, pays the profit from the house, takes commission', async () => {
    const player = newPlayer();
    await fund(db, player, 10_000);
    await hold(player, 2_000);
    const settle = {
      ...player,
      reference: 'market-1',
      releaseMinor: 2_000,
      profitMinor: 5_000,
      commissionMinor: 250,
      idempotencyKey: key('settle'),
    };
    const result = await db.transaction((tx) => settleExposure(tx, settle));
    expect(result).toMatchObject({ status: 'ok', transfer: { code: 'bet_settle_win' } });
    if (result.status === 'ok') expect(result.transfer.legs).toHaveLength(4);
    const after = {
      balanceMinor: 14_750,
      exposureMinor: 0,
      availableMinor: 14_750,
      bonusMinor: 0,
    };
    expect(await getBalances(db, player)).toEqual(after);
    expect(await systemBalance(player.domain, 'house')).toBe(-5_000);
    expect(await systemBalance(player.domain, 'commission')).toBe(250);

    const size = await ledgerSize(db);
    const again = await db.transaction((tx) => settleExposure(tx, settle));
    expect(again.status).toBe('duplicate');
    expect(await getBalances(db, player)).toEqual(after);
    expect(await ledgerSize(db)).toEqual(size);
  });

  it('settles a loss to the house and a void back to the player', async () => {
    const player = newPlayer();
    await fund(db, player, 10_000);
    await hold(player, 2_000, 'market-1');
    await hold(player, 3_000, 'market-2');
    const settle = (reference: string, releaseMinor: number, profitMinor: number) =>
      db.transaction((tx) =>
        settleExposure(tx, {
          ...player,
          reference,
          releaseMinor,
          profitMinor,
          commissionMinor: 0,
          idempotencyKey: key('settle'),
        }),
      );

    expect(await settle('market-1', 2_000, -1_500)).toMatchObject({
      status: 'ok',
      transfer: { code: 'bet_settle_loss' },
    });
    expect(await getBalances(db, player)).toMatchObject({
      balanceMinor: 8_500,
      exposureMinor: 3_000,
      availableMinor: 5_500,
    });
    expect(await settle('market-2', 3_000, 0)).toMatchObject({
      status: 'ok',
      transfer: { code: 'bet_settle_void' },
    });
    expect(await getBalances(db, player)).toMatchObject({
      balanceMinor: 8_500,
      exposureMinor: 0,
      availableMinor: 8_500,
    });
    expect(await systemBalance(player.domain, 'house')).toBe(1_500);
  });

  it('refuses settlements that do not match the hold or cannot be paid', async () => {
    const player = newPlayer();
    await fund(db, player, 1_000);
    await hold(player, 600);
    const size = await ledgerSize(db);
    const settle = (releaseMinor: number, profitMinor: number, commissionMinor = 0) =>
      db.transaction((tx) =>
        settleExposure(tx, {
          ...player,
          reference: 'market-1',
          releaseMinor,
          profitMinor,
          commissionMinor,
          idempotencyKey: key('settle'),
        }),
      );

    expect(await settle(500, 100)).toEqual({ status: 'hold_mismatch', heldMinor: 600 });
    expect(await settle(700, 100)).toEqual({ status: 'hold_mismatch', heldMinor: 600 });
    expect(await settle(600, 100, 101)).toEqual({ status: 'invalid', reason: 'bad_amount' });
    expect(await settle(600, -100, 1)).toEqual({ status: 'invalid', reason: 'bad_amount' });
    expect(await settle(-600, 0)).toEqual({ status: 'invalid', reason: 'bad_amount' });
    expect(await settle(0, 0)).toEqual({ status: 'invalid', reason: 'nothing_to_move' });
    // A loss beyond the hold is paid from available, but only while there is enough of it.
    expect(await settle(600, -1_001)).toMatchObject({ status: 'insufficient_funds' });
    expect(await ledgerSize(db)).toEqual(size);
    expect(await settle(600, -1_000)).toMatchObject({ status: 'ok' });
    expect(await getBalances(db, player)).toMatchObject({ balanceMinor: 0, availableMinor: 0 });
  });

  it('grants demo funds in the play book only, and bonuses apart from cash', async () => {
    const domain = newDomain();
    const ownerId = randomUUID();
    const real: PlayerRef = { domain, ownerId, book: 'real' };
    const play: PlayerRef = { domain, ownerId, book: 'play' };
    const grant = await db.transaction((tx) =>
      grantDemoFunds(tx, { domain, ownerId, amountMinor: 100_000, idempotencyKey: key() }),
    );
    expect(grant).toMatchObject({ status: 'ok', transfer: { code: 'demo_grant', book: 'play' } });
    expect(await getBalances(db, play)).toMatchObject({ availableMinor: 100_000 });
    expect(await getBalances(db, real)).toMatchObject({ balanceMinor: 0 });
    expect(await systemBalance(domain, 'house', 'play')).toBe(-100_000);
    expect(await systemBalance(domain, 'house', 'real')).toBe(0);

    const bonus = await db.transaction((tx) =>
      grantBonus(tx, { ...real, amountMinor: 700, idempotencyKey: key(), reference: 'welcome' }),
    );
    expect(bonus).toMatchObject({ status: 'ok', transfer: { code: 'bonus_grant' } });
    expect(await getBalances(db, real)).toEqual({
      balanceMinor: 0,
      exposureMinor: 0,
      availableMinor: 0,
      bonusMinor: 700,
    });
    expect(await systemBalance(domain, 'house', 'real')).toBe(-700);
  });

  it('moves casino play between cash and the house, never overdrawn, once per key', async () => {
    const player = newPlayer();
    await fund(db, player, 5_000);
    const round = { ...player, reference: 'casino:mac:r1' };
    const move = (what: typeof casinoBet, amountMinor: number, idempotencyKey: string) =>
      db.transaction((tx) => what(tx, { ...round, amountMinor, idempotencyKey }));
    const betKey = key('casino_bet');
    const bet = await move(casinoBet, 3_000, betKey);
    expect(bet).toMatchObject({ status: 'ok', transfer: { code: 'casino_bet' } });
    // The ledger's figures for the player come back with the posting.
    expect(bet.status === 'ok' && bet.figures?.[0]).toMatchObject({
      ownerId: player.ownerId,
      balanceMinor: 2_000,
      exposureMinor: 0,
    });
    expect((await move(casinoBet, 3_000, betKey)).status).toBe('duplicate');
    expect(await move(casinoBet, 2_001, key('casino_bet'))).toMatchObject({
      status: 'insufficient_funds',
      balanceMinor: 2_000,
    });
    expect(await move(casinoWin, 4_500, key('casino_win'))).toMatchObject({
      status: 'ok',
      transfer: { code: 'casino_win', reference: 'casino:mac:r1' },
    });
    expect(await move(casinoRefund, 3_000, key('casino_refund'))).toMatchObject({
      status: 'ok',
      transfer: { code: 'casino_refund' },
    });
    expect(await getBalances(db, player)).toMatchObject({ availableMinor: 9_500 });
    expect(await systemBalance(player.domain, 'house')).toBe(-4_500);
    expect(await casinoResultSince(db, player, new Date(0))).toBe(4_500);
    expect(await casinoResultSince(db, player, new Date(Date.now() + 60_000))).toBe(0);
    expect((await move(casinoWin, 0, key('casino_win'))).status).toBe('invalid');
    const elsewhere = await db.transaction((tx) =>
      casinoWin(tx, { ...round, reference: 'market-1', amountMinor: 100, idempotencyKey: key() }),
    );
    expect(elsewhere).toEqual({ status: 'invalid', reason: 'bad_reference' });
  });

  it('reports zeros for a player with no movements', async () => {
    expect(await getBalances(db, newPlayer())).toEqual({
      balanceMinor: 0,
      exposureMinor: 0,
      availableMinor: 0,
      bonusMinor: 0,
    });
  });

  it('settles a market for every player at once, once, and all or nothing', async () => {
    const domain = newDomain();
    const [a, b, c] = [
      newPlayer('real', domain),
      newPlayer('real', domain),
      newPlayer('real', domain),
    ];
    for (const p of [a, b, c]) {
      await fund(db, p, 10_000);
      expect((await hold(p, 1_000, 'market-9')).status).toBe('ok');
    }
    const market = { domain, book: 'real' as const, marketId: 'market-9' };
    const settlements = [
      { ownerId: a.ownerId, releaseMinor: 1_000, profitMinor: 2_000, commissionMinor: 100 },
      { ownerId: b.ownerId, releaseMinor: 1_000, profitMinor: -1_000, commissionMinor: 0 },
      { ownerId: c.ownerId, releaseMinor: 1_000, profitMinor: -1_000, commissionMinor: 0 },
    ];

    // One wrong figure (c holds 1,000) and nobody is settled.
    const size = await ledgerSize(db);
    const wrong = await db.transaction((tx) =>
      settleMarket(tx, {
        ...market,
        settlements: settlements.map((s) =>
          s.ownerId === c.ownerId ? { ...s, releaseMinor: 999 } : s,
        ),
      }),
    );
    expect(wrong.status).toBe('rejected');
    expect(wrong.results.map((r) => r.result.status)).toEqual(['ok', 'ok', 'hold_mismatch']);
    expect(await ledgerSize(db)).toEqual(size);
    expect(await heldForReference(db, a, 'market-9')).toBe(1_000);

    const settled = await db.transaction((tx) => settleMarket(tx, { ...market, settlements }));
    expect(settled.status).toBe('ok');
    expect(settled.results.map((r) => r.result.status)).toEqual(['ok', 'ok', 'ok']);
    expect(await getBalances(db, a)).toMatchObject({ balanceMinor: 11_900, exposureMinor: 0 });
    expect(await getBalances(db, b)).toMatchObject({ balanceMinor: 9_000, exposureMinor: 0 });
    expect(await getBalances(db, c)).toMatchObject({ balanceMinor: 9_000, exposureMinor: 0 });
    expect(await systemBalance(domain, 'house')).toBe(0);
    expect(await systemBalance(domain, 'commission')).toBe(100);

    const sizeAfter = await ledgerSize(db);
    const again = await db.transaction((tx) => settleMarket(tx, { ...market, settlements }));
    expect(again.status).toBe('ok');
    expect(again.results.map((r) => r.result.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(await ledgerSize(db)).toEqual(sizeAfter);
    const keys = await db.query<{ idempotency_key: string }>(
      `SELECT idempotency_key FROM ledger_transfers WHERE reference = 'market-9'
       AND code LIKE 'bet_settle%' ORDER BY idempotency_key`,
    );
    expect(keys.map((k) => k.idempotency_key)).toEqual(
      [a, b, c].map((p) => marketSettlementKey('real', 'market-9', p.ownerId)).sort(),
    );
  });
});
