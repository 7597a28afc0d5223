/**
 * Link and UPI-intent deposits end to end, through the whole app and its built-in sandbox
 * gateway over (in-process) HTTP: the player starts a payment, the tester pays it on the hosted
 * page, the signed webhook or the player's check credits it exactly once. The webhook path is
 * under the test's control (up, down, failing a number of times), and so is the one clock both
 * sides read, so retries, expiry and events out of order happen when the test says.
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp, type PaymentGatewayHooks } from '../../../app';
import { loadConfig } from '../../../config';
import type { Database } from '../../../db/database';
import {
  TEST_BACKENDS,
  testAppConfig,
  migratedTestDatabase,
  type Backend,
} from '../../../test-helper';
import { caller, signUpPlayer, testClock } from '../../account/account-test-kit';
import { loadLimitSettings, type LimitSettings } from '../../limits';
import { auditLedger, getBalances, SOUND_LEDGER } from '../../wallet';
import { depositedSince } from '../deposits';
import { screenshot, utr } from '../payments-test-kit';
import { GATEWAY_WEBHOOK_PATH } from './gateway-routes';
import { WEBHOOK_SIGNATURE_HEADER } from './http-gateway';

const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';
const HOST = '99exch.com';

const key = () => `key-${randomBytes(8).toString('hex')}`;
const ip = () => `198.18.${randomInt(256)}.${randomInt(256)}`;
const sign = (body: string, secret = WEBHOOK_SECRET) =>
  createHmac('sha256', secret).update(body).digest('hex');

/** A value the test needs to go on: throws (failing the test) when it is missing. */
function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value, got none');
  return value;
}

