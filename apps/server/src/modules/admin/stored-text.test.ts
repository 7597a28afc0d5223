/**
 * Text operators type is stored without markup (spec §5), whichever call takes it: an
 * adjustment's reason, a deposit's and a withdrawal's rejection remark (which the player reads),
 * a player note, a lock's reason, and every audit entry those actions write.
 */
import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { writeAudit } from './audit-log';
import {
  bankAccount,
  fund,
  key,
  must,
  paymentsApp,
  screenshot,
  utr,
} from '../payments/payments-test-kit';

const MARKUP = '<img src=x onerror=alert(document.cookie)>';
/** What an operator might paste: markup around and inside the words. */
const typed = (words: string) => `${MARKUP}${words} <b>checked</b><script>alert(1)</script>`;
const stored = (words: string) => `${words} checked`;

describe.each(TEST_BACKENDS)("operators' stored text on %s", async (backend) => {
  const kit = await paymentsApp(backend);
  const { call, db } = kit;
  const token = kit.owner.token;

  async function pendingDeposit(player: Awaited<ReturnType<typeof kit.player>>) {
    const slip = await player.call('POST', 'Setting/StoreImage', { image: await screenshot(8, 8) });
    const created = await player.call('POST', 'DepositWithdrawal/CreateDeposit', {
      amount: 500,
      methodId: kit.upiMethodId,
      utr: utr(),
      slipId: must(slip.body.result).id,
      idempotencyKey: key(),
    });
    return must(created.body.result).id as string;
  }

  /** Every audit entry about a target, as stored. */
  const auditOf = (targetId: string) =>
    db.query<{ action: string; operator_name: string; before: unknown; after: unknown }>(
      'SELECT action, operator_name, before, after FROM audit_log WHERE target_id = $1',
      [targetId],
    );

  /** Entries exist, and no string stored in them carries markup. */
  function expectNoMarkup(entries: unknown[]) {
    expect(entries.length).toBeGreaterThan(0);
    const text = JSON.stringify(entries);
    expect(text).not.toMatch(/<|>|onerror=|<\/?script/i);
  }

  it('strips an adjustment reason, in the adjustment and its audit entry', async () => {
    const player = await kit.player();
    const created = await call(calls.createAdjustmentRoute, {
      token,
      input: {
        playerId: player.id,
        amount: 25,
        reason: typed('Goodwill credit'),
        idempotencyKey: key(),
      },
    });
    expect(created.error).toBeNull();
    const [row] = await db.query<{ reason: string }>(
      'SELECT reason FROM payment_adjustments WHERE owner_id = $1',
      [player.id],
    );
    expect(row?.reason).toBe(stored('Goodwill credit'));
    // The adjustment's entry is the player's (its target), and keeps the reason.
    const entries = await auditOf(player.id);
    expect(JSON.stringify(entries)).toContain(stored('Goodwill credit'));
    expectNoMarkup(entries);
  });

  it("strips a deposit's rejection remark, which the player reads", async () => {
    const player = await kit.player();
    const id = await pendingDeposit(player);
    const rejected = await call(calls.decideDepositRoute, {
      token,
      input: { id, decision: 'REJECT', remark: typed('UTR not found') },
    });
    expect(rejected.error).toBeNull();
    const [row] = await db.query<{ note: string }>(
      'SELECT note FROM payment_requests WHERE id = $1',
      [id],
    );
    expect(row?.note).toBe(stored('UTR not found'));
    expectNoMarkup(await auditOf(id));
  });

  it("strips a withdrawal's rejection remark", async () => {
    const player = await kit.player();
    await fund(kit, player, 1_000);
    const account = await bankAccount(player);
    const created = await player.call('POST', 'DepositWithdrawal/CreateWithdrawal', {
      amount: 300,
      withdrawalAccountId: account,
      idempotencyKey: key(),
    });
    const id = must(created.body.result).id as string;
    const rejected = await call(calls.decideWithdrawalRoute, {
      token,
      input: { id, decision: 'REJECT', remark: typed('Name does not match') },
    });
    expect(rejected.error).toBeNull();
    const [row] = await db.query<{ note: string }>(
      'SELECT note FROM payment_requests WHERE id = $1',
      [id],
    );
    expect(row?.note).toBe(stored('Name does not match'));
    expectNoMarkup(await auditOf(id));
  });

  it("strips a player note and a lock's reason, and refuses text that is nothing but markup", async () => {
    const player = await kit.player();
    const note = await call(calls.addPlayerNoteRoute, {
      token,
      input: { playerId: player.id, text: typed('Called about a late deposit') },
    });
    expect(note.result?.text).toBe(stored('Called about a late deposit'));
    const locked = await call(calls.lockPlayerRoute, {
      token,
      input: { playerId: player.id, lock: 'betting', locked: true, reason: typed('Chargeback') },
    });
    expect(locked.error).toBeNull();
    const [row] = await db.query<{ text: string }>(
      'SELECT text FROM player_notes WHERE player_id = $1',
      [player.id],
    );
    expect(row?.text).toBe(stored('Called about a late deposit'));
    const entries = await auditOf(player.id);
    expect(entries.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([
        { text: stored('Called about a late deposit') },
        expect.objectContaining({ reason: stored('Chargeback') }),
      ]),
    );
    expectNoMarkup(entries);

    const empty = await call(calls.addPlayerNoteRoute, {
      token,
      input: { playerId: player.id, text: MARKUP },
    });
    expect(empty.status).toBe(400);
    expect(
      await db.query('SELECT 1 FROM player_notes WHERE player_id = $1', [player.id]),
    ).toHaveLength(1);
  });

  it('keeps every string of an audit entry without markup, whoever writes it', async () => {
    const at = new Date('2026-11-24T12:00:00.000Z');
    await writeAudit(db, {
      operator: null,
      operatorName: `mallory${MARKUP}`,
      ip: '203.0.113.9',
      action: 'probe.stored-text',
      brand: null,
      targetType: 'probe',
      targetId: `target<b>1</b>`,
      before: { reason: typed('Before'), amount: 12.5, at, flags: [true, null] },
      after: { nested: { list: [typed('One'), 2, { deep: typed('Two') }] } },
    });
    const [row] = await db.query<{
      operator_name: string;
      target_id: string;
      before: unknown;
      after: unknown;
    }>(
      `SELECT operator_name, target_id, before, after FROM audit_log
       WHERE action = 'probe.stored-text'`,
    );
    expect(row).toEqual({
      operator_name: 'mallory',
      target_id: 'target1',
      before: { reason: stored('Before'), amount: 12.5, at: at.toISOString(), flags: [true, null] },
      after: { nested: { list: [stored('One'), 2, { deep: stored('Two') }] } },
    });
  });
});
