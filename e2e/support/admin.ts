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
