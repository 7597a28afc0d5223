/**
 * Whom the sandbox gateway answers. Its page credits a deposit at a click, so by default it
 * answers this machine alone (link deposits work where `npm start` runs), and everyone only when
 * `SANDBOX_GATEWAY=on` says so; Backlay's own calls reach it in-process either way.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { Database } from '../../db/database';
import { build, TEST_BACKENDS, migratedTestDatabase } from '../../test-helper';
import { sandboxGatewayPlugin, THIS_MACHINE_ONLY } from './sandbox-plugin';
import type { HttpFetch } from './webhook-delivery';

const MERCHANT = { keyId: 'key_reach', keySecret: 'reach-secret', webhookSecret: 'reach-hook' };
const BASIC = `Basic ${Buffer.from(`${MERCHANT.keyId}:${MERCHANT.keySecret}`).toString('base64')}`;
const LOOPBACK = '127.0.0.1';
const ELSEWHERE = '203.0.113.45';
const noWebhooks: HttpFetch = async () => new Response('ok');

async function sandboxApp(db: Database, reach?: 'this-machine' | 'everyone') {
  const app = Fastify({ logger: false });
  await app.register(sandboxGatewayPlugin, {
    db,
    merchant: MERCHANT,
    fetch: noWebhooks,
    sweepIntervalMs: 0,
    ...(reach ? { reach } : {}),
  });
  await app.ready();
  return app;
}

let references = 0;

function createLink(app: FastifyInstance, remoteAddress: string) {
  return app.inject({
    method: 'POST',
    url: '/sandbox-gateway/v1/payment_links',
    headers: { authorization: BASIC, host: 'localhost' },
    remoteAddress,
    payload: {
      amount_paise: 50_000,
      reference: `reach-${++references}`,
      description: 'Deposit on 99exch.com',
      expire_by: Math.floor(Date.now() / 1000) + 1800,
    },
  });
}

const pay = (app: FastifyInstance, id: string, remoteAddress: string, headers = {}) =>
  app.inject({
    method: 'POST',
    url: `/pay/${id}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress,
    payload: 'action=pay',
  });

const statusOf = async (app: FastifyInstance, id: string) =>
  (
    await app.inject({
      url: `/sandbox-gateway/v1/payment_links/${id}`,
      headers: { authorization: BASIC },
      remoteAddress: LOOPBACK,
    })
  ).json().status as string;

describe.each(TEST_BACKENDS)('whom the sandbox gateway answers, on %s', async (backend) => {
  const db = await migratedTestDatabase(backend);
  const local = await sandboxApp(db);
  const everyone = await sandboxApp(db, 'everyone');
  afterAll(async () => {
    await local.close();
    await everyone.close();
  });

  it('answers this machine alone by default: no other device pays, or calls its API', async () => {
    const created = await createLink(local, LOOPBACK);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect((await local.inject({ url: `/pay/${id}`, remoteAddress: LOOPBACK })).statusCode).toBe(
      200,
    );

    const page = await local.inject({ url: `/pay/${id}`, remoteAddress: ELSEWHERE });
    expect(page.statusCode).toBe(403);
    expect(page.body).toBe(THIS_MACHINE_ONLY);
    expect((await pay(local, id, ELSEWHERE)).statusCode).toBe(403);
    // A proxy on this machine forwarding someone else's request is not this machine either.
    expect((await pay(local, id, LOOPBACK, { 'x-forwarded-for': ELSEWHERE })).statusCode).toBe(403);
    expect((await createLink(local, ELSEWHERE)).statusCode).toBe(403);
    expect(await statusOf(local, id)).not.toBe('paid');

    // This machine's browser pays.
    expect((await pay(local, id, LOOPBACK)).statusCode).toBe(303);
    expect(await statusOf(local, id)).toBe('paid');
  });

  it('answers every device when asked for', async () => {
    const created = await createLink(everyone, ELSEWHERE);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(
      (await everyone.inject({ url: `/pay/${id}`, remoteAddress: ELSEWHERE })).statusCode,
    ).toBe(200);
    expect((await pay(everyone, id, ELSEWHERE)).statusCode).toBe(303);
    expect(await statusOf(everyone, id)).toBe('paid');
  });
});

describe('the sandbox gateway in the app', () => {
  const css = (app: FastifyInstance, remoteAddress: string) =>
    app.inject({ url: '/pay/assets/sandbox.css', remoteAddress });

  it('answers this machine alone as configured by default, and everyone with SANDBOX_GATEWAY=on', async () => {
    const { app } = await build();
    expect((await css(app, LOOPBACK)).statusCode).toBe(200);
    expect((await css(app, ELSEWHERE)).statusCode).toBe(403);

    const { app: open } = await build({
      config: { sandboxGateway: loadConfig({ SANDBOX_GATEWAY: 'on' }).sandboxGateway },
    });
    expect((await css(open, ELSEWHERE)).statusCode).toBe(200);
  });
});
