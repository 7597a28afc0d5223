/**
 * Which gateway the server takes deposits through and with which keys, and what its HTTP
 * client sends and believes, against a recording `fetch` standing in for the gateway.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config';
import { migratedTestDatabase } from '../../../test-helper';
import { loadGatewayCredentials } from './gateway-credentials';
import { configuredPaymentGateway } from './gateway-setup';
import { WEBHOOK_SIGNATURE_HEADER, type HttpFetch } from './http-gateway';
import { IN_PROCESS_ORIGIN } from './in-process-fetch';
import { GatewayUnavailableError } from './payment-gateway';

const CREDENTIALS = { keyId: 'key_1', keySecret: 'secret-1', webhookSecret: 'hook-1' };
const PRODUCTION = { NODE_ENV: 'production', ALLOW_NO_SMS_PROVIDER: 'true' };

/** A gateway stand-in: records each request and answers with `answer`. */
function recordingFetch(answer: () => Response) {
  const requests: { url: string; init: RequestInit }[] = [];
  const fetch: HttpFetch = async (url, init) => {
    requests.push({ url, init });
    return answer();
  };
  return { requests, fetch };
}

const linkAnswer = (change: Record<string, unknown> = {}) =>
  Response.json({
    id: 'plink_AAAAAAAAAAAAAA',
    entity: 'payment_link',
    amount_paise: 10_000,
    reference: 'ref-1',
    status: 'created',
    expire_by: 1_900_000_000,
    short_url: 'https://pay.example/pay/plink_AAAAAAAAAAAAAA',
    ...change,
  });

const newLink = {
  amountMinor: 10_000,
  reference: 'ref-1',
  description: 'Deposit on 99exch.com',
  expiresAt: new Date(1_900_000_000_000),
};

describe('payment gateway settings', () => {
  it('runs the built-in sandbox by default, but not in production unless asked', () => {
    expect(loadConfig({}).paymentGateway).toEqual({
      url: null,
      keyId: null,
      keySecret: null,
      webhookSecret: null,
      webhookUrl: null,
      sandbox: true,
    });
    expect(loadConfig(PRODUCTION).paymentGateway.sandbox).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SANDBOX_GATEWAY: 'on' }).paymentGateway.sandbox).toBe(true);
    expect(loadConfig({ SANDBOX_GATEWAY: 'off' }).paymentGateway.sandbox).toBe(false);
    expect(() => loadConfig({ SANDBOX_GATEWAY: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_GATEWAY_URL: 'ftp://gateway.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENT_WEBHOOK_URL: 'not a url' })).toThrow(ConfigError);
    expect(
      loadConfig({
        PAYMENT_GATEWAY_URL: 'https://gateway.example/api',
        PAYMENT_GATEWAY_KEY_ID: 'k',
        PAYMENT_GATEWAY_KEY_SECRET: 's',
        PAYMENT_GATEWAY_WEBHOOK_SECRET: 'w',
        PAYMENT_WEBHOOK_URL: 'https://99exch.com/api/payments/gateway-webhook',
      }).paymentGateway,
    ).toMatchObject({
      url: 'https://gateway.example/api',
      keyId: 'k',
      keySecret: 's',
      webhookSecret: 'w',
      webhookUrl: 'https://99exch.com/api/payments/gateway-webhook',
    });
  });

  it('generates each missing credential once and keeps it; configured ones win', async () => {
    const db = await migratedTestDatabase('pglite');
    const none = { keyId: null, keySecret: null, webhookSecret: null };
    const first = await loadGatewayCredentials(db, none);
    expect(first.keyId).toMatch(/^key_[0-9a-f]{16}$/);
    expect(first.keySecret.length).toBeGreaterThanOrEqual(40);
    expect(first.webhookSecret).not.toBe(first.keySecret);
    expect(await loadGatewayCredentials(db, none)).toEqual(first);
    expect(await loadGatewayCredentials(db, { ...none, webhookSecret: 'given' })).toEqual({
      ...first,
      webhookSecret: 'given',
    });
  });
});

