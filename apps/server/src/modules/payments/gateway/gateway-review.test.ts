/**
 * Gateway payments paid with another amount than they asked for, end to end through the app and
 * its built-in sandbox gateway: the payer pays another amount on the hosted page, the signed
 * webhook sends the payment to finance's review queue (both amounts, nothing credited), the
 * player reads it as under review, and finance decides it once, audited, under the payment's
 * lock, crediting through the wallet under the payment's own key.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { buildApp, type PaymentGatewayHooks } from '../../../app';
import { loadConfig } from '../../../config';
import {
  TEST_BACKENDS,
  testAppConfig,
  migratedTestDatabase,
  type Backend,
} from '../../../test-helper';
import { caller, signUpPlayer, testClock } from '../../account/account-test-kit';
import { adminKit } from '../../admin/admin-test-kit';
import { auditLedger, getBalances, SOUND_LEDGER } from '../../wallet';
import { GATEWAY_WEBHOOK_PATH } from './gateway-routes';
import { WEBHOOK_SIGNATURE_HEADER } from './http-gateway';

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
const HOST = '99exch.com';
const OTHER_BRAND = 'gold365.bet';

const key = () => `key-${randomBytes(8).toString('hex')}`;
const ip = () => `198.18.${randomInt(256)}.${randomInt(256)}`;
const sign = (body: string) => createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value, got none');
  return value;
}

/** The app with its sandbox on one clock, an owner signed in, and the calls the tests make. */
async function reviewApp(backend: Backend) {
  const db = await migratedTestDatabase(backend);
  const clock = testClock();
  const sent: string[] = [];
  const hooks: PaymentGatewayHooks = {
    now: clock.now,
    sweepIntervalMs: 0,
    webhookFetch: (next) => async (url, init) => {
      sent.push(String(init.body));
      return next(url, init);
    },
  };
  const config = testAppConfig({
    paymentGateway: {
      ...loadConfig({}).paymentGateway,
      webhookSecret: WEBHOOK_SECRET,
      sandbox: true,
    },
  });
  const app = await buildApp({ config, db, logger: false, now: clock.now, paymentGateway: hooks });
  const admin = adminKit(app, clock);
  const owner = await admin.owner('review.owner');
  const api = caller(app);

  const player = async (host = HOST) => {
    const p = await signUpPlayer(app, db, { host, ip: ip() });
    const call = (path: string, body: Record<string, unknown> = {}) =>
      api('POST', path, { token: p.accessToken, host, body });
    const get = (path: string) => api('GET', path, { token: p.accessToken, host });
    return { id: p.id, host, call, get };
  };
  type P = Awaited<ReturnType<typeof player>>;

  /**
   * Starts a payment of `asked` rupees and pays `paid` on the sandbox's hosted page; the
   * webhook sent meanwhile is taken. Answers the payment and the gateway's id of it.
   */
  const payOther = async (p: P, asked: number, paid: string, kind: 'LINK' | 'UPI' = 'LINK') => {
    const started = await p.call(kind === 'LINK' ? 'Payment/Generate' : 'Payment/UpiCreate', {
      amount: asked,
      idempotencyKey: key(),
    });
    const payment = must(started.body.result) as { paymentId: string; url: string };
    const path = payment.url.startsWith('upi://')
      ? `/pay/upi/${must(new URL(payment.url).searchParams.get('tr'))}`
      : new URL(payment.url).pathname;
    const page = await app.inject({
      method: 'POST',
      url: path,
      headers: { host: p.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=pay-other&paid=${encodeURIComponent(paid)}`,
    });
    expect(page.statusCode).toBe(303);
    const [row] = await db.query<{ gateway_id: string }>(
      'SELECT gateway_id FROM gateway_payments WHERE id = $1',
      [payment.paymentId],
    );
    return { paymentId: payment.paymentId, gatewayId: must(row?.gateway_id) };
  };

  const webhook = (body: string) =>
    app.inject({
      method: 'POST',
      url: GATEWAY_WEBHOOK_PATH,
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        [WEBHOOK_SIGNATURE_HEADER]: sign(body),
      },
      payload: body,
    });
  /** The signed event the sandbox sent about a gateway payment. */
  const sentEvent = (gatewayId: string) =>
    must(
      sent.find((body) => {
        const about = JSON.parse(body).payload;
        return (about.payment_link ?? about.upi_intent)?.id === gatewayId;
      }),
    );

  const cashMinor = async (p: P) =>
    (await getBalances(db, { domain: p.host, ownerId: p.id, book: 'real' })).balanceMinor;
  const depositTransfers = async (p: P) => {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(DISTINCT t.id)::int AS n FROM ledger_transfers t
       JOIN ledger_entries e ON e.transfer_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id
       WHERE t.code = 'deposit' AND a.owner_id = $1`,
      [p.id],
    );
    return row?.n ?? 0;
  };
  const status = async (paymentId: string) =>
    (
      await db.query<{ status: string }>('SELECT status FROM gateway_payments WHERE id = $1', [
        paymentId,
      ])
    )[0]?.status;
  const requests = async (p: P) => (await p.call('DepositWithdrawal/PlayerRequests')).body.result;
  const check = async (p: P, paymentId: string, path = 'Payment/Check') =>
    (await p.call(path, { paymentId })).body.result;
  const queue = (input: Record<string, unknown> = {}, token = owner.token) =>
    admin.call(calls.gatewayReviewsRoute, { token, input });
  const decide = (input: Record<string, unknown>, token = owner.token) =>
    admin.call(calls.decideGatewayReviewRoute, { token, input });
  const auditEntries = (paymentId: string) =>
    db.query<{ action: string; operator_name: string }>(
      'SELECT action, operator_name FROM audit_log WHERE target_id = $1 ORDER BY id',
      [paymentId],
    );

  return {
    app,
    db,
    clock,
    admin,
    owner,
    player,
    payOther,
    webhook,
    sentEvent,
    cashMinor,
    depositTransfers,
    status,
    requests,
    check,
    queue,
    decide,
    auditEntries,
  };
}

describe.each(TEST_BACKENDS)(
  'gateway payments paid with another amount, on %s',
  async (backend) => {
    const x = await reviewApp(backend);

    it('go to the review queue with both amounts, credit nothing, and a replayed webhook adds nothing', async () => {
      const p = await x.player();
      const { paymentId, gatewayId } = await x.payOther(p, 1000, '1500');

      expect(await x.status(paymentId)).toBe('UNDER_REVIEW');
      expect(await x.cashMinor(p)).toBe(0);
      expect(await x.depositTransfers(p)).toBe(0);

      const waiting = await x.queue({ status: 'UNDER_REVIEW', search: gatewayId });
      expect(waiting.result?.totalCount).toBe(1);
      const item = must(waiting.result?.items[0]);
      expect(item).toMatchObject({
        id: paymentId,
        domain: HOST,
        playerId: p.id,
        channel: 'LINK',
        askedAmount: 1000,
        paidAmount: 1500,
        creditedAmount: null,
        gatewayReference: gatewayId,
        status: 'UNDER_REVIEW',
        decidedAt: null,
        decidedBy: null,
        remark: null,
      });
      expect(Number.isNaN(Date.parse(item.reviewStartedAt))).toBe(false);

      // The player reads it as under review, with what arrived, in the payment and their requests.
      expect(await x.check(p, paymentId)).toMatchObject({
        status: 'UNDER_REVIEW',
        amount: 1000,
        paidAmount: 1500,
      });
      expect((await x.requests(p)).items).toMatchObject([
        {
          kind: 'DEPOSIT',
          status: 'UNDER_REVIEW',
          channel: 'LINK',
          amount: 1000,
          paidAmount: 1500,
          settledAmount: null,
          reference: gatewayId,
          decidedAt: null,
        },
      ]);

      // The gateway's event again, a fresh one about the same payment, and the reconciliation.
      const paid = x.sentEvent(gatewayId);
      expect((await x.webhook(paid)).json()).toEqual({ received: true, outcome: 'duplicate' });
      const fresh = JSON.stringify({
        ...JSON.parse(paid),
        id: `evt_${randomBytes(7).toString('hex')}`,
      });
      expect((await x.webhook(fresh)).json().outcome).toBe('already-decided');
      x.clock.advanceSeconds(10 * 60);
      await x.app.gatewayPayments.reconcile();
      expect(await x.check(p, paymentId)).toMatchObject({ status: 'UNDER_REVIEW' });
      expect(await x.status(paymentId)).toBe('UNDER_REVIEW');
      expect(await x.cashMinor(p)).toBe(0);
      expect(await x.depositTransfers(p)).toBe(0);
      expect((await x.requests(p)).items).toHaveLength(1);
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
    });

    it('credits the paid amount once when two operators decide at once, audited', async () => {
      const p = await x.player();
      const { paymentId } = await x.payOther(p, 1000, '1500');
      const finance = await x.admin.operator(
        x.owner.token,
        `fin.${randomInt(1e6)}`,
        'finance',
        'all',
      );

      const answers = await Promise.all([
        x.decide({ id: paymentId, decision: 'CREDIT_PAID' }),
        x.decide({ id: paymentId, decision: 'CREDIT_PAID' }, finance.token),
        x.decide({ id: paymentId, decision: 'CREDIT_OTHER', amount: 900, remark: 'Bank fee kept' }),
      ]);
      const won = answers.filter((a) => a.success);
      expect(won).toHaveLength(1);
      for (const lost of answers.filter((a) => !a.success)) {
        expect(lost.status).toBe(409);
        expect(lost.error?.code).toBe('CONFLICT');
      }
      const credited = must(won[0]?.result);
      expect(credited).toMatchObject({ id: paymentId, status: 'PAID' });
      const creditedMinor = Math.round(must(credited.creditedAmount) * 100);
      expect([150_000, 90_000]).toContain(creditedMinor);
      expect(await x.cashMinor(p)).toBe(creditedMinor);
      expect(await x.depositTransfers(p)).toBe(1);
      expect(await x.status(paymentId)).toBe('PAID');

      // Once decided, it stays so: another decision, a webhook or a check changes nothing.
      const again = await x.decide({ id: paymentId, decision: 'REJECT', remark: 'Too late' });
      expect(again.status).toBe(409);
      expect(await x.check(p, paymentId)).toMatchObject({ status: 'PAID', paidAmount: 1500 });
      expect(await x.cashMinor(p)).toBe(creditedMinor);

      const entries = await x.auditEntries(paymentId);
      expect(entries).toHaveLength(1);
      expect(entries[0]?.action).toMatch(/^gateway-review\.credit/);
      expect((await x.requests(p)).items).toMatchObject([
        {
          status: 'APPROVED',
          amount: 1000,
          paidAmount: 1500,
          settledAmount: creditedMinor / 100,
        },
      ]);
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
    });

    it('credits another amount with a remark, or rejects with one; the player reads each decision', async () => {
      const p = await x.player();
      const short = await x.payOther(p, 2000, '1200', 'UPI');
      const over = await x.payOther(p, 500, '5000');
      expect(await x.status(short.paymentId)).toBe('UNDER_REVIEW');

      // Crediting another amount needs the amount and a remark; a rejection, a remark.
      for (const input of [
        { id: short.paymentId, decision: 'CREDIT_OTHER', amount: 1100 },
        { id: short.paymentId, decision: 'CREDIT_OTHER', remark: 'Some remark' },
        { id: short.paymentId, decision: 'CREDIT_PAID', amount: 1100, remark: 'Some remark' },
        { id: over.paymentId, decision: 'REJECT' },
        { id: over.paymentId, decision: 'CREDIT_OTHER', amount: 1e-9, remark: 'Some remark' },
      ]) {
        const refused = await x.decide(input);
        expect(refused.status, JSON.stringify(input)).toBe(400);
        expect(refused.error?.code).toBe('VALIDATION_FAILED');
      }
      expect(await x.cashMinor(p)).toBe(0);

      const other = await x.decide({
        id: short.paymentId,
        decision: 'CREDIT_OTHER',
        amount: 1100,
        remark: '<b>₹100</b> bank charge kept <img src=x onerror=alert(1)>',
      });
      expect(other.result).toMatchObject({
        status: 'PAID',
        askedAmount: 2000,
        paidAmount: 1200,
        creditedAmount: 1100,
        remark: '₹100 bank charge kept',
        decidedBy: 'review.owner',
      });
      const rejected = await x.decide({
        id: over.paymentId,
        decision: 'REJECT',
        remark: 'Refunded to the payer’s bank account',
      });
      expect(rejected.result).toMatchObject({ status: 'REJECTED', creditedAmount: null });

      expect(await x.cashMinor(p)).toBe(110_000);
      expect(await x.depositTransfers(p)).toBe(1);
      expect(await x.check(p, short.paymentId, 'Payment/UpiCheck')).toMatchObject({
        status: 'PAID',
      });
      expect(await x.check(p, over.paymentId)).toMatchObject({ status: 'REJECTED' });
      const items = (await x.requests(p)).items as { reference: string }[];
      expect(items.find((r) => r.reference === short.gatewayId)).toMatchObject({
        status: 'APPROVED',
        channel: 'UPI_INTENT',
        amount: 2000,
        settledAmount: 1100,
        note: '₹100 bank charge kept',
      });
      expect(items.find((r) => r.reference === over.gatewayId)).toMatchObject({
        status: 'REJECTED',
        amount: 500,
        paidAmount: 5000,
        settledAmount: null,
        note: 'Refunded to the payer’s bank account',
      });
      expect((await x.auditEntries(over.paymentId)).map((e) => e.action)).toEqual([
        'gateway-review.reject',
      ]);
      // The decided ones leave the waiting list and show in the full one.
      const waiting = await x.queue({ status: 'UNDER_REVIEW', search: over.gatewayId });
      expect(waiting.result?.totalCount).toBe(0);
      const all = await x.queue({ search: over.gatewayId });
      expect(all.result?.items.map((i) => i.status)).toEqual(['REJECTED']);
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
    });

    it('is decided only by a role that may decide deposits, on a brand it covers', async () => {
      const p = await x.player();
      const { paymentId, gatewayId } = await x.payOther(p, 1000, '1200');
      const elsewhere = await x.admin.operator(
        x.owner.token,
        `fin.other.${randomInt(1e6)}`,
        'finance',
        [OTHER_BRAND],
      );
      const brandAdmin = await x.admin.operator(
        x.owner.token,
        `brand.${randomInt(1e6)}`,
        'brand_admin',
        'all',
      );

      const notTheirs = await x.decide({ id: paymentId, decision: 'CREDIT_PAID' }, elsewhere.token);
      expect(notTheirs.status).toBe(403);
      expect(notTheirs.error?.code).toBe('FORBIDDEN');
      expect((await x.queue({ search: gatewayId }, elsewhere.token)).result?.totalCount).toBe(0);
      const forbidden = await x.queue({ brand: HOST }, elsewhere.token);
      expect(forbidden.status).toBe(403);

      // A role that reads payments sees the queue but may not decide.
      expect((await x.queue({ search: gatewayId }, brandAdmin.token)).result?.totalCount).toBe(1);
      const readOnly = await x.decide({ id: paymentId, decision: 'CREDIT_PAID' }, brandAdmin.token);
      expect(readOnly.status).toBe(403);

      // A payment that never went to review is not finance's to decide here.
      const plain = must(
        (await p.call('Payment/Generate', { amount: 300, idempotencyKey: key() })).body.result,
      ) as { paymentId: string };
      const notReviewed = await x.decide({ id: plain.paymentId, decision: 'CREDIT_PAID' });
      expect(notReviewed.status).toBe(404);

      expect(await x.status(paymentId)).toBe('UNDER_REVIEW');
      expect(await x.cashMinor(p)).toBe(0);
      expect(await x.auditEntries(paymentId)).toEqual([]);
    });

    it('counts against the player’s deposit limit no more than is credited', async () => {
      const p = await x.player();
      const limits = {
        deposit: { day: 3000, week: null, month: null },
        loss: { day: null, week: null, month: null },
      };
      expect((await p.call('ResponsibleGambling/SetLimits', limits)).body.success).toBe(true);
      const used = async () =>
        (await p.get('ResponsibleGambling/GetSettings')).body.result.deposit.day.used as number;

      const over = await x.payOther(p, 1000, '5000');
      // Under review it counts what the limit let through when it started, not what arrived.
      expect(await used()).toBe(1000);
      const under = await x.payOther(p, 1500, '400');
      expect(await used()).toBe(1400);

      // Crediting all 5000 would pass the limit: refused, and nothing changes.
      const tooMuch = await x.decide({ id: over.paymentId, decision: 'CREDIT_PAID' });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.error?.message).toContain('deposit limit');
      expect(await x.status(over.paymentId)).toBe('UNDER_REVIEW');
      expect(await x.cashMinor(p)).toBe(0);

      // 2600 fits (1000 of it was counted already); once credited it counts as credited.
      const fits = await x.decide({
        id: over.paymentId,
        decision: 'CREDIT_OTHER',
        amount: 2600,
        remark: 'Rest refunded: over the player’s limit',
      });
      expect(fits.result?.creditedAmount).toBe(2600);
      expect(await used()).toBe(3000);
      // A rejected payment counts nothing.
      await x.decide({ id: under.paymentId, decision: 'REJECT', remark: 'Refunded the ₹400' });
      expect(await used()).toBe(2600);
      expect(await x.cashMinor(p)).toBe(260_000);
      expect(await auditLedger(x.db)).toEqual(SOUND_LEDGER);
    });
  },
);
