/**
 * The sandbox gateway on its own, as a merchant and a payer meet it: the API behind its key,
 * links and UPI intents, the hosted pages, expiry, and signed webhooks retried with backoff on
 * the gateway's clock (moved by the test) until the merchant answers or the attempts run out.
 */
import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { TEST_BACKENDS, migratedTestDatabase } from '../../test-helper';
import { testClock } from '../account/account-test-kit';
import { sandboxGatewayPlugin } from './sandbox-plugin';
import {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  WEBHOOK_ATTEMPTS_MAX,
  type HttpFetch,
} from './webhook-delivery';

const MERCHANT = { keyId: 'key_test', keySecret: 'key-secret-1', webhookSecret: 'hook-secret-1' };
const BASIC = `Basic ${Buffer.from(`${MERCHANT.keyId}:${MERCHANT.keySecret}`).toString('base64')}`;
const NOTIFY_URL = 'https://merchant.example/hooks/gateway';

/** The merchant's webhook endpoint: records what arrives and answers as the test says. */
function merchantEndpoint() {
  const received: { at: number; url: string; headers: Headers; body: string }[] = [];
  const state = { status: 200 };
  const fetch: HttpFetch = async (url, init) => {
    received.push({
      at: Date.now(),
      url,
      headers: new Headers(init.headers),
      body: String(init.body),
    });
    return new Response(state.status === 200 ? 'ok' : 'down', { status: state.status });
  };
  return { received, state, fetch };
}

async function sandboxApp(
  db: Database,
  options: { fetch: HttpFetch; now: () => Date },
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(sandboxGatewayPlugin, {
    db,
    merchant: MERCHANT,
    fetch: options.fetch,
    now: options.now,
    sweepIntervalMs: 0,
  });
  await app.ready();
  return app;
}

let references = 0;

