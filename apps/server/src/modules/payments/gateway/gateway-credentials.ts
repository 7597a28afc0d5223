import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/database';

/** The merchant's keys at the gateway: the API key pair and the webhook signing secret. */
export interface GatewayCredentials {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/** How each credential is configured, and how one is made when it is not. */
const CREDENTIALS = {
  keyId: {
    secretName: 'payment_gateway_key_id',
    make: () => `key_${randomBytes(8).toString('hex')}`,
  },
  keySecret: {
    secretName: 'payment_gateway_key_secret',
    make: () => randomBytes(32).toString('base64url'),
  },
  webhookSecret: {
    secretName: 'payment_gateway_webhook_secret',
    make: () => randomBytes(32).toString('base64url'),
  },
} as const;

/**
 * The gateway credentials: each configured one (`PAYMENT_GATEWAY_KEY_ID`, `_KEY_SECRET`,
 * `_WEBHOOK_SECRET`) as given, and each unset one generated once and kept in the database, as
 * the token key is, so every instance on it (and the built-in sandbox, which is given the same
 * values) agrees on a fresh install.
 */
export async function loadGatewayCredentials(
  db: Queryable,
  configured: { keyId: string | null; keySecret: string | null; webhookSecret: string | null },
): Promise<GatewayCredentials> {
  const load = async (field: keyof GatewayCredentials): Promise<string> => {
    const given = configured[field];
    if (given) return given;
    const { secretName, make } = CREDENTIALS[field];
    await db.query(
      'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [secretName, make()],
    );
    const [row] = await db.query<{ value: string }>(
      'SELECT value FROM server_secrets WHERE name = $1',
      [secretName],
    );
    if (!row) throw new Error(`the payment gateway's ${field} could not be stored`);
    return row.value;
  };
  return {
    keyId: await load('keyId'),
    keySecret: await load('keySecret'),
    webhookSecret: await load('webhookSecret'),
  };
}
