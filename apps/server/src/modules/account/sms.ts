import type { Queryable } from '../../db/database';

export interface SmsMessage {
  domain: string;
  /** E.164, e.g. +919876543210. */
  mobile: string;
  body: string;
}

/** Where one-time codes go: a real provider in production, the development outbox otherwise. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Keeps messages in the database and the log, for development and tests only. */
export function outboxSmsProvider(db: Queryable, log: (message: SmsMessage) => void): SmsProvider {
  return {
    name: 'development-outbox',
    async send(message) {
      log(message);
      await db.query('INSERT INTO sms_outbox (domain, mobile, body) VALUES ($1, $2, $3)', [
        message.domain,
        message.mobile,
        message.body,
      ]);
    },
  };
}

/**
 * A provider reached by an HTTPS webhook: `POST {to, body, domain}` with a bearer token.
 * Any SMS gateway can sit behind such a hook.
 */
export function webhookSmsProvider(url: string, token: string | null): SmsProvider {
  return {
    name: 'webhook',
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ to: message.mobile, body: message.body, domain: message.domain }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
    },
  };
}

export interface OutboxMessage {
  id: number;
  domain: string;
  mobile: string;
  body: string;
  createdAt: string;
}

/** Where the development outbox is read (loopback only; never with a provider or in production). */
export const DEV_OUTBOX_PATH = '/api/dev/outbox';

/** The newest outbox messages, newest first. */
export async function readOutbox(db: Queryable, limit: number): Promise<OutboxMessage[]> {
  const rows = await db.query<{
    id: string;
    domain: string;
    mobile: string;
    body: string;
    created_at: Date;
  }>('SELECT id, domain, mobile, body, created_at FROM sms_outbox ORDER BY id DESC LIMIT $1', [
    limit,
  ]);
  return rows.map((r) => ({
    id: Number(r.id),
    domain: r.domain,
    mobile: r.mobile,
    body: r.body,
    createdAt: r.created_at.toISOString(),
  }));
}
