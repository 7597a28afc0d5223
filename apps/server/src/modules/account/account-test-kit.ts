import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '../../db/database';

/** A clock tests can move forward. */
export function testClock(start = Date.now()) {
  let nowMs = start;
  return {
    now: () => new Date(nowMs),
    advanceSeconds(seconds: number) {
      nowMs += seconds * 1000;
    },
  };
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number>;
  token?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** Calls the API as a browser on a brand's hostname would. */
export function caller(app: FastifyInstance) {
  return async function call(method: 'GET' | 'POST', path: string, options: CallOptions = {}) {
    const res: LightMyRequestResponse = await app.inject({
      method,
      url: `/api/${path}`,
      headers: {
        host: options.host ?? '99exch.com',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) TestPhone',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      remoteAddress: options.ip ?? '203.0.113.7',
      ...(options.query
        ? {
            query: Object.fromEntries(
              Object.entries(options.query).map(([k, v]) => [k, String(v)]),
            ),
          }
        : {}),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };
}

/** Row counts and contents of the account tables, to prove a refused call changed nothing. */
export async function accountState(db: Database): Promise<string> {
  const tables = ['users', 'refresh_tokens', 'verification_codes', 'sms_outbox', 'oauth_codes'];
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await db.query(`SELECT * FROM ${table} ORDER BY 1`);
    parts.push(`${table}:${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

/** The newest code sent to a mobile number, read from the development outbox. */
export async function latestCode(db: Database, mobile: string): Promise<string> {
  const [row] = await db.query<{ body: string }>(
    'SELECT body FROM sms_outbox WHERE mobile = $1 ORDER BY id DESC LIMIT 1',
    [mobile],
  );
  const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${mobile}`);
  return code;
}

let signUps = 0;

/**
 * A verified player signed up through the calls on `host` (from `ip`), logged in once by the
 * sign-up; returns their id, name and tokens.
 */
export async function signUpPlayer(
  app: FastifyInstance,
  db: Database,
  { host, ip, password = 'Cricket2026' }: { host: string; ip: string; password?: string },
) {
  const call = caller(app);
  const userName = `pl${++signUps}${randomBytes(3).toString('hex')}`;
  const mobile = `97${String(randomInt(1e8)).padStart(8, '0')}`;
  const reg = await call('POST', 'Account/Register', {
    ip,
    host,
    body: { userName, mobile, password, domain: host },
  });
  if (!reg.body.success) throw new Error(`sign-up failed: ${JSON.stringify(reg.body)}`);
  const code = await latestCode(db, `+91${mobile}`);
  const verified = await call('POST', 'Account/VerificationUser', {
    ip,
    host,
    body: { userName, code },
  });
  if (!verified.body.success)
    throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM users WHERE domain = $1 AND user_name = $2',
    [host, userName],
  );
  return {
    id: row?.id ?? '',
    userName,
    accessToken: verified.body.result.accessToken as string,
    refreshToken: verified.body.result.refreshToken as string,
  };
}
