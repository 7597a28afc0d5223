/**
 * The HTTP client of a gateway with the sandbox's shape (Razorpay-like): Basic auth with the key
 * id and secret, amounts in paise, a reference and an `expire_by` per payment, our webhook URL
 * as `notify_url`, and webhooks signed with HMAC-SHA256 over the raw body. Every answer is
 * parsed before it is believed. `fetch` is passed in: the built-in sandbox is reached
 * in-process, a real gateway over the network, a test's gateway however the test likes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import {
  GatewayUnavailableError,
  type GatewayPaymentKind,
  type GatewayPaymentState,
  type NewGatewayPayment,
  type PaymentGateway,
  type PaymentStatus,
  type WebhookVerdict,
} from './payment-gateway';

/** How Backlay reaches the gateway: `fetch`, or a stand-in with its shape. */
export type HttpFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The header carrying a webhook's signature (hex HMAC-SHA256 of the raw body). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-sandbox-signature';
/** How long one call to the gateway may take. */
export const GATEWAY_TIMEOUT_MS = 10_000;

export interface HttpGatewayOptions {
  /** The gateway's base URL (`…/sandbox-gateway`); its API is under `/v1`. */
  baseUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where the gateway should post events about our payments; null: its own setting. */
  webhookUrl: string | null;
  fetch: HttpFetch;
  hostedHere: boolean;
}

const STATUSES: Record<string, PaymentStatus> = {
  created: 'PENDING',
  paid: 'PAID',
  failed: 'FAILED',
  expired: 'EXPIRED',
  cancelled: 'CANCELLED',
};

const entitySchema = z.object({
  id: z.string().min(1).max(100),
  entity: z.enum(['payment_link', 'upi_intent']),
  amount_paise: z.number().int().positive(),
  /** What was paid (0 until paid); a gateway that leaves it out was paid `amount_paise`. */
  amount_paid_paise: z.number().int().nonnegative().optional(),
  reference: z.string(),
  status: z.enum(['created', 'paid', 'failed', 'expired', 'cancelled']),
  expire_by: z.number().int(),
  short_url: z.string().optional(),
  intent_url: z.string().optional(),
});
type Entity = z.infer<typeof entitySchema>;

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  event: z.string().min(1).max(100),
  created_at: z.number().int(),
  payload: z.object({
    payment_link: entitySchema.optional(),
    upi_intent: entitySchema.optional(),
  }),
});

const KINDS = {
  LINK: { entity: 'payment_link', path: '/v1/payment_links' },
  UPI_INTENT: { entity: 'upi_intent', path: '/v1/upi/intents' },
} as const satisfies Record<GatewayPaymentKind, { entity: Entity['entity']; path: string }>;

const kindOf = (entity: Entity['entity']): GatewayPaymentKind =>
  entity === 'payment_link' ? 'LINK' : 'UPI_INTENT';

/** A gateway entity in Backlay's words; throws when it lacks where to pay. */
function stateOf(entity: Entity): GatewayPaymentState {
  const kind = kindOf(entity.entity);
  const payUrl = kind === 'LINK' ? entity.short_url : entity.intent_url;
  const usable =
    kind === 'LINK'
      ? payUrl !== undefined && /^https?:\/\//.test(payUrl)
      : payUrl?.startsWith('upi://pay?') === true;
  if (!usable || payUrl === undefined) {
    throw new GatewayUnavailableError(`the gateway's ${entity.entity} has no usable payment URL`);
  }
  return {
    gatewayId: entity.id,
    kind,
    reference: entity.reference,
    amountMinor: entity.amount_paise,
    amountPaidMinor: entity.status === 'paid' ? (entity.amount_paid_paise ?? null) : null,
    status: STATUSES[entity.status] ?? 'PENDING',
    expiresAt: new Date(entity.expire_by * 1000),
    payUrl,
  };
}

/** A gateway reached over HTTP. */
export function createHttpPaymentGateway(options: HttpGatewayOptions): PaymentGateway {
  const base = options.baseUrl.replace(/\/+$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
    let res: Response;
    try {
      res = await options.fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayUnavailableError(`the gateway did not answer ${method} ${path}`, {
        cause: error,
      });
    }
    const text = await res.text();
    if (!res.ok) {
      throw new GatewayUnavailableError(
        `the gateway answered ${method} ${path} with ${res.status}: ${text.slice(0, 300)}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new GatewayUnavailableError(`the gateway's answer to ${path} is not JSON`, {
        cause: error,
      });
    }
    const parsed = entitySchema.safeParse(json);
    if (!parsed.success) {
      throw new GatewayUnavailableError(`the gateway's answer to ${path} is not a payment`, {
        cause: parsed.error,
      });
    }
    return stateOf(parsed.data);
  }

  const create = (kind: GatewayPaymentKind) => (payment: NewGatewayPayment) =>
    call('POST', KINDS[kind].path, {
      amount_paise: payment.amountMinor,
      currency: 'INR',
      reference: payment.reference,
      description: payment.description,
      expire_by: Math.floor(payment.expiresAt.getTime() / 1000),
      ...(options.webhookUrl ? { notify_url: options.webhookUrl } : {}),
    });

  const webhookKey = Buffer.from(options.webhookSecret);

  return {
    hostedHere: options.hostedHere,
    createLink: create('LINK'),
    createUpiIntent: create('UPI_INTENT'),
    fetchStatus: (kind, gatewayId) =>
      call('GET', `${KINDS[kind].path}/${encodeURIComponent(gatewayId)}`),

    verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookVerdict {
      const given = headers[WEBHOOK_SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return { status: 'forged' };
      const expected = createHmac('sha256', webhookKey).update(rawBody).digest();
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return { status: 'forged' };
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        // Signed by the gateway but not JSON: nothing to act on, and nothing was moved.
        return { status: 'unreadable' };
      }
      const parsed = eventSchema.safeParse(json);
      const entity = parsed.data?.payload.payment_link ?? parsed.data?.payload.upi_intent;
      if (!parsed.success || !entity) return { status: 'unreadable' };
      return {
        status: 'verified',
        event: {
          id: parsed.data.id,
          type: parsed.data.event,
          kind: kindOf(entity.entity),
          gatewayId: entity.id,
          reference: entity.reference,
        },
      };
    },
  };
}
