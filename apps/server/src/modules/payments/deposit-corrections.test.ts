import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { balanceOf, key, must, paymentsApp, screenshot, utr } from './payments-test-kit';

type Kit = Awaited<ReturnType<typeof paymentsApp>>;
type TestPlayer = Awaited<ReturnType<Kit['player']>>;

describe.each(TEST_BACKENDS)('deposits approved at a corrected amount (%s)', (backend) => {
  async function setUp() {
    const kit = await paymentsApp(backend);
    const anna = await kit.operator(kit.owner.token, 'finance.anna', 'finance', 'all');
    const bala = await kit.operator(kit.owner.token, 'finance.bala', 'finance', 'all');
    return { kit, anna, bala };
  }

  /** A pending deposit of `amount` by UPI, with its own slip and UTR. */
  async function pendingDeposit(kit: Kit, player: TestPlayer, amount: number): Promise<string> {
    const stored = await player.call('POST', 'Setting/StoreImage', {
      image: await screenshot(8, 8),
    });
    const created = await player.call('POST', 'DepositWithdrawal/CreateDeposit', {
      amount,
      methodId: kit.upiMethodId,
      utr: utr(),
      slipId: must(stored.body.result).id,
      idempotencyKey: key(),
    });
    return must(created.body.result).id as string;
  }

  const approve = (kit: Kit, token: string, id: string, amount?: number) =>
    kit.call(calls.decideDepositRoute, {
      token,
      input: {
        id,
        decision: 'APPROVE',
        ...(amount === undefined ? {} : { amount, remark: 'The slip shows another amount' }),
      },
    });

  /** The second approval of a proposed amount, as the console sends it. */
  const confirm = (kit: Kit, token: string, id: string, proposedAmount: number) =>
    kit.call(calls.decideDepositRoute, {
      token,
      input: { id, decision: 'APPROVE', proposedAmount },
    });

  const requestRow = async (kit: Kit, id: string) =>
    must(
      (
        await kit.db.query<{ status: string; proposed_amount_minor: string | null }>(
          'SELECT status, proposed_amount_minor::text FROM payment_requests WHERE id = $1',
          [id],
        )
      )[0],
    );

  it('leaves a deposit approved well above what was asked to a second operator, who credits it once', async () => {
    const { kit, anna, bala } = await setUp();
    const player = await kit.player();
    const id = await pendingDeposit(kit, player, 5_000);

    // Two operators correcting it at once: one proposal, the other finds it proposed.
    const [first, second] = await Promise.all([
      approve(kit, anna.token, id, 5_200),
      approve(kit, kit.owner.token, id, 5_300),
    ]);
    const proposals = [first, second].filter((res) => res.status === 200);
    expect(proposals).toHaveLength(1);
    const refused = [first, second].find((res) => res.status !== 200);
    expect(refused?.status).toBe(409);
    expect(refused?.error?.message).toBe(
      'This deposit already waits for a second operator to approve its corrected amount.',
    );
    const proposal = must(proposals[0]?.result);
    const proposer = proposal.proposedBy === 'finance.anna' ? anna : kit.owner;
    const checker = proposer === anna ? kit.owner : anna;
    expect(proposal).toMatchObject({
      status: 'AWAITING_APPROVAL',
      settledAmount: null,
      decidedAt: null,
      note: 'The slip shows another amount',
    });
    const proposedAmount = must(proposal.proposedAmount);
    expect([5_200, 5_300]).toContain(proposedAmount);
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 0, available: 0 });

    // The player still reads it as pending, without the proposal.
    const listed = await player.call('POST', 'DepositWithdrawal/PlayerRequests', {
      status: 'PENDING',
    });
    expect(listed.body.result.items).toEqual([
      expect.objectContaining({ id, status: 'PENDING', settledAmount: null, note: null }),
    ]);
    // Finance's pending queue lists it, with what was proposed.
    const queue = await kit.call(calls.paymentQueueRoute, {
      token: bala.token,
      input: { kind: 'DEPOSIT', status: 'PENDING' },
    });
    expect(queue.result?.items.map((item) => [item.id, item.status, item.proposedAmount])).toEqual([
      [id, 'AWAITING_APPROVAL', proposedAmount],
    ]);
    // The dashboard counts it among the deposits waiting for finance.
    const dashboard = await kit.call(calls.dashboardRoute, { token: bala.token, input: {} });
    expect(dashboard.result?.pendingDeposits).toEqual({ count: 1, amount: 5_000 });

    // The proposer cannot give the second approval; an approval from an older view (no
    // proposal named, or another amount) is refused, and nothing moves.
    const own = await confirm(kit, proposer.token, id, proposedAmount);
    expect(own.status).toBe(403);
    expect(own.error?.message).toBe(
      'A second operator must approve the corrected amount you proposed.',
    );
    const stale = await approve(kit, bala.token, id);
    expect(stale.status).toBe(409);
    const otherAmount = await confirm(kit, bala.token, id, proposedAmount + 1);
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.error?.message).toMatch(
      /^The corrected amount awaiting approval is ₹5,[23]00\./,
    );
    expect(await requestRow(kit, id)).toMatchObject({ status: 'AWAITING_APPROVAL' });
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 0, available: 0 });
    // A deposit without a proposal has none to approve.
    const plain = await pendingDeposit(kit, player, 700);
    expect((await confirm(kit, bala.token, plain, 700)).status).toBe(409);

    // Two second approvals at once: one credits, the other is refused.
    const decisions = await Promise.all([
      confirm(kit, checker.token, id, proposedAmount),
      confirm(kit, bala.token, id, proposedAmount),
    ]);
    expect(decisions.map((res) => res.status).sort()).toEqual([200, 409]);
    const approved = must(decisions.find((res) => res.status === 200)?.result);
    expect(approved).toMatchObject({
      status: 'APPROVED',
      amount: 5_000,
      settledAmount: proposedAmount,
      proposedAmount,
    });
    expect(await balanceOf(kit.db, player.id)).toEqual({
      balance: proposedAmount,
      available: proposedAmount,
    });
    const audit = await kit.db.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id',
      [id],
    );
    expect(audit.map((a) => a.action)).toEqual(['deposit.propose', 'deposit.approve']);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('approves within the tolerance at once, and lets a second operator reject a proposal', async () => {
    const { kit, anna, bala } = await setUp();
    const player = await kit.player();
    // ₹100 above ₹5,000 is within both ₹100 and 10%.
    const near = await pendingDeposit(kit, player, 5_000);
    expect((await approve(kit, anna.token, near, 5_100)).result).toMatchObject({
      status: 'APPROVED',
      settledAmount: 5_100,
      proposedAmount: null,
    });
    // ₹51 above ₹500 is past 10% of it, though under ₹100.
    const far = await pendingDeposit(kit, player, 500);
    expect((await approve(kit, anna.token, far, 551)).result?.status).toBe('AWAITING_APPROVAL');
    const rejected = await kit.call(calls.decideDepositRoute, {
      token: bala.token,
      input: { id: far, decision: 'REJECT', remark: 'Only ₹500 reached the account' },
    });
    expect(rejected.result).toMatchObject({ status: 'REJECTED', settledAmount: null });
    const again = await approve(kit, anna.token, far);
    expect(again.status).toBe(409);
    const listed = await player.call('POST', 'DepositWithdrawal/PlayerRequests', {});
    expect(listed.body.result.items).toEqual([
      expect.objectContaining({
        id: far,
        status: 'REJECTED',
        note: 'Only ₹500 reached the account',
      }),
      expect.objectContaining({ id: near, status: 'APPROVED', settledAmount: 5_100 }),
    ]);
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 5_100, available: 5_100 });
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it("holds a correction upwards to the player's own deposit limit, changing nothing when refused", async () => {
    const { kit, anna, bala } = await setUp();
    const player = await kit.player();
    const set = await player.call('POST', 'ResponsibleGambling/SetLimits', {
      deposit: { day: 5_050, week: null, month: null },
      loss: { day: null, week: null, month: null },
    });
    expect(set.body.success).toBe(true);
    const id = await pendingDeposit(kit, player, 5_000);
    for (const amount of [5_080, 6_000]) {
      const refused = await approve(kit, anna.token, id, amount);
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toMatch(
        /^The player's own deposit limit refuses this amount\. .*You can deposit up to ₹50 now\./,
      );
      expect(await requestRow(kit, id)).toEqual({ status: 'PENDING', proposed_amount_minor: null });
    }
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 0, available: 0 });
    // Exactly the room left is credited; a correction downwards needs no room.
    expect((await approve(kit, bala.token, id, 5_050)).result?.status).toBe('APPROVED');
    const lower = await pendingDeposit(kit, await kit.player(), 1_000);
    expect((await approve(kit, bala.token, lower, 900)).result?.status).toBe('APPROVED');
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 5_050, available: 5_050 });
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
