/**
 * The sandbox's webhooks: each event's body is signed with HMAC-SHA256 under the merchant's
 * webhook secret (hex, in `X-Sandbox-Signature`, over the exact bytes sent) and posted to the
 * merchant's URL. A 2xx answer delivers it; anything else (another status, a refused
 * connection, no answer within the timeout) is tried again with exponential backoff, up to
 * `WEBHOOK_ATTEMPTS_MAX` attempts in all. Delivery state lives in `sandbox_gateway_events`, so
 * a restart (or another instance) carries on where the last attempt left off.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import { claimDueEvents, markAttemptFailed, markDelivered } from './sandbox-store';

export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const EVENT_ID_HEADER = 'x-sandbox-event-id';
/** When this attempt was sent (Unix seconds); the event's own time is in its signed body. */
export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';

/** Attempts per event, the first included: at once, then after 15 s, 1 min, 4 min and 16 min. */
export const WEBHOOK_ATTEMPTS_MAX = 5;
export const WEBHOOK_RETRY_BASE_MS = 15_000;
export const WEBHOOK_RETRY_FACTOR = 4;
/** How long the merchant has to answer one attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A claimed attempt's hold: longer than an attempt may take, so no two senders overlap. */
const CLAIM_LEASE_MS = 6 * WEBHOOK_TIMEOUT_MS;
/** Events one sweep sends at most. */
const EVENTS_PER_SWEEP = 50;

/** How the sandbox reaches the merchant: `fetch`, or a stand-in (in-process, or a test's). */
export type HttpFetch = (url: string, init: RequestInit) => Promise<Response>;

/** The signature of a webhook body: hex HMAC-SHA256 under the webhook secret. */
export function signWebhookBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** How long after its `attemptsMade`-th failed attempt an event is tried again. */
export function retryDelayMs(attemptsMade: number): number {
  return WEBHOOK_RETRY_BASE_MS * WEBHOOK_RETRY_FACTOR ** (attemptsMade - 1);
}

export interface DeliveryDeps {
  db: Queryable;
  fetch: HttpFetch;
  now: () => Date;
  webhookSecret: string;
  log: FastifyBaseLogger;
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

/** Sends the events that are due (or only `eventId`, when it is due) once each. */
export async function deliverDueEvents(
  deps: DeliveryDeps,
  only: { eventId?: string } = {},
): Promise<DeliveryReport> {
  const now = deps.now();
  const claimed = await claimDueEvents(deps.db, {
    now,
    leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
    limit: EVENTS_PER_SWEEP,
    eventId: only.eventId ?? null,
  });
  const report: DeliveryReport = { delivered: 0, failed: 0 };
  // One at a time: a merchant that is down costs a timeout per event, not a burst of them.
  for (const event of claimed) {
    const outcome = await attempt(deps, event.id, event.notify_url, event.body);
    if (outcome.ok) {
      await markDelivered(deps.db, event.id, outcome.status, deps.now());
      report.delivered++;
      continue;
    }
    const lastAttempt = event.attempts >= WEBHOOK_ATTEMPTS_MAX;
    const retryAt = lastAttempt
      ? null
      : new Date(deps.now().getTime() + retryDelayMs(event.attempts));
    await markAttemptFailed(deps.db, event.id, { ...outcome, retryAt });
    report.failed++;
    deps.log[lastAttempt ? 'error' : 'warn'](
      { event: event.id, attempts: event.attempts, status: outcome.status, error: outcome.error },
      lastAttempt
        ? 'sandbox gateway: webhook given up after its last attempt'
        : 'sandbox gateway: webhook attempt failed; it will be tried again',
    );
  }
  return report;
}

type AttemptOutcome =
  { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function attempt(
  deps: DeliveryDeps,
  eventId: string,
  url: string,
  body: string,
): Promise<AttemptOutcome> {
  try {
    const res = await deps.fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Backlay-Sandbox-Gateway/1',
        [SIGNATURE_HEADER]: signWebhookBody(deps.webhookSecret, body),
        [EVENT_ID_HEADER]: eventId,
        [TIMESTAMP_HEADER]: String(Math.floor(deps.now().getTime() / 1000)),
      },
      body,
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      redirect: 'manual',
    });
    // Only the status matters; the body is read so the connection is released.
    await res.arrayBuffer();
    return res.ok
      ? { ok: true, status: res.status }
      : { ok: false, status: res.status, error: `the merchant answered ${res.status}` };
  } catch (error) {
    return {
      ok: false,
      status: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
