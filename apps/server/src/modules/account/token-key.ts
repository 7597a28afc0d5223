import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/database';

const KEY_NAME = 'access_token_key';
const KEY_BYTES = 32;

/**
 * The key access tokens are signed with: `TOKEN_SECRET` when set (at least 32 bytes of
 * base64), otherwise one generated once and kept in the database, so every instance on
 * the same database signs and verifies with the same key.
 */
export async function loadTokenKey(db: Queryable, configured: string | null): Promise<Buffer> {
  if (configured) {
    const key = Buffer.from(configured, 'base64');
    if (key.length < KEY_BYTES)
      throw new Error(`TOKEN_SECRET must be at least ${KEY_BYTES} bytes of base64`);
    return key;
  }
  await db.query(
    'INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [KEY_NAME, randomBytes(KEY_BYTES).toString('base64')],
  );
  const [row] = await db.query<{ value: string }>(
    'SELECT value FROM server_secrets WHERE name = $1',
    [KEY_NAME],
  );
  if (!row) throw new Error('the token key could not be stored');
  return Buffer.from(row.value, 'base64');
}