describe('choosing the gateway', () => {
  it('has none when neither a URL nor the sandbox is there', () => {
    const { fetch } = recordingFetch(() => linkAnswer());
    const choice = { url: null, webhookUrl: null, sandbox: false };
    expect(
      configuredPaymentGateway(choice, CREDENTIALS, { fetch, sandboxPath: '/sandbox-gateway' }),
    ).toBeNull();
  });

  it('reaches the built-in sandbox in-process, with the key and this server’s webhook', async () => {
    const gateway = recordingFetch(() => linkAnswer());
    const client = configuredPaymentGateway(
      { url: null, webhookUrl: null, sandbox: true },
      CREDENTIALS,
      { fetch: gateway.fetch, sandboxPath: '/sandbox-gateway' },
    );
    expect(client?.hostedHere).toBe(true);
    const link = await client?.createLink(newLink);
    expect(link).toMatchObject({
      gatewayId: 'plink_AAAAAAAAAAAAAA',
      kind: 'LINK',
      status: 'PENDING',
      amountMinor: 10_000,
      payUrl: 'https://pay.example/pay/plink_AAAAAAAAAAAAAA',
    });
    const [sent] = gateway.requests;
    expect(sent?.url).toBe(`${IN_PROCESS_ORIGIN}/sandbox-gateway/v1/payment_links`);
    expect(new Headers(sent?.init.headers).get('authorization')).toBe(
      `Basic ${Buffer.from('key_1:secret-1').toString('base64')}`,
    );
    expect(JSON.parse(String(sent?.init.body))).toEqual({
      amount_paise: 10_000,
      currency: 'INR',
      reference: 'ref-1',
      description: 'Deposit on 99exch.com',
      expire_by: 1_900_000_000,
      notify_url: `${IN_PROCESS_ORIGIN}/api/payments/gateway-webhook`,
    });
  });

  it('reaches a configured gateway at its URL, and gives it the public webhook only when set', async () => {
    const gateway = recordingFetch(() => linkAnswer());
    const at = (webhookUrl: string | null) =>
      configuredPaymentGateway(
        { url: 'https://gateway.example/base/', webhookUrl, sandbox: true },
        CREDENTIALS,
        { fetch: gateway.fetch, sandboxPath: '/sandbox-gateway' },
      );
    expect(at(null)?.hostedHere).toBe(false);
    await at(null)?.createLink(newLink);
    await at('https://99exch.com/api/payments/gateway-webhook')?.createLink(newLink);
    await at(null)
      ?.fetchStatus('UPI_INTENT', 'upi_AAAAAAAAAAAAAA')
      .catch(() => undefined);
    const [withoutHook, withHook, status] = gateway.requests;
    expect(withoutHook?.url).toBe('https://gateway.example/base/v1/payment_links');
    expect(JSON.parse(String(withoutHook?.init.body))).not.toHaveProperty('notify_url');
    expect(JSON.parse(String(withHook?.init.body)).notify_url).toBe(
      'https://99exch.com/api/payments/gateway-webhook',
    );
    expect(status?.url).toBe('https://gateway.example/base/v1/upi/intents/upi_AAAAAAAAAAAAAA');
    expect(status?.init.method).toBe('GET');
  });
});

describe('the gateway client', () => {
  const clientWith = (answer: () => Response) =>
    configuredPaymentGateway(
      { url: 'https://gw.example', webhookUrl: null, sandbox: false },
      CREDENTIALS,
      {
        fetch: recordingFetch(answer).fetch,
        sandboxPath: '/sandbox-gateway',
      },
    );

  it('believes only answers that are payments with somewhere to pay', async () => {
    const refusals: (() => Response)[] = [
      () => new Response('busy', { status: 503 }),
      () => new Response('<html>', { status: 200 }),
      () => Response.json({ id: 'x' }),
      () => linkAnswer({ status: 'refunded' }),
      () => linkAnswer({ short_url: 'javascript:alert(1)' }),
      () => linkAnswer({ entity: 'upi_intent', intent_url: 'https://not-upi.example' }),
      () => {
        throw new TypeError('fetch failed');
      },
    ];
    for (const answer of refusals) {
      await expect(clientWith(answer)?.createLink(newLink)).rejects.toBeInstanceOf(
        GatewayUnavailableError,
      );
    }
    await expect(clientWith(() => linkAnswer())?.createLink(newLink)).resolves.toMatchObject({
      status: 'PENDING',
    });
  });

  it('reads a webhook only under the secret’s signature of its exact bytes', () => {
    const client = clientWith(() => linkAnswer());
    const body = JSON.stringify({
      id: 'evt_AAAAAAAAAAAAAA',
      entity: 'event',
      event: 'payment_link.paid',
      created_at: 1_900_000_000,
      payload: {
        payment_link: {
          id: 'plink_AAAAAAAAAAAAAA',
          entity: 'payment_link',
          amount_paise: 10_000,
          reference: 'ref-1',
          status: 'paid',
          expire_by: 1_900_000_000,
          short_url: 'https://pay.example/pay/plink_AAAAAAAAAAAAAA',
        },
      },
    });
    const signed = (text: string, secret = CREDENTIALS.webhookSecret) => ({
      [WEBHOOK_SIGNATURE_HEADER]: createHmac('sha256', secret).update(text).digest('hex'),
    });
    expect(client?.verifyWebhook(Buffer.from(body), signed(body))).toEqual({
      status: 'verified',
      event: {
        id: 'evt_AAAAAAAAAAAAAA',
        type: 'payment_link.paid',
        kind: 'LINK',
        gatewayId: 'plink_AAAAAAAAAAAAAA',
        reference: 'ref-1',
      },
    });
    // The same JSON re-serialised is other bytes: its signature does not carry over.
    const reformatted = JSON.stringify(JSON.parse(body), null, 1);
    expect(client?.verifyWebhook(Buffer.from(reformatted), signed(body))).toEqual({
      status: 'forged',
    });
    expect(client?.verifyWebhook(Buffer.from(body), signed(body, 'other'))).toEqual({
      status: 'forged',
    });
    expect(client?.verifyWebhook(Buffer.from(body), {})).toEqual({ status: 'forged' });
    expect(client?.verifyWebhook(Buffer.from('not json'), signed('not json'))).toEqual({
      status: 'unreadable',
    });
    expect(client?.verifyWebhook(Buffer.from('{"id":1}'), signed('{"id":1}'))).toEqual({
      status: 'unreadable',
    });
  });
});