/** The app on a fresh database, its gateway clock, and the sandbox's webhook path under control. */
async function gatewayApp(
  backend: Backend,
  options: { limits?: LimitSettings; sandbox?: boolean } = {},
) {
  const db = await migratedTestDatabase(backend);
  const clock = testClock();
  const webhooks = {
    down: false,
    /** Fails this many attempts of the events about one gateway payment. */
    failing: null as { gatewayId: string; left: number } | null,
    sent: [] as string[],
  };
  const failsNow = (body: string) => {
    const failing = webhooks.failing;
    const about = JSON.parse(body).payload;
    const gatewayId = (about.payment_link ?? about.upi_intent)?.id;
    if (!failing || failing.gatewayId !== gatewayId || failing.left === 0) return false;
    failing.left--;
    return true;
  };
  /** Holds answers to status reads of one payment until `count` of them are in flight. */
  const race = { gatewayId: '', count: 0, waiting: [] as (() => void)[] };
  /** While true, the gateway answers no status read (creating payments still works). */
  const statusReads = { down: false };
  const hooks: PaymentGatewayHooks = {
    now: clock.now,
    gatewayFetch: (next) => async (url, init) => {
      if (statusReads.down && init.method === 'GET') {
        return new Response('gateway down', { status: 503 });
      }
      const res = await next(url, init);
      if (race.count > 0 && init.method === 'GET' && url.endsWith(`/${race.gatewayId}`)) {
        await new Promise<void>((resolve) => {
          race.waiting.push(resolve);
          if (race.waiting.length === race.count) race.waiting.splice(0).forEach((go) => go());
        });
      }
      return res;
    },
    sweepIntervalMs: 0,
    webhookFetch: (next) => async (url, init) => {
      const body = String(init.body);
      webhooks.sent.push(body);
      if (webhooks.down || failsNow(body)) return new Response('merchant down', { status: 503 });
      return next(url, init);
    },
  };
  const config = testAppConfig({
    paymentGateway: {
      ...loadConfig({}).paymentGateway,
      webhookSecret: WEBHOOK_SECRET,
      sandbox: options.sandbox ?? true,
    },
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const app = await buildApp({ config, db, logger: false, paymentGateway: hooks });
  return { app, db, clock, webhooks, race, statusReads, ...kit(app, db) };
}

/** The calls and reads the tests make. */
function kit(app: FastifyInstance, db: Database) {
  const call = caller(app);
  const player = async (host = HOST) => {
    const p = await signUpPlayer(app, db, { host, ip: ip() });
    return { id: p.id, token: p.accessToken, host };
  };
  type P = Awaited<ReturnType<typeof player>>;
  const start = (
    p: P,
    amount: number,
    idempotencyKey = key(),
    path: 'Payment/Generate' | 'Payment/UpiCreate' = 'Payment/Generate',
  ) => call('POST', path, { token: p.token, host: p.host, body: { amount, idempotencyKey } });
  const check = (p: P, paymentId: string, path = 'Payment/Check') =>
    call('POST', path, { token: p.token, host: p.host, body: { paymentId } });
  /** The payer's choice on the hosted page the payment's URL (or UPI intent) leads to. */
  const choose = (url: string, action: string) => {
    const path = url.startsWith('upi://')
      ? `/pay/upi/${must(new URL(url).searchParams.get('tr'))}`
      : new URL(url).pathname;
    return app.inject({
      method: 'POST',
      url: path,
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });
  };
  const webhook = (body: string, signature = sign(body)) =>
    app.inject({
      method: 'POST',
      url: GATEWAY_WEBHOOK_PATH,
      headers: {
        host: 'localhost',
        'content-type': 'application/json',
        ...(signature ? { [WEBHOOK_SIGNATURE_HEADER]: signature } : {}),
      },
      payload: body,
    });
  const cashMinor = async (p: P) =>
    (await getBalances(db, { domain: p.host, ownerId: p.id, book: 'real' })).balanceMinor;
  const deposits = (p: P) =>
    db.query<{ status: string; channel: string; amount_minor: string; gateway_payment_id: string }>(
      `SELECT status, channel, amount_minor::text, gateway_payment_id, account_label
       FROM payment_requests WHERE owner_id = $1 AND kind = 'DEPOSIT'`,
      [p.id],
    );
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
  return {
    call,
    player,
    start,
    check,
    choose,
    webhook,
    cashMinor,
    deposits,
    depositTransfers,
    status,
  };
}

/** The event the sandbox sent about a gateway payment (its exact signed body). */
function sentEvent(sent: string[], gatewayId: string, type: string): string {
  return must(
    sent.find((body) => {
      const event = JSON.parse(body);
      return event.event === type && event.payload.payment_link?.id === gatewayId;
    }),
  );
}

/** A signed event as the gateway would send it, about a link with the given status. */
function eventAbout(paidEvent: string, type: string, linkStatus: string): string {
  const event = JSON.parse(paidEvent);
  return JSON.stringify({
    ...event,
    id: `evt_${randomBytes(7).toString('hex')}`,
    event: type,
    payload: { payment_link: { ...event.payload.payment_link, status: linkStatus } },
  });
}

describe.each(TEST_BACKENDS)('gateway deposits on %s', async (backend) => {
  const x = await gatewayApp(backend);
  const { app, db, clock, webhooks } = x;
  const gatewayIdOf = async (paymentId: string) =>
    must(
      (
        await db.query<{ gateway_id: string }>(
          'SELECT gateway_id FROM gateway_payments WHERE id = $1',
          [paymentId],
        )
      )[0]?.gateway_id,
    );

  it('credits a link paid on the hosted page once, as a deposit request and a statement line', async () => {
    const p = await x.player();
    const info = await x.call('GET', 'Account/GetPaymentInfo', { token: p.token });
    expect(info.body.result).toMatchObject({ paymentLink: true, upiIntent: true });

    const idempotencyKey = key();
    const started = await x.start(p, 1000, idempotencyKey);
    expect(started.status).toBe(200);
    const payment = started.body.result;
    expect(payment).toMatchObject({ amount: 1000, status: 'PENDING' });
    expect(payment.url).toMatch(/^http:\/\/99exch\.com\/pay\/plink_[A-Za-z0-9]{14}$/);
    expect(Date.parse(payment.expiresAt) - clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    // The same key again is the same payment; with another amount it is refused.
    expect((await x.start(p, 1000, idempotencyKey)).body.result).toEqual(payment);
    expect((await x.start(p, 2000, idempotencyKey)).body.error.code).toBe('CONFLICT');

    const page = await app.inject({ url: new URL(payment.url).pathname, headers: { host: HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('₹1,000.00');
    expect(await x.cashMinor(p)).toBe(0);

    expect((await x.choose(payment.url, 'pay')).statusCode).toBe(303);
    // The webhook, sent before the page answered, credited it.
    expect(await x.status(payment.paymentId)).toBe('PAID');
    expect(await x.cashMinor(p)).toBe(100_000);
    const checked = await x.check(p, payment.paymentId);
    expect(checked.body.result).toMatchObject({ paymentId: payment.paymentId, status: 'PAID' });
    await x.check(p, payment.paymentId);
    expect(await x.cashMinor(p)).toBe(100_000);
    expect(await x.depositTransfers(p)).toBe(1);

    const gatewayId = await gatewayIdOf(payment.paymentId);
    expect(await x.deposits(p)).toEqual([
      {
        status: 'APPROVED',
        channel: 'LINK',
        amount_minor: '100000',
        gateway_payment_id: gatewayId,
        account_label: 'Payment link',
      },
    ]);
    const requests = await x.call('POST', 'DepositWithdrawal/PlayerRequests', {
      token: p.token,
      body: {},
    });
    expect(requests.body.result.items).toMatchObject([
      { kind: 'DEPOSIT', status: 'APPROVED', channel: 'LINK', amount: 1000, reference: gatewayId },
    ]);
    const statement = await x.call('GET', 'Transaction/GetHistory', { token: p.token });
    expect(statement.body.result.items).toMatchObject([{ amount: 1000, balance: 1000 }]);
    expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
  });

  it('credits once when the webhook and the player’s checks arrive together', async () => {
    const p = await x.player();
    const payment = (await x.start(p, 500)).body.result;
    webhooks.down = true;
    try {
      await x.choose(payment.url, 'pay');
    } finally {
      webhooks.down = false;
    }
    expect(await x.status(payment.paymentId)).toBe('PENDING');
    clock.advanceSeconds(15);
    // All three have read the payment pending and the gateway's "paid" before any applies it.
    Object.assign(x.race, { gatewayId: await gatewayIdOf(payment.paymentId), count: 3 });
    const [, ...checks] = await Promise.all([
      app.sandboxGateway.sweep(),
      x.check(p, payment.paymentId),
      x.check(p, payment.paymentId),
    ]).finally(() => Object.assign(x.race, { count: 0 }));
    expect(x.race.waiting).toEqual([]);
    for (const res of checks) expect(res.body.result.status).toBe('PAID');
    expect(await x.cashMinor(p)).toBe(50_000);
    expect(await x.depositTransfers(p)).toBe(1);
    expect(await x.deposits(p)).toHaveLength(1);
    expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
  });

  it('refuses a webhook with a forged signature (401) and moves nothing', async () => {
    const p = await x.player();
    const payment = (await x.start(p, 700)).body.result;
    webhooks.down = true;
    try {
      await x.choose(payment.url, 'pay');
    } finally {
      webhooks.down = false;
    }
    const paid = sentEvent(
      webhooks.sent,
      await gatewayIdOf(payment.paymentId),
      'payment_link.paid',
    );
    const tampered = paid.replace('"amount_paise":70000', '"amount_paise":7000000');
    expect(tampered).not.toBe(paid);
    for (const [body, signature] of [
      [paid, sign(paid, 'not-the-secret')],
      [paid, ''],
      [paid, 'zz'.repeat(32)],
      [paid, sign(paid).slice(0, 63)],
      [tampered, sign(paid)],
    ] as const) {
      const res = await x.webhook(body, signature);
      expect(res.statusCode, signature).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
    expect(await x.status(payment.paymentId)).toBe('PENDING');
    expect(await x.cashMinor(p)).toBe(0);
    expect(
      await db.query('SELECT 1 FROM gateway_webhook_events WHERE gateway_payment_id = $1', [
        payment.paymentId,
      ]),
    ).toEqual([]);
    // The same event, signed by the gateway, is taken.
    expect((await x.webhook(paid)).json()).toEqual({ received: true, outcome: 'credited' });
    expect(await x.cashMinor(p)).toBe(70_000);
  });

  it('recognises a replayed webhook and moves nothing again', async () => {
    const p = await x.player();
    const payment = (await x.start(p, 300)).body.result;
    webhooks.down = true;
    try {
      await x.choose(payment.url, 'pay');
    } finally {
      webhooks.down = false;
    }
    const paid = sentEvent(
      webhooks.sent,
      await gatewayIdOf(payment.paymentId),
      'payment_link.paid',
    );
    expect((await x.webhook(paid)).json().outcome).toBe('credited');
    for (let i = 0; i < 3; i++) {
      const replay = await x.webhook(paid);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().outcome).toBe('duplicate');
    }
    expect(await x.cashMinor(p)).toBe(30_000);
    expect(await x.depositTransfers(p)).toBe(1);
    const events = await db.query(
      'SELECT event_id FROM gateway_webhook_events WHERE gateway_payment_id = $1',
      [payment.paymentId],
    );
    expect(events).toHaveLength(1);
  });

  it('credits a link whose stale expired event arrives before its paid one, once', async () => {
    const p = await x.player();
    const payment = (await x.start(p, 400)).body.result;
    webhooks.down = true;
    try {
      await x.choose(payment.url, 'pay');
    } finally {
      webhooks.down = false;
    }
    const paid = sentEvent(
      webhooks.sent,
      await gatewayIdOf(payment.paymentId),
      'payment_link.paid',
    );
    const expired = eventAbout(paid, 'payment_link.expired', 'expired');
    // The gateway, asked, says paid: the expired event was stale.
    expect((await x.webhook(expired)).json().outcome).toBe('credited');
    expect(await x.cashMinor(p)).toBe(40_000);
    expect((await x.webhook(paid)).json().outcome).toBe('already-decided');
    expect(await x.cashMinor(p)).toBe(40_000);
    expect(await x.depositTransfers(p)).toBe(1);
  });

  it('keeps a paid link paid when an expired event follows', async () => {
    const p = await x.player();
    const payment = (await x.start(p, 450)).body.result;
    await x.choose(payment.url, 'pay');
    expect(await x.cashMinor(p)).toBe(45_000);
    const paid = sentEvent(
      webhooks.sent,
      await gatewayIdOf(payment.paymentId),
      'payment_link.paid',
    );
    const expired = eventAbout(paid, 'payment_link.expired', 'expired');
    expect((await x.webhook(expired)).json().outcome).toBe('already-decided');
    expect((await x.check(p, payment.paymentId)).body.result.status).toBe('PAID');
    expect(await x.cashMinor(p)).toBe(45_000);
  });

  it('moves nothing for a paid event about a link the gateway says expired', async () => {
    const p = await x.player();
    const payment = (await x.start(p, 600)).body.result;
    const gatewayId = await gatewayIdOf(payment.paymentId);
    webhooks.down = true;
    try {
      clock.advanceSeconds(31 * 60);
      await app.sandboxGateway.sweep();
    } finally {
      webhooks.down = false;
    }
    expect(await x.status(payment.paymentId)).toBe('PENDING');
    const expired = sentEvent(webhooks.sent, gatewayId, 'payment_link.expired');
    // Signed as the gateway would, but saying paid: the gateway's status says expired.
    const paid = eventAbout(expired, 'payment_link.paid', 'paid');
    expect((await x.webhook(paid)).json().outcome).toBe('ended');
    expect(await x.status(payment.paymentId)).toBe('EXPIRED');
    expect((await x.check(p, payment.paymentId)).body.result.status).toBe('EXPIRED');
    // The real (late) expired event finds it decided.
    expect((await x.webhook(expired)).json().outcome).toBe('already-decided');
    expect(await x.cashMinor(p)).toBe(0);
    expect(await x.deposits(p)).toEqual([]);
  });

  it('credits a payment the gateway reports paid even after our copy of its expiry passed', async () => {
    const p = await x.player();
    const payment = (await x.start(p, 350)).body.result;
    webhooks.down = true;
    try {
      await x.choose(payment.url, 'pay');
      clock.advanceSeconds(2 * 3600);
    } finally {
      webhooks.down = false;
    }
    expect(clock.now().getTime()).toBeGreaterThan(Date.parse(payment.expiresAt));
    expect((await x.check(p, payment.paymentId)).body.result.status).toBe('PAID');
    expect(await x.cashMinor(p)).toBe(35_000);
  });

  describe('against the player’s deposit limit', () => {
    const limitDay = async (p: Awaited<ReturnType<typeof x.player>>, day: number) => {
      const set = await x.call('POST', 'ResponsibleGambling/SetLimits', {
        token: p.token,
        host: p.host,
        body: {
          deposit: { day, week: null, month: null },
          loss: { day: null, week: null, month: null },
        },
      });
      expect(set.body.success).toBe(true);
    };
    const usedNow = (p: { id: string }) =>
      depositedSince(db, p.id, new Date(clock.now().getTime() - 24 * 3_600_000), clock.now());

    it('stops counting a link nobody paid once it expires, though nothing has ended it yet', async () => {
      const p = await x.player();
      await limitDay(p, 1000);
      const unpaid = (await x.start(p, 800)).body.result;
      expect(await usedNow(p)).toBe(80_000);
      const over = await x.start(p, 500);
      expect(over.status).toBe(400);
      expect(over.body.error.message).toContain('You can deposit up to ₹200 now');

      // Past its expiry; the gateway cannot be asked, so the payment is still PENDING here.
      clock.advanceSeconds(31 * 60);
      x.statusReads.down = true;
      try {
        expect(await usedNow(p)).toBe(0);
        const next = await x.start(p, 500);
        expect(next.status).toBe(200);
        expect(await x.status(unpaid.paymentId)).toBe('PENDING');
        expect(await usedNow(p)).toBe(50_000);
      } finally {
        x.statusReads.down = false;
      }
      // Once the gateway is asked, it says expired: nothing moved, nothing counted.
      expect((await x.check(p, unpaid.paymentId)).body.result.status).toBe('EXPIRED');
      expect(await usedNow(p)).toBe(50_000);
      expect(await x.cashMinor(p)).toBe(0);
    });

    it('counts a link paid just before its expiry whose news has not arrived, asking the gateway first', async () => {
      const p = await x.player();
      await limitDay(p, 1000);
      const paid = (await x.start(p, 800)).body.result;
      webhooks.down = true;
      try {
        await x.choose(paid.url, 'pay');
        clock.advanceSeconds(31 * 60);
        expect(await x.status(paid.paymentId)).toBe('PENDING');
        // The new deposit asks the gateway about the lapsed one: paid, so it is credited and
        // counted, and 500 more would pass the limit.
        const over = await x.start(p, 500);
        expect(over.status).toBe(400);
        expect(over.body.error.message).toContain('You can deposit up to ₹200 now');
      } finally {
        webhooks.down = false;
      }
      expect(await x.status(paid.paymentId)).toBe('PAID');
      expect(await x.cashMinor(p)).toBe(80_000);
      expect(await usedNow(p)).toBe(80_000);
      expect((await x.start(p, 200)).status).toBe(200);
      expect(await x.depositTransfers(p)).toBe(1);
      expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
    });

    it('asks the gateway about a lapsed link before a manual deposit is checked too', async () => {
      const [method] = await db.query<{ id: string }>(
        `INSERT INTO payment_methods (domain, kind, details, active, position)
         VALUES ($1, 'UPI', $2, true, 0) RETURNING id`,
        [HOST, JSON.stringify({ upiId: 'collect@okaxis', payeeName: 'Gold365 Gaming' })],
      );
      const p = await x.player();
      await limitDay(p, 1000);
      const paid = (await x.start(p, 800)).body.result;
      const manual = async () => {
        const slip = await x.call('POST', 'Setting/StoreImage', {
          token: p.token,
          host: p.host,
          body: { image: await screenshot(8, 8) },
        });
        return x.call('POST', 'DepositWithdrawal/CreateDeposit', {
          token: p.token,
          host: p.host,
          body: {
            amount: 500,
            methodId: must(method).id,
            utr: utr(),
            slipId: slip.body.result.id,
            idempotencyKey: key(),
          },
        });
      };
      webhooks.down = true;
      try {
        await x.choose(paid.url, 'pay');
        clock.advanceSeconds(31 * 60);
        const over = await manual();
        expect(over.status).toBe(400);
        expect(over.body.error.message).toContain('You can deposit up to ₹200 now');
      } finally {
        webhooks.down = false;
      }
      expect(await x.status(paid.paymentId)).toBe('PAID');
      expect(await x.cashMinor(p)).toBe(80_000);
      expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
    });
  });

  it('is credited by the webhook alone when it gets through on a retry, with backoff', async () => {
    const p = await x.player();
    const payment = (await x.start(p, 800)).body.result;
    const gatewayId = await gatewayIdOf(payment.paymentId);
    const attempts = () =>
      webhooks.sent.filter((body) => JSON.parse(body).payload.payment_link?.id === gatewayId)
        .length;
    webhooks.failing = { gatewayId, left: 2 };
    await x.choose(payment.url, 'pay');
    expect(attempts()).toBe(1);
    expect(await x.status(payment.paymentId)).toBe('PENDING');
    clock.advanceSeconds(14);
    await app.sandboxGateway.sweep();
    expect(attempts()).toBe(1);
    clock.advanceSeconds(1);
    await app.sandboxGateway.sweep();
    expect(attempts()).toBe(2);
    expect(await x.status(payment.paymentId)).toBe('PENDING');
    clock.advanceSeconds(59);
    await app.sandboxGateway.sweep();
    expect(attempts()).toBe(2);
    clock.advanceSeconds(1);
    await app.sandboxGateway.sweep();
    expect(attempts()).toBe(3);
    expect(await x.status(payment.paymentId)).toBe('PAID');
    expect(await x.cashMinor(p)).toBe(80_000);
    clock.advanceSeconds(3600);
    await app.sandboxGateway.sweep();
    expect(attempts()).toBe(3);
    expect(await x.depositTransfers(p)).toBe(1);
  });

  it('credits a paid payment whose webhooks never got through and nobody checked, once', async () => {
    const p = await x.player();
    const payment = (await x.start(p, 600)).body.result;
    webhooks.down = true;
    try {
      await x.choose(payment.url, 'pay');
      // Every attempt fails, and the player has closed the page: nothing asks about it.
      for (const seconds of [15, 60, 240, 960, 3600]) {
        clock.advanceSeconds(seconds);
        await app.sandboxGateway.sweep();
      }
      expect(await x.status(payment.paymentId)).toBe('PENDING');
      expect(await x.cashMinor(p)).toBe(0);
      // The reconciliation asks the gateway about it; two at once credit it once.
      const [first] = await Promise.all([
        app.gatewayPayments.reconcile(),
        app.gatewayPayments.reconcile(),
      ]);
      expect(first.credited).toBeGreaterThanOrEqual(1);
      expect(await x.status(payment.paymentId)).toBe('PAID');
      expect(await x.cashMinor(p)).toBe(60_000);
      await app.gatewayPayments.reconcile();
      expect(await x.depositTransfers(p)).toBe(1);
      expect(await x.deposits(p)).toEqual([
        expect.objectContaining({ status: 'APPROVED', channel: 'LINK', amount_minor: '60000' }),
      ]);
      expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
    } finally {
      webhooks.down = false;
    }
  });

  it('credits a UPI intent marked paid once, and keeps it apart from links', async () => {
    const p = await x.player();
    const other = await x.player();
    const started = await x.start(p, 250, key(), 'Payment/UpiCreate');
    expect(started.status).toBe(200);
    const payment = started.body.result;
    expect(payment.url).toMatch(
      /^upi:\/\/pay\?pa=[^&]+&pn=[^&]+&am=250\.00&cu=INR&tr=upi_\w{14}&tn=/,
    );
    expect((await x.check(p, payment.paymentId, 'Payment/Check')).body.error.code).toBe(
      'NOT_FOUND',
    );
    expect((await x.check(other, payment.paymentId, 'Payment/UpiCheck')).body.error.code).toBe(
      'NOT_FOUND',
    );
    expect((await x.check(p, payment.paymentId, 'Payment/UpiCheck')).body.result.status).toBe(
      'PENDING',
    );

    expect((await x.choose(payment.url, 'pay')).statusCode).toBe(303);
    expect(await x.cashMinor(p)).toBe(25_000);
    expect((await x.check(p, payment.paymentId, 'Payment/UpiCheck')).body.result.status).toBe(
      'PAID',
    );
    expect(await x.cashMinor(p)).toBe(25_000);
    expect(await x.depositTransfers(p)).toBe(1);
    expect(await x.deposits(p)).toMatchObject([
      { status: 'APPROVED', channel: 'UPI_INTENT', account_label: 'UPI' },
    ]);
    expect(await x.cashMinor(other)).toBe(0);
    expect(await auditLedger(db)).toEqual(SOUND_LEDGER);
  });

  it('ends a payment the payer failed or cancelled, moving nothing', async () => {
    const p = await x.player();
    const failed = (await x.start(p, 200)).body.result;
    const cancelled = (await x.start(p, 200)).body.result;
    await x.choose(failed.url, 'fail');
    await x.choose(cancelled.url, 'cancel');
    expect((await x.check(p, failed.paymentId)).body.result.status).toBe('FAILED');
    expect((await x.check(p, cancelled.paymentId)).body.result.status).toBe('CANCELLED');
    expect(await x.cashMinor(p)).toBe(0);
    expect(await x.deposits(p)).toEqual([]);
  });

  it('refuses demo players, amounts outside the limits and a brand’s switched-off channel', async () => {
    const sandboxCount = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sandbox_gateway_payments'))[0]
        ?.n;
    const before = await sandboxCount();

    const demo = await x.call('GET', 'Account/LoginAsDemoUser', { ip: ip() });
    const demoToken = demo.body.result.accessToken as string;
    for (const path of ['Payment/Generate', 'Payment/UpiCreate']) {
      const res = await x.call('POST', path, {
        token: demoToken,
        body: { amount: 1000, idempotencyKey: key() },
      });
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }

    const p = await x.player();
    for (const amount of [99.99, 500_000.01]) {
      const res = await x.start(p, amount);
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.message).toContain('between ₹100');
    }
    expect((await x.start(p, 100)).status).toBe(200);

    await db.query(
      `INSERT INTO payment_settings (domain, version, payment_link, upi_intent, min_deposit_minor,
         max_deposit_minor, min_withdrawal_minor, max_withdrawal_minor)
       VALUES ('cricbet99.com', 1, false, true, 10000, 50000000, 20000, 20000000)`,
    );
    const switched = await x.player('cricbet99.com');
    const link = await x.start(switched, 1000);
    expect(link.status).toBe(403);
    expect(link.body.error.message).toContain('Payment links are not offered');
    expect((await x.start(switched, 1000, key(), 'Payment/UpiCreate')).status).toBe(200);
    const info = await x.call('GET', 'Account/GetPaymentInfo', {
      token: switched.token,
      host: switched.host,
    });
    expect(info.body.result).toMatchObject({ paymentLink: false, upiIntent: true });

    // Only the two accepted payments reached the gateway.
    expect(await sandboxCount()).toBe(must(before) + 2);
    const [demoRows] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM gateway_payments g JOIN users u ON u.id = g.owner_id WHERE u.is_demo',
    );
    expect(demoRows?.n).toBe(0);
  });
});

describe('gateway deposits under a burst, and without a gateway', () => {
  it('lets exactly the limit of payments through when they are asked all at once', async () => {
    const x = await gatewayApp('pglite', {
      limits: loadLimitSettings({ LIMIT_PAYMENT_REQUESTS_PLAYER: '3/10m' }),
    });
    try {
      const p = await x.player();
      const results = await Promise.all(Array.from({ length: 12 }, () => x.start(p, 1000)));
      expect(results.filter((r) => r.status === 429)).toHaveLength(9);
      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      const [rows] = await x.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM gateway_payments WHERE owner_id = $1',
        [p.id],
      );
      expect(rows?.n).toBe(3);
      const [links] = await x.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM sandbox_gateway_payments',
      );
      expect(links?.n).toBe(3);
    } finally {
      await x.app.close();
    }
  });

  it('offers no link or UPI-intent deposits when no gateway is configured', async () => {
    const x = await gatewayApp('pglite', { sandbox: false });
    try {
      expect(x.app.hasRoute({ method: 'GET', url: '/pay/:id' })).toBe(false);
      const p = await x.player();
      const info = await x.call('GET', 'Account/GetPaymentInfo', { token: p.token });
      expect(info.body.result).toMatchObject({ paymentLink: false, upiIntent: false });
      const res = await x.start(p, 1000);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    } finally {
      await x.app.close();
    }
  });
});