describe.each(TEST_BACKENDS)('the sandbox gateway on %s', async (backend) => {
  const db = await migratedTestDatabase(backend);
  const clock = testClock();
  const merchant = merchantEndpoint();
  const app = await sandboxApp(db, { fetch: merchant.fetch, now: clock.now });
  afterAll(() => app.close());

  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const create = (
    path: 'payment_links' | 'upi/intents',
    body: Record<string, unknown> = {},
    authorization = BASIC,
  ) =>
    app.inject({
      method: 'POST',
      url: `/sandbox-gateway/v1/${path}`,
      headers: { authorization, host: 'pay.example' },
      payload: {
        amount_paise: 100_050,
        reference: `ref-${backend}-${++references}`,
        description: 'Deposit on 99exch.com',
        expire_by: nowSeconds() + 1800,
        notify_url: NOTIFY_URL,
        ...body,
      },
    });
  const fetchLink = (id: string) =>
    app.inject({
      url: `/sandbox-gateway/v1/payment_links/${id}`,
      headers: { authorization: BASIC },
    });
  const choose = (path: string, action: string) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `action=${action}`,
    });
  const eventsOf = (paymentId: string) =>
    db.query<{ type: string; state: string; attempts: number; next_attempt_at: Date | null }>(
      'SELECT type, state, attempts, next_attempt_at FROM sandbox_gateway_events WHERE payment_id = $1',
      [paymentId],
    );

  it('answers only its merchant: no key, a wrong secret and a wrong key id are refused', async () => {
    const before = await db.query('SELECT count(*)::int AS n FROM sandbox_gateway_payments');
    const wrong = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    for (const authorization of [
      '',
      'Bearer x',
      wrong(MERCHANT.keyId, 'nope'),
      wrong('key_other', MERCHANT.keySecret),
    ]) {
      const res = await create('payment_links', {}, authorization);
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
    expect((await fetchLink('plink_AAAAAAAAAAAAAA')).statusCode).toBe(404);
    const after = await db.query('SELECT count(*)::int AS n FROM sandbox_gateway_payments');
    expect(after).toEqual(before);
  });

  it('creates a link once per reference, and refuses a reference used for another amount', async () => {
    const first = await create('payment_links', { reference: `same-${backend}` });
    expect(first.statusCode).toBe(201);
    const link = first.json();
    expect(link).toMatchObject({
      entity: 'payment_link',
      amount_paise: 100_050,
      amount_paid_paise: 0,
      currency: 'INR',
      status: 'created',
      reference: `same-${backend}`,
    });
    expect(link.id).toMatch(/^plink_[A-Za-z0-9]{14}$/);
    expect(link.short_url).toBe(`http://pay.example/pay/${link.id}`);

    const again = await create('payment_links', { reference: `same-${backend}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(link.id);
    const other = await create('payment_links', {
      reference: `same-${backend}`,
      amount_paise: 200_000,
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('BAD_REQUEST_ERROR');

    const soon = await create('payment_links', { expire_by: nowSeconds() + 30 });
    expect(soon.statusCode).toBe(400);
    const badUrl = await create('payment_links', { notify_url: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
  });

  it('takes a payment on the hosted page and sends the signed event once', async () => {
    const link = (await create('payment_links')).json();
    const page = await app.inject({ url: `/pay/${link.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Backlay test payments');
    expect(page.body).toContain('₹1,000.50');
    expect(page.body).toContain('value="pay"');
    expect(page.body).toContain('value="fail"');
    expect(page.body).toContain('value="cancel"');
    expect(page.body).toContain('name="viewport"');
    expect(page.body).not.toMatch(/<script|https?:\/\/(?!pay\.example)/);
    const css = await app.inject({ url: '/pay/assets/sandbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);

    const sentBefore = merchant.received.length;
    const paid = await choose(`/pay/${link.id}`, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/pay/${link.id}`);
    expect((await fetchLink(link.id)).json()).toMatchObject({
      status: 'paid',
      amount_paid_paise: 100_050,
    });

    const sent = merchant.received.slice(sentBefore);
    expect(sent).toHaveLength(1);
    const [webhook] = sent;
    expect(webhook?.url).toBe(NOTIFY_URL);
    const body = webhook?.body ?? '';
    const expected = createHmac('sha256', MERCHANT.webhookSecret).update(body).digest('hex');
    expect(webhook?.headers.get(SIGNATURE_HEADER)).toBe(expected);
    const event = JSON.parse(body);
    expect(webhook?.headers.get(EVENT_ID_HEADER)).toBe(event.id);
    expect(event).toMatchObject({
      entity: 'event',
      event: 'payment_link.paid',
      payload: { payment_link: { id: link.id, status: 'paid', reference: link.reference } },
    });
    expect(await eventsOf(link.id)).toMatchObject([{ state: 'delivered', attempts: 1 }]);

    // Decided once: another choice (or a reload of the form) changes nothing and sends nothing.
    expect((await choose(`/pay/${link.id}`, 'cancel')).statusCode).toBe(303);
    expect((await fetchLink(link.id)).json().status).toBe('paid');
    expect(merchant.received.length).toBe(sentBefore + 1);
    const after = await app.inject({ url: `/pay/${link.id}` });
    expect(after.body).toContain('Paid.');
    expect(after.body).not.toContain('value="pay"');
  });

  it('fails and cancels links, each with its event, and refuses an unknown choice', async () => {
    const failing = (await create('payment_links')).json();
    const cancelling = (await create('payment_links')).json();
    expect((await choose(`/pay/${failing.id}`, 'steal')).statusCode).toBe(400);
    expect((await fetchLink(failing.id)).json().status).toBe('created');
    await choose(`/pay/${failing.id}`, 'fail');
    await choose(`/pay/${cancelling.id}`, 'cancel');
    expect((await fetchLink(failing.id)).json().status).toBe('failed');
    expect((await fetchLink(cancelling.id)).json().status).toBe('cancelled');
    expect(await eventsOf(failing.id)).toMatchObject([{ type: 'payment_link.failed' }]);
    expect(await eventsOf(cancelling.id)).toMatchObject([{ type: 'payment_link.cancelled' }]);
    expect((await app.inject({ url: '/pay/plink_00000000000000' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/pay/..%2F..%2Fetc' })).statusCode).toBe(404);
  });

  it('answers a UPI intent with its upi://pay URL, and lets a tester mark it paid', async () => {
    const res = await create('upi/intents', { amount_paise: 25_000 });
    expect(res.statusCode).toBe(201);
    const intent = res.json();
    expect(intent.id).toMatch(/^upi_[A-Za-z0-9]{14}$/);
    expect(intent.intent_url).toBe(
      `upi://pay?pa=backlay.sandbox%40testupi&pn=Backlay%20test%20payments&am=250.00&cu=INR` +
        `&tr=${intent.id}&tn=Deposit%20on%2099exch.com`,
    );
    expect(intent.page_url).toBe(`http://pay.example/pay/upi/${intent.id}`);
    const page = await app.inject({ url: `/pay/upi/${intent.id}` });
    expect(page.body).toContain('A real UPI app cannot reach this test gateway');
    expect(page.body).toContain('Mark paid');
    // A link's page does not serve an intent, nor the other way round.
    expect((await app.inject({ url: `/pay/${intent.id}` })).statusCode).toBe(404);

    await choose(`/pay/upi/${intent.id}`, 'pay');
    const read = await app.inject({
      url: `/sandbox-gateway/v1/upi/intents/${intent.id}`,
      headers: { authorization: BASIC },
    });
    expect(read.json()).toMatchObject({ status: 'paid', amount_paid_paise: 25_000 });
    expect(await eventsOf(intent.id)).toMatchObject([
      { type: 'upi_intent.paid', state: 'delivered' },
    ]);
  });

  it('expires a link at its time, on read or at the sweep, and takes no payment after', async () => {
    const read = (await create('payment_links', { expire_by: nowSeconds() + 120 })).json();
    const swept = (await create('payment_links', { expire_by: nowSeconds() + 120 })).json();
    const paidLate = (await create('payment_links', { expire_by: nowSeconds() + 120 })).json();
    clock.advanceSeconds(119);
    expect((await fetchLink(read.id)).json().status).toBe('created');
    clock.advanceSeconds(1);
    expect((await fetchLink(read.id)).json().status).toBe('expired');
    await app.sandboxGateway.sweep();
    const rows = await db.query<{ id: string; status: string }>(
      'SELECT id, status FROM sandbox_gateway_payments WHERE id = ANY($1::text[]) ORDER BY id',
      [[swept.id, paidLate.id]],
    );
    expect(rows.map((r) => r.status)).toEqual(['expired', 'expired']);
    await choose(`/pay/${paidLate.id}`, 'pay');
    expect((await fetchLink(paidLate.id)).json()).toMatchObject({
      status: 'expired',
      amount_paid_paise: 0,
    });
    for (const link of [read, swept, paidLate]) {
      expect(await eventsOf(link.id)).toMatchObject([{ type: 'payment_link.expired' }]);
    }
    const page = await app.inject({ url: `/pay/${paidLate.id}` });
    expect(page.body).toContain('expired before it was paid');
  });

  it('retries a failed webhook with backoff on its clock, and gives up after the last attempt', async () => {
    merchant.state.status = 503;
    try {
      const link = (await create('payment_links')).json();
      await choose(`/pay/${link.id}`, 'pay');
      const start = clock.now().getTime();
      // Only this link's: older links of the file expire as the clock moves, with events too.
      const mine = () =>
        merchant.received.filter((r) => JSON.parse(r.body).payload.payment_link?.id === link.id);
      const sent = () => mine().length;
      expect(sent()).toBe(1);

      // After the n-th failure the next attempt waits 15 s × 4^(n-1): 15 s, 1, 4 and 16 min.
      let elapsedMs = 0;
      for (const [attempt, waitMs] of [15_000, 60_000, 240_000, 960_000].entries()) {
        const [event] = await eventsOf(link.id);
        expect(event?.attempts).toBe(attempt + 1);
        elapsedMs += waitMs;
        expect(event?.next_attempt_at?.getTime()).toBe(start + elapsedMs);
        clock.advanceSeconds(waitMs / 1000 - 1);
        await app.sandboxGateway.sweep();
        expect(sent(), `early sweep before attempt ${attempt + 2}`).toBe(attempt + 1);
        clock.advanceSeconds(1);
        await app.sandboxGateway.sweep();
        expect(sent(), `attempt ${attempt + 2}`).toBe(attempt + 2);
      }
      expect(sent()).toBe(WEBHOOK_ATTEMPTS_MAX);
      expect(await eventsOf(link.id)).toMatchObject([
        { state: 'failed', attempts: WEBHOOK_ATTEMPTS_MAX, next_attempt_at: null },
      ]);
      clock.advanceSeconds(86_400);
      await app.sandboxGateway.sweep();
      expect(sent()).toBe(WEBHOOK_ATTEMPTS_MAX);
      // Every attempt carried the same signed body.
      const bodies = new Set(mine().map((r) => r.body));
      expect(bodies.size).toBe(1);
    } finally {
      merchant.state.status = 200;
    }
  });

  it('takes another amount than asked for, as a payer can, and refuses one that is not an amount', async () => {
    const link = (await create('payment_links')).json();
    const page = await app.inject({ url: `/pay/${link.id}` });
    expect(page.body).toContain('value="pay-other"');
    const payOther = (paid: string) =>
      app.inject({
        method: 'POST',
        url: `/pay/${link.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `action=pay-other&paid=${encodeURIComponent(paid)}`,
      });
    for (const paid of ['', '0', '12.345', '-5', '1e3', '1000000001']) {
      const refused = await payOther(paid);
      expect(refused.statusCode, paid).toBe(400);
      expect(refused.body).toContain('Enter the amount paid in rupees');
    }
    expect((await fetchLink(link.id)).json().status).toBe('created');

    const sentBefore = merchant.received.length;
    expect((await payOther('1500.5')).statusCode).toBe(303);
    expect((await fetchLink(link.id)).json()).toMatchObject({
      status: 'paid',
      amount_paise: 100_050,
      amount_paid_paise: 150_050,
    });
    const [event] = merchant.received.slice(sentBefore).map((r) => JSON.parse(r.body));
    expect(event?.payload.payment_link).toMatchObject({
      status: 'paid',
      amount_paid_paise: 150_050,
    });

    // A UPI intent marked paid with the amount it asked for is an ordinary payment.
    const intent = (await create('upi/intents')).json();
    const marked = await app.inject({
      method: 'POST',
      url: `/pay/upi/${intent.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay-other&paid=1000.50',
    });
    expect(marked.statusCode).toBe(303);
    const [row] = await db.query<{ amount_paid_paise: string | null; status: string }>(
      'SELECT amount_paid_paise, status FROM sandbox_gateway_payments WHERE id = $1',
      [intent.id],
    );
    expect(row).toEqual({ amount_paid_paise: null, status: 'paid' });
  });

  it('carries on with undelivered webhooks after a restart', async () => {
    merchant.state.status = 500;
    const link = (await create('payment_links')).json();
    await choose(`/pay/${link.id}`, 'pay');
    merchant.state.status = 200;
    expect(await eventsOf(link.id)).toMatchObject([{ state: 'pending', attempts: 1 }]);

    // Another process on the same database, after this one is gone.
    const restarted = merchantEndpoint();
    const second = await sandboxApp(db, { fetch: restarted.fetch, now: clock.now });
    try {
      clock.advanceSeconds(15);
      const report = await second.sandboxGateway.sweep();
      expect(report.delivered).toBeGreaterThanOrEqual(1);
      expect(restarted.received.map((r) => JSON.parse(r.body).payload.payment_link.id)).toContain(
        link.id,
      );
      expect(await eventsOf(link.id)).toMatchObject([{ state: 'delivered', attempts: 2 }]);
    } finally {
      await second.close();
    }
  });
});
