import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { balanceOf, key, must, paymentsApp, screenshot, utr } from './payments-test-kit';

describe.each(TEST_BACKENDS)('manual deposits (%s)', (backend) => {
  /** A player with a pending deposit of `amount` paid by UPI. */
  async function pendingDeposit(kit: Awaited<ReturnType<typeof paymentsApp>>, amount = 1500) {
    const player = await kit.player();
    const stored = await player.call('POST', 'Setting/StoreImage', { image: await screenshot() });
    expect(stored.body.success).toBe(true);
    const reference = utr();
    const created = await player.call('POST', 'DepositWithdrawal/CreateDeposit', {
      amount,
      methodId: kit.upiMethodId,
      utr: reference,
      slipId: stored.body.result.id,
      idempotencyKey: key(),
    });
    expect(created.body.success).toBe(true);
    return { player, request: created.body.result, utr: reference, slipId: stored.body.result.id };
  }

  it('records a deposit with its UTR and slip, credits it once on approval, and finance sees the slip', async () => {
    const kit = await paymentsApp(backend);
    const { player, request, utr: reference, slipId } = await pendingDeposit(kit, 2500);
    expect(request).toMatchObject({ kind: 'DEPOSIT', status: 'PENDING', amount: 2500, reference });
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 0, available: 0 });

    const queue = await kit.call(calls.paymentQueueRoute, {
      token: kit.owner.token,
      input: { kind: 'DEPOSIT', status: 'PENDING', search: reference },
    });
    const item = must(queue.result?.items[0]);
    expect(item).toMatchObject({ id: request.id, userName: player.userName, slipId });
    const slip = await kit.call(calls.paymentSlipRoute, {
      token: kit.owner.token,
      input: { id: slipId },
    });
    expect(slip.result?.dataUrl).toMatch(/^data:image\/jpeg;base64,/);

    const approved = await kit.call(calls.decideDepositRoute, {
      token: kit.owner.token,
      input: { id: request.id, decision: 'APPROVE' },
    });
    expect(approved.result?.status).toBe('APPROVED');
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 2500, available: 2500 });

    const again = await kit.call(calls.decideDepositRoute, {
      token: kit.owner.token,
      input: { id: request.id, decision: 'APPROVE' },
    });
    expect(again.status).toBe(409);
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 2500, available: 2500 });
    const listed = await player.call('POST', 'DepositWithdrawal/PlayerRequests', {});
    expect(listed.body.result.items[0]).toMatchObject({ id: request.id, status: 'APPROVED' });
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('refuses a UTR already used on the brand, by anyone, and changes nothing', async () => {
    const kit = await paymentsApp(backend);
    const first = await pendingDeposit(kit);
    const other = await kit.player();
    const stored = await other.call('POST', 'Setting/StoreImage', { image: await screenshot() });
    const before = await kit.db.query('SELECT count(*)::int AS n FROM payment_requests');
    const reused = await other.call('POST', 'DepositWithdrawal/CreateDeposit', {
      amount: 500,
      methodId: kit.bankMethodId,
      utr: first.utr,
      slipId: stored.body.result.id,
      idempotencyKey: key(),
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error.message).toMatch(/UTR was already submitted/);
    expect(await kit.db.query('SELECT count(*)::int AS n FROM payment_requests')).toEqual(before);

    // The same UTR on another brand is taken there, and finance sees it was claimed twice.
    await kit.db.query(
      `INSERT INTO payment_requests (domain, owner_id, kind, status, channel, amount_minor,
         account_label, account_detail, utr, idempotency_key)
       SELECT 'cricbet99.com', owner_id, 'DEPOSIT', 'PENDING', 'UPI', 50000, 'UPI x@y', 'UPI x@y',
         utr, 'other-brand-key' FROM payment_requests WHERE utr = $1`,
      [first.utr],
    );
    const queue = await kit.call(calls.paymentQueueRoute, {
      token: kit.owner.token,
      input: { kind: 'DEPOSIT', search: first.utr },
    });
    expect(queue.result?.items.map((item) => [item.domain, item.sameUtrCount]).sort()).toEqual([
      ['99exch.com', 1],
      ['cricbet99.com', 1],
    ]);
  });

  it('answers the same request for a repeated key, and refuses the key for another request', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const stored = await player.call('POST', 'Setting/StoreImage', { image: await screenshot() });
    const body = {
      amount: 700,
      methodId: kit.upiMethodId,
      utr: utr(),
      slipId: stored.body.result.id,
      idempotencyKey: key(),
    };
    const [a, b] = await Promise.all([
      player.call('POST', 'DepositWithdrawal/CreateDeposit', body),
      player.call('POST', 'DepositWithdrawal/CreateDeposit', body),
    ]);
    expect(a.body.result.id).toBe(b.body.result.id);
    const changed = await player.call('POST', 'DepositWithdrawal/CreateDeposit', {
      ...body,
      amount: 900,
    });
    expect(changed.status).toBe(409);
  });

  it('credits once when two operators approve at once, and gives one outcome to approve against reject', async () => {
    const kit = await paymentsApp(backend);
    const finance = await kit.operator(kit.owner.token, 'finance.one', 'finance', 'all');
    const twice = await pendingDeposit(kit, 1000);
    const results = await Promise.all([
      kit.call(calls.decideDepositRoute, {
        token: kit.owner.token,
        input: { id: twice.request.id, decision: 'APPROVE' },
      }),
      kit.call(calls.decideDepositRoute, {
        token: finance.token,
        input: { id: twice.request.id, decision: 'APPROVE' },
      }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(kit.db, twice.player.id)).toEqual({ balance: 1000, available: 1000 });

    const contested = await pendingDeposit(kit, 1200);
    const outcomes = await Promise.all([
      kit.call(calls.decideDepositRoute, {
        token: kit.owner.token,
        input: { id: contested.request.id, decision: 'APPROVE' },
      }),
      kit.call(calls.decideDepositRoute, {
        token: finance.token,
        input: { id: contested.request.id, decision: 'REJECT', remark: 'No such payment received' },
      }),
    ]);
    expect(outcomes.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = must(outcomes.find((r) => r.status === 200)?.result);
    const credited = (await balanceOf(kit.db, contested.player.id)).balance;
    expect(credited).toBe(winner.status === 'APPROVED' ? 1200 : 0);
    const [credits] = await kit.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_transfers WHERE code = 'deposit' AND reference = $1`,
      [`request:${contested.request.id}`],
    );
    expect(credits?.n).toBe(winner.status === 'APPROVED' ? 1 : 0);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('credits a corrected amount only with a remark, and shows both amounts', async () => {
    const kit = await paymentsApp(backend);
    const { player, request } = await pendingDeposit(kit, 5000);
    const silent = await kit.call(calls.decideDepositRoute, {
      token: kit.owner.token,
      input: { id: request.id, decision: 'APPROVE', amount: 4500 },
    });
    expect(silent.status).toBe(400);
    const corrected = await kit.call(calls.decideDepositRoute, {
      token: kit.owner.token,
      input: {
        id: request.id,
        decision: 'APPROVE',
        amount: 4500,
        remark: 'Bank shows ₹4,500 received',
      },
    });
    expect(corrected.result).toMatchObject({
      amount: 5000,
      settledAmount: 4500,
      status: 'APPROVED',
    });
    expect(await balanceOf(kit.db, player.id)).toEqual({ balance: 4500, available: 4500 });
    const audit = await kit.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_id = $1`,
      [request.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['deposit.approve']);
  });

  it('refuses deposits outside the brand limits, to a method it no longer offers, or from a demo player', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const stored = await player.call('POST', 'Setting/StoreImage', { image: await screenshot() });
    const base = { methodId: kit.upiMethodId, slipId: stored.body.result.id };
    const low = await player.call('POST', 'DepositWithdrawal/CreateDeposit', {
      ...base,
      amount: 99,
      utr: utr(),
      idempotencyKey: key(),
    });
    expect(low.body.error.message).toBe('A deposit on this site is between ₹100 and ₹1,00,000.');
    const high = await player.call('POST', 'DepositWithdrawal/CreateDeposit', {
      ...base,
      amount: 100000.01,
      utr: utr(),
      idempotencyKey: key(),
    });
    expect(high.status).toBe(400);
    const foreign = await player.call('POST', 'DepositWithdrawal/CreateDeposit', {
      ...base,
      methodId: '00000000-0000-4000-8000-000000000000',
      amount: 500,
      utr: utr(),
      idempotencyKey: key(),
    });
    expect(foreign.body.error.message).toMatch(/no longer offered/);
    const demo = await kit.api('GET', 'Account/LoginAsDemoUser', { host: '99exch.com' });
    const demoToken = demo.body.result.accessToken as string;
    const info = await kit.api('GET', 'Account/GetPaymentInfo', {
      host: '99exch.com',
      token: demoToken,
    });
    expect(info.body.result).toMatchObject({
      realMoney: false,
      depositMethods: [],
      withdrawalAccounts: [],
    });
    const refused = await kit.api('POST', 'DepositWithdrawal/CreateDeposit', {
      host: '99exch.com',
      token: demoToken,
      body: { ...base, amount: 500, utr: utr(), idempotencyKey: key() },
    });
    expect(refused.status).toBe(403);
    expect(await kit.db.query('SELECT * FROM payment_requests')).toEqual([]);
  });

  it('keeps a screenshot re-encoded without its metadata, and refuses what is not an image or too large', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const stored = await player.call('POST', 'Setting/StoreImage', { image: await screenshot() });
    const read = await player.call('GET', 'Setting/GetImage', { id: stored.body.result.id });
    const bytes = Buffer.from(read.body.result.dataUrl.split(',')[1], 'base64');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    const original = await sharp(
      Buffer.from((await screenshot()).split(',')[1] ?? '', 'base64'),
    ).metadata();
    expect(original.exif).toBeDefined();

    const other = await kit.player();
    const notMine = await other.call('GET', 'Setting/GetImage', { id: stored.body.result.id });
    expect(notMine.status).toBe(404);

    const html = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
    const disguised = await player.call('POST', 'Setting/StoreImage', {
      image: `data:image/png;base64,${html}`,
    });
    expect(disguised.body.error.message).toBe('The file is not a PNG, JPEG or WebP image.');
    const empty = await player.call('POST', 'Setting/StoreImage', {
      image: 'data:image/webp;base64,A',
    });
    expect(empty.body.error.message).toBe('The file is not a PNG, JPEG or WebP image.');
    const huge = await player.call('POST', 'Setting/StoreImage', {
      image: `data:image/png;base64,${Buffer.alloc(2 * 1024 * 1024 + 10).toString('base64')}`,
    });
    expect(huge.status).toBe(400);
    expect(huge.body.error.message).toMatch(/larger than 2 MB/);
    const [count] = await kit.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stored_images',
    );
    expect(count?.n).toBe(1);
  });

  it('holds a burst of deposit requests to the player limit, each request written once', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const slips = [];
    for (let i = 0; i < 8; i++) {
      const stored = await player.call('POST', 'Setting/StoreImage', {
        image: await screenshot(8, 8),
      });
      slips.push(must(stored.body.result).id as string);
    }
    // Ten requests per ten minutes: eight slips twice over, sixteen requests at once.
    const burst = await Promise.all(
      [...slips, ...slips].map((slipId) =>
        player.call('POST', 'DepositWithdrawal/CreateDeposit', {
          amount: 500,
          methodId: kit.upiMethodId,
          utr: utr(),
          slipId,
          idempotencyKey: key(),
        }),
      ),
    );
    expect(burst.filter((r) => r.status === 429)).toHaveLength(6);
    const accepted = burst.filter((r) => r.body.success);
    const [written] = await kit.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_requests WHERE owner_id = $1`,
      [player.id],
    );
    // Of the ten let through, a slip sent twice made one request and was refused the second time.
    const slipReused = burst.filter((r) => r.status === 409);
    expect(slipReused.map((r) => r.body.error.message)).toEqual(
      slipReused.map(() => 'This screenshot was already attached to another deposit.'),
    );
    expect(accepted.length + slipReused.length).toBe(10);
    expect(written?.n).toBe(accepted.length);
  });

  it('counts a burst of screenshot uploads atomically against the player limit', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const image = await screenshot(10, 10);
    const burst = await Promise.all(
      Array.from({ length: 16 }, () => player.call('POST', 'Setting/StoreImage', { image })),
    );
    expect(burst.filter((r) => r.body.success)).toHaveLength(10);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(6);
    const [count] = await kit.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM stored_images',
    );
    expect(count?.n).toBe(10);
  });
});
