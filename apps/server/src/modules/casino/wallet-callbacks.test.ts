/**
 * The seamless-wallet callbacks as a provider's server makes them, on PGlite and PostgreSQL:
 * idempotent retries, rollbacks before and after their debit, credits without a debit or after a
 * rollback, signatures, funds, expired tokens, a player on a break, and races (two games on the
 * same money, a credit against a rollback of its round). The ledger is audited after each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { auditLedger, holdExposure, SOUND_LEDGER } from '../wallet';
import { signBody } from './callback-routes';
import { LAUNCH_TOKEN_SECONDS } from './launches';
import { BRAND, casinoApp, newId, outcomeOf } from './casino-test-kit';

describe.each(TEST_BACKENDS)('casino wallet callbacks (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof casinoApp>>;
  beforeAll(async () => {
    kit = await casinoApp(backend);
  });

  async function funded(rupees: number) {
    const player = await kit.player(rupees);
    return { player, token: await player.launch() };
  }

  async function expectSound() {
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  }

  it('takes a retried debit once and answers it exactly as the first time', async () => {
    const { player, token } = await funded(100);
    const mac = kit.provider('mac');
    const ids = { tx: newId('bet'), round: newId('round') };
    const first = await mac.debit(token, 2_500, ids);
    expect(first.status).toBe(200);
    expect(first.answer).toEqual({
      status: 'OK',
      playerId: player.id,
      currency: 'INR',
      balanceMinor: 7_500,
      transactionId: ids.tx,
    });
    const again = await mac.debit(token, 2_500, ids);
    expect(again.text).toBe(first.text);
    expect(await kit.cash(player.id)).toBe(7_500);

    // The same id for another amount is a different request: refused, nothing moves.
    const reused = await mac.debit(token, 3_000, ids);
    expect(outcomeOf(reused)).toBe('DUPLICATE_TRANSACTION');
    expect(await kit.cash(player.id)).toBe(7_500);
    // The balance call says the same.
    expect((await mac.balance(token)).answer).toMatchObject({ status: 'OK', balanceMinor: 7_500 });
    await expectSound();
  });

  it('takes a debit sent many times at once once, and answers every copy alike', async () => {
    const { player, token } = await funded(100);
    const mac = kit.provider('mac');
    // Several rounds of copies, so copies meet in groups committing side by side.
    for (let round = 0; round < 3; round++) {
      const ids = { tx: newId('bet'), round: newId('round') };
      const copies = await Promise.all(
        Array.from({ length: 12 }, () => mac.debit(token, 500, ids)),
      );
      expect(copies.map((copy) => copy.status)).toEqual(copies.map(() => 200));
      expect(new Set(copies.map((copy) => copy.text)).size).toBe(1);
      expect(copies[0]?.answer).toMatchObject({
        status: 'OK',
        balanceMinor: 10_000 - 500 * (round + 1),
      });
    }
    expect(await kit.cash(player.id)).toBe(8_500);
    await expectSound();
  });

  it('records a rollback of an unknown debit and refuses that debit when it comes late', async () => {
    const { player, token } = await funded(50);
    const mac = kit.provider('mac');
    const round = newId('round');
    const debitId = newId('bet');
    const rolledBack = await mac.rollback(token, round, debitId);
    expect(rolledBack.answer).toMatchObject({ status: 'OK', balanceMinor: 5_000 });
    const late = await mac.debit(token, 1_000, { tx: debitId, round });
    expect(outcomeOf(late)).toBe('TRANSACTION_ROLLED_BACK');
    expect(await kit.cash(player.id)).toBe(5_000);
    // Asked again, the late debit is refused again, and the rollback answers as before.
    expect(outcomeOf(await mac.debit(token, 1_000, { tx: debitId, round }))).toBe(
      'TRANSACTION_ROLLED_BACK',
    );
    const [tx] = await kit.db.query<{ transaction_id: string }>(
      `SELECT transaction_id FROM casino_transactions WHERE transaction_id = $1 AND kind = 'debit'`,
      [debitId],
    );
    expect(tx?.transaction_id).toBe(debitId);
    await expectSound();
  });

  it('refuses a credit without a debit, pays a credit once, and closes the round', async () => {
    const { player, token } = await funded(100);
    const mac = kit.provider('mac');
    expect(outcomeOf(await mac.credit(token, 5_000, newId('round')))).toBe('TRANSACTION_NOT_FOUND');

    const round = newId('round');
    await mac.debit(token, 1_000, { round });
    const winId = newId('win');
    const won = await mac.credit(token, 3_000, round, { tx: winId });
    expect(won.answer).toMatchObject({ status: 'OK', balanceMinor: 12_000 });
    // The same credit twice pays once; another credit of the closed round is refused.
    expect((await mac.credit(token, 3_000, round, { tx: winId })).text).toBe(won.text);
    expect(outcomeOf(await mac.credit(token, 3_000, round))).toBe('ROUND_CLOSED');
    expect(outcomeOf(await mac.debit(token, 500, { round }))).toBe('ROUND_CLOSED');
    expect(await kit.cash(player.id)).toBe(12_000);

    // A round may take several debits and credits until one closes it.
    const long = newId('round');
    await mac.debit(token, 1_000, { round: long });
    await mac.debit(token, 1_000, { round: long });
    await mac.credit(token, 500, long, { roundClosed: false });
    expect((await mac.credit(token, 0, long)).answer).toMatchObject({ balanceMinor: 10_500 });
    const [row] = await kit.db.query<{ status: string; stake_minor: string; win_minor: string }>(
      'SELECT status, stake_minor::text, win_minor::text FROM casino_rounds WHERE round_id = $1',
      [long],
    );
    expect(row).toEqual({ status: 'SETTLED', stake_minor: '2000', win_minor: '500' });
    await expectSound();
  });

  it('answers what the player can bet when an exchange bet holds part of their money', async () => {
    const { player, token } = await funded(100);
    const held = await holdExposure(kit.db, {
      domain: BRAND,
      ownerId: player.id,
      book: 'real',
      amountMinor: 3_000,
      reference: newId('bet'),
      idempotencyKey: newId('hold'),
    });
    expect(held.status).toBe('ok');
    const mac = kit.provider('mac');
    const round = newId('round');
    const bet = await mac.debit(token, 1_000, { round });
    expect(bet.answer).toMatchObject({ status: 'OK', balanceMinor: 6_000 });
    const won = await mac.credit(token, 2_500, round);
    expect(won.answer).toMatchObject({ status: 'OK', balanceMinor: 8_500 });
    expect(await kit.cash(player.id)).toBe(8_500);
    // A bet past what is free is refused with that figure, the held money aside.
    const short = await mac.debit(token, 9_000);
    expect(short.answer).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balanceMinor: 8_500 });
    await expectSound();
  });

  it('gives a bet back once, however many rollbacks come, and refuses a credit after', async () => {
    const { player, token } = await funded(100);
    const mac = kit.provider('mac');
    const round = newId('round');
    const debitId = newId('bet');
    await mac.debit(token, 4_000, { round, tx: debitId });
    const cancelId = newId('cancel');
    const first = await mac.rollback(token, round, debitId, cancelId);
    expect(first.answer).toMatchObject({ status: 'OK', balanceMinor: 10_000 });
    expect((await mac.rollback(token, round, debitId, cancelId)).text).toBe(first.text);
    expect((await mac.rollback(token, round, debitId)).answer).toMatchObject({
      status: 'OK',
      balanceMinor: 10_000,
    });
    expect(outcomeOf(await mac.credit(token, 8_000, round))).toBe('TRANSACTION_ROLLED_BACK');
    expect(await kit.cash(player.id)).toBe(10_000);
    const refunds = await kit.db.query(
      `SELECT 1 FROM ledger_transfers WHERE code = 'casino_refund' AND reference = $1`,
      [`casino:mac:${round}`],
    );
    expect(refunds).toHaveLength(1);
    // The rollback that gave it back keeps the amount it gave back; the later ones nothing.
    const rollbacks = await kit.db.query<{ transaction_id: string; amount_minor: string }>(
      `SELECT transaction_id, amount_minor::text FROM casino_transactions
       WHERE provider = 'mac' AND round_id = $1 AND kind = 'rollback'`,
      [round],
    );
    expect(rollbacks.find((r) => r.transaction_id === cancelId)?.amount_minor).toBe('4000');
    expect(rollbacks.filter((r) => r.amount_minor !== '0')).toHaveLength(1);
    await expectSound();
  });

  it('refuses forged and missing signatures, and records nothing for them', async () => {
    const { player, token } = await funded(100);
    const mac = kit.provider('mac');
    const body = {
      token,
      transactionId: newId('bet'),
      roundId: newId('round'),
      gameCode: 'sbe_aviator',
      currency: 'INR',
      amountMinor: 1_000,
    };
    const forged = await mac.send('debit', body, 'ab'.repeat(32));
    const missing = await mac.send('debit', body, null);
    // Signed with another provider's secret.
    const foreign = await mac.send(
      'debit',
      body,
      signBody(kit.provider('king').secret, JSON.stringify(body)),
    );
    for (const refused of [forged, missing, foreign]) {
      expect(refused.status).toBe(401);
      expect(outcomeOf(refused)).toBe('INVALID_SIGNATURE');
    }
    const rows = await kit.db.query('SELECT 1 FROM casino_transactions WHERE transaction_id = $1', [
      body.transactionId,
    ]);
    expect(rows).toHaveLength(0);
    expect(await kit.cash(player.id)).toBe(10_000);
    // The same body, signed, goes through.
    expect((await mac.send('debit', body)).answer.status).toBe('OK');
    await expectSound();
  });

  it('answers insufficient funds with the actual balance, and keeps the round closed', async () => {
    const { player, token } = await funded(30);
    const mac = kit.provider('mac');
    const round = newId('round');
    const short = await mac.debit(token, 3_001, { round });
    expect(short.status).toBe(200);
    expect(short.answer).toMatchObject({
      status: 'ERROR',
      code: 'INSUFFICIENT_FUNDS',
      balanceMinor: 3_000,
    });
    // The refused first debit opened no round.
    expect(await kit.db.query('SELECT 1 FROM casino_rounds WHERE round_id = $1', [round])).toEqual(
      [],
    );
    expect(await kit.cash(player.id)).toBe(3_000);
    await expectSound();
  });

  it('refuses a debit once the token has expired, but pays its credit and rollback', async () => {
    const { player, token } = await funded(100);
    const mac = kit.provider('mac');
    const paid = newId('round');
    const cancelled = newId('round');
    const cancelledDebit = newId('bet');
    await mac.debit(token, 1_000, { round: paid });
    await mac.debit(token, 2_000, { round: cancelled, tx: cancelledDebit });
    kit.clock.advanceSeconds(LAUNCH_TOKEN_SECONDS + 1);
    expect(outcomeOf(await mac.debit(token, 1_000))).toBe('TOKEN_EXPIRED');
    expect((await mac.credit(token, 2_500, paid)).answer.status).toBe('OK');
    expect((await mac.rollback(token, cancelled, cancelledDebit)).answer.status).toBe('OK');
    expect(await kit.cash(player.id)).toBe(10_000 - 1_000 + 2_500);
    await expectSound();
  });

  it('refuses the debits of a player on a break, and still pays what it owes them', async () => {
    const { player, token } = await funded(100);
    const mac = kit.provider('mac');
    const round = newId('round');
    await mac.debit(token, 1_000, { round });
    const pause = await player.call('POST', 'ResponsibleGambling/TakeTimeOut', {
      period: 'DAY',
      password: 'Cricket2026',
    });
    expect(pause.body.success).toBe(true);
    const refused = await mac.debit(token, 1_000);
    expect(outcomeOf(refused)).toBe('PLAYER_BLOCKED');
    expect((await mac.credit(token, 5_000, round)).answer.status).toBe('OK');
    expect(await kit.cash(player.id)).toBe(10_000 - 1_000 + 5_000);
    await expectSound();
  });

  it('refuses one of two games spending the same money at once, never going below zero', async () => {
    const { player, token } = await funded(100);
    const mac = kit.provider('mac');
    const other = await player.launch('Casino/LaunchKing', 'king_hot_air', 301001);
    const king = kit.provider('king');
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = await kit.cash(player.id);
      const stake = Math.floor(before * 0.75);
      const results = await Promise.all([mac.debit(token, stake), king.debit(other, stake)]);
      expect(results.map(outcomeOf).sort()).toEqual(['INSUFFICIENT_FUNDS', 'OK']);
      expect(await kit.cash(player.id)).toBe(before - stake);
    }
    expect(await kit.cash(player.id)).toBeGreaterThanOrEqual(0);
    await expectSound();
  });

  it('lets exactly one of a credit and a rollback of the same round win', async () => {
    const { player, token } = await funded(100);
    const mac = kit.provider('mac');
    const outcomes = new Set<string>();
    for (let attempt = 0; attempt < 4; attempt++) {
      const round = newId('round');
      const debitId = newId('bet');
      await mac.debit(token, 1_000, { round, tx: debitId });
      const before = await kit.cash(player.id);
      const [credit, rollback] = await Promise.all([
        mac.credit(token, 3_000, round),
        mac.rollback(token, round, debitId),
      ]);
      const pair = `${outcomeOf(credit)} ${outcomeOf(rollback)}`;
      outcomes.add(pair);
      expect(['OK ROUND_CLOSED', 'TRANSACTION_ROLLED_BACK OK']).toContain(pair);
      const [row] = await kit.db.query<{ status: string }>(
        'SELECT status FROM casino_rounds WHERE round_id = $1',
        [round],
      );
      expect(row?.status).toBe(credit.answer.status === 'OK' ? 'SETTLED' : 'VOIDED');
      expect(await kit.cash(player.id)).toBe(
        before + (credit.answer.status === 'OK' ? 3_000 : 1_000),
      );
    }
    expect(outcomes.size).toBeGreaterThan(0);
    await expectSound();
  });
});
