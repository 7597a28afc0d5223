// The back office in end-to-end tests: the README's create-owner command against the running
// server, and TOTP codes computed as an authenticator app would.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { PORT } from './brand';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `npm run admin -- create-owner <name>` as the README says; returns the printed link. */
export function createOwner(name: string): string {
  const output = execFileSync('npm', ['run', '--silent', 'admin', '--', 'create-owner', name], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: process.env.E2E_DATA_DIR ?? '' },
    encoding: 'utf8',
  });
  const link = /http\S+\/admin\/enrol#\S+/.exec(output)?.[0];
  if (!link) throw new Error(`no enrolment link in: ${output}`);
  return link;
}

/** The code an authenticator app shows for a base32 secret, `stepsAhead` steps from now. */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

export interface OperatorApi {
  /** Calls `/admin/api/<path>` as the signed-in owner; returns the envelope's result. */
  call<T>(method: 'GET' | 'POST', path: string, input?: Record<string, unknown>): Promise<T>;
  /** The owner's console session, as its sign-in page keeps it (to open the console with it). */
  session: { token: string; expiresAt: string };
}

/**
 * An owner made by the command, enrolled and signed in through the back office's calls (as the
 * console makes them), for tests that change a brand without going through the console.
 */
export async function ownerApi(origin: string, name: string): Promise<OperatorApi> {
  const token = createOwner(name).split('#')[1] ?? '';
  const send = async <T>(
    method: 'GET' | 'POST',
    path: string,
    input: Record<string, unknown> = {},
    bearer?: string,
  ): Promise<T> => {
    const query =
      method === 'GET' ? `?${new URLSearchParams(input as Record<string, string>)}` : '';
    const response = await fetch(`${origin}/admin/api/${path}${query}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
    });
    const envelope = (await response.json()) as { success: boolean; result: T; error: unknown };
    if (!envelope.success) throw new Error(`${path}: ${JSON.stringify(envelope.error)}`);
    return envelope.result;
  };
  const { secret } = await send<{ secret: string }>('GET', 'enrolment', { token });
  const password = 'an operator passphrase';
  await send('POST', 'enrolment/complete', { token, password, code: totpCode(secret) });
  const session = await send<{ token: string; expiresAt: string }>('POST', 'session/sign-in', {
    userName: name,
    password,
    code: totpCode(secret, 1),
  });
  return {
    call: (method, path, input) => send(method, path, input, session.token),
    session: { token: session.token, expiresAt: session.expiresAt },
  };
}
