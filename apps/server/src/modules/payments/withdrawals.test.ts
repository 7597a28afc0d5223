import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { placeBody, seedEvent, silentFeedRunner } from '../exchange/exchange-test-kit';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { balanceOf, bankAccount, fund, key, must, paymentsApp } from './payments-test-kit';

describe.each(TEST_BACKENDS)('withdrawals (%s)', (backend) => {
  it('checks withdrawal accounts: numbers typed twice, a real IFSC, at most five', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const mismatch = await player.call('POST', 'DepositWithdrawal/AddWithdrawalAccount', {
      kind: 'BANK',
      holderName: 'Ravi Kumar',
      bankName: 'HDFC Bank',
      accountNumber: '50100123456789',
      confirmAccountNumber: '50100123456788',
      ifsc: 'HDFC0000123',
    });
    expect(mismatch.body.error.message).toBe('The account numbers do not match');
    const badIfsc = await player.call('POST', 'DepositWithdrawal/AddWithdrawalAccount', {
      kind: 'BANK',
      holderName: 'Ravi Kumar',
      bankName: 'HDFC Bank',
      accountNumber: '50100123456789',
      confirmAccountNumber: '50100123456789',
      ifsc: 'HDFC1000123',
    });
    expect(badIfsc.status).toBe(400);
    expect(await kit.db.query('SELECT * FROM withdrawal_accounts')).toEqual([]);

    const bank = await bankAccount(player);
    expect(await bankAccount(player)).toBe(bank);
    for (const handle of ['a', 'b', 'c', 'd']) {
      const upi = await player.call('POST', 'DepositWithdrawal/AddWithdrawalAccount', {
        kind: 'UPI',
        holderName: 'Ravi Kumar',
        upiId: `ravi.${handle}@okhdfc`,
      });
      expect(upi.body.success).toBe(true);
    }
    const sixth = await player.call('POST', 'DepositWithdrawal/AddWithdrawalAccount', {
      kind: 'UPI',
      holderName: 'Ravi Kumar',
      upiId: 'ravi.e@okhdfc',
    });
    expect(sixth.body.error.message).toMatch(/at most 5 withdrawal accounts/);
    const info = await player.call('GET', 'Account/GetPaymentInfo');
    expect(info.body.result.withdrawalAccounts).toHaveLength(5);
    expect(info.body.result.withdrawalAccounts[0]).toMatchObject({
      kind: 'BANK',
      accountNumber: '····6789',
    });
  });

  it('keeps at most five withdrawal accounts when a burst asks for more at once', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const burst = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        player.call('POST', 'DepositWithdrawal/AddWithdrawalAccount', {
          kind: 'UPI',
          holderName: 'Ravi Kumar',
          upiId: `ravi.burst${i}@okhdfc`,
        }),
      ),
    );
    expect(burst.filter((r) => r.body.success)).toHaveLength(5);
    expect(burst.filter((r) => !r.body.success).map((r) => r.body.error.message)).toEqual(
      Array.from({ length: 3 }, () => expect.stringMatching(/at most 5 withdrawal accounts/)),
    );
    const [saved] = await kit.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM withdrawal_accounts WHERE owner_id = $1',
      [player.id],
    );
    expect(saved?.n).toBe(5);
  });

  it('holds a withdrawal at once, returns it when cancelled or rejected, and pays it out once', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    await fund(kit, player, 10_000);
    const account = await bankAccount(player);
    const ask = async (amount: number) =>
      must(
        (
          await player.call('POST', 'DepositWithdrawal/CreateWithdrawal', {
            amount,
            withdrawalAccountId: account,
            idempotencyKey: key(),
          })
        ).body.result,
      );

    const cancelled = await ask(3_000);
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 7_000, available: 7_000 });
    const info = await player.call('GET', 'Account/GetPaymentInfo');
    expect(info.body.result.withdrawable).toBe(7_000);
    const cancel = await player.call('POST', 'DepositWithdrawal/CancelWithdrawal', {
      id: cancelled.id,
    });
    expect(cancel.body.result.status).toBe('CANCELLED');
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 10_000, available: 10_000 });
    const cancelAgain = await player.call('POST', 'DepositWithdrawal/CancelWithdrawal', {
      id: cancelled.id,
    });
    expect(cancelAgain.status).toBe(409);

    const rejected = await ask(2_000);
    const reject = await kit.call(calls.decideWithdrawalRoute, {
      token: kit.owner.token,
      input: { id: rejected.id, decision: 'REJECT', remark: 'Account name does not match' },
    });
    expect(reject.result?.status).toBe('REJECTED');
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 10_000, available: 10_000 });

    const paid = await ask(4_000);
    const noReference = await kit.call(calls.decideWithdrawalRoute, {
      token: kit.owner.token,
      input: { id: paid.id, decision: 'PAID' },
    });
    expect(noReference.status).toBe(400);
    const [payout, cancelRace] = await Promise.all([
      kit.call(calls.decideWithdrawalRoute, {
        token: kit.owner.token,
        input: { id: paid.id, decision: 'PAID', payoutReference: 'IMPS123456789' },
      }),
      player.call('POST', 'DepositWithdrawal/CancelWithdrawal', { id: paid.id }),
    ]);
    // Paid out, or cancelled first: one outcome, and the money is where that outcome says.
    const outcome = payout.result ? 'PAID' : 'CANCELLED';
    expect(payout.result ? cancelRace.status : payout.status).toBe(409);
    expect(await balanceOf(kit.db, player.id)).toEqual(
      outcome === 'PAID'
        ? { balance: 6_000, available: 6_000 }
        : { balance: 10_000, available: 10_000 },
    );
    const history = await player.call('GET', 'DepositWithdrawal/GetUserWithdrawalHistory', {});
    expect(history.body.result.items.map((r: { status: string }) => r.status)).toEqual([
      outcome === 'PAID' ? 'APPROVED' : 'CANCELLED',
      'REJECTED',
      'CANCELLED',
    ]);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('lets one of two withdrawals at once above the balance through', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    await fund(kit, player, 5_000);
    const account = await bankAccount(player);
    const results = await Promise.all(
      [3_000, 3_000].map((amount) =>
        player.call('POST', 'DepositWithdrawal/CreateWithdrawal', {
          amount,
          withdrawalAccountId: account,
          idempotencyKey: key(),
        }),
      ),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    const refused = must(results.find((r) => !r.body.success));
    expect(refused.body.error.message).toBe(
      'You can withdraw at most ₹2,000 now: the rest is held for open bets or pending withdrawals.',
    );
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 2_000, available: 2_000 });
    const [requests] = await kit.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_requests WHERE kind = 'WITHDRAWAL'`,
    );
    expect(requests?.n).toBe(1);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('lets a withdrawal and a bet racing for the same money spend it once', async () => {
    const kit = await paymentsApp(backend);
    const event = await seedEvent(kit.db, silentFeedRunner(kit.db));
    const marketId = must(event.markets.match_odds);
    for (let round = 0; round < 3; round++) {
      const player = await kit.player();
      await fund(kit, player, 1_000);
      const account = await bankAccount(player);
      const [bet, withdrawal] = await Promise.all([
        // A lay at 3.0 for ₹500 risks ₹1,000: all the player has.
        player.call('POST', 'Bet/PlaceBetV2', placeBody(marketId, 1, 'LAY', 3, 500)),
        player.call('POST', 'DepositWithdrawal/CreateWithdrawal', {
          amount: 1_000,
          withdrawalAccountId: account,
          idempotencyKey: key(),
        }),
      ]);
      const after = await balanceOf(kit.db, player.id);
      // Whichever went first took the money; the other found too little left.
      expect([bet.body.success, withdrawal.body.success].filter(Boolean)).toHaveLength(1);
      if (withdrawal.body.success) {
        expect(after).toEqual({ balance: 0, available: 0 });
      } else {
        // The bet holds its liability (less than ₹1,000 when matched at a better price).
        expect(after.balance).toBe(1_000);
        expect(after.available).toBeGreaterThanOrEqual(0);
        expect(after.available).toBeLessThan(1_000);
        expect(withdrawal.body.error.message).toMatch(/You can withdraw at most/);
      }
    }
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
