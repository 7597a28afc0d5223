/**
 * `npm run admin -- create-owner <name>`: creates an owner of the back office and prints their
 * one-time enrolment link (a password and a TOTP app are set there; there is no default
 * password). While the server runs, the command asks it over loopback, with the key the server
 * left in its data folder (the embedded database belongs to one process); otherwise it opens
 * the database itself.
 */
import path from 'node:path';
import type { z } from 'zod';
import { enrolmentLinkSchema, operatorNameSchema } from '@backlay/contract/admin';
import { envelopeSchema } from '@backlay/contract/envelope';
import { readCommandKey } from './admin-command-key';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { loadTokenKey } from './modules/account';
import { createOperatorService, LOCAL_CREATE_OWNER_PATH, LOCAL_KEY_HEADER } from './modules/admin';

const USAGE = 'Usage: npm run admin -- create-owner <name>';

type EnrolmentLink = z.infer<typeof enrolmentLinkSchema>;

/**
 * Asks the server running on the data folder, at the port its key file names (the command's
 * own PORT may differ); null when none answers there.
 */
async function viaRunningServer(config: ServerConfig, userName: string) {
  const commandKey = readCommandKey(config.dataDir);
  if (!commandKey) return null;
  let response: Response;
  try {
    response = await fetch(
      `http://127.0.0.1:${commandKey.port ?? config.port}${LOCAL_CREATE_OWNER_PATH}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', [LOCAL_KEY_HEADER]: commandKey.key },
        body: JSON.stringify({ userName }),
      },
    );
  } catch {
    return null;
  }
  const body: unknown = await response.json();
  const link = enrolmentLinkSchema.safeParse(body);
  if (link.success) {
    console.log(
      `Asked the server running on ${config.dataDir} (port ${commandKey.port ?? config.port}).`,
    );
    return link.data;
  }
  const envelope = envelopeSchema.safeParse(body);
  throw new Error(envelope.success ? (envelope.data.error?.message ?? 'refused') : 'refused');
}

async function directly(config: ServerConfig, userName: string): Promise<EnrolmentLink> {
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrate(db);
    const operators = createOperatorService({
      db,
      tokenKey: await loadTokenKey(db, config.tokenSecret),
      // Creating an owner signs nobody in: no attempt is counted.
      limits: { take: async () => undefined, giveBack: async () => undefined },
    });
    return await operators.createOwner(userName);
  } finally {
    await db.close();
  }
}

async function main(args: string[]): Promise<number> {
  const [command, name] = args;
  if (command !== 'create-owner' || !name) {
    console.error(USAGE);
    return 2;
  }
  const userName = operatorNameSchema.safeParse(name);
  if (!userName.success) {
    console.error(`${userName.error.issues[0]?.message ?? 'Not a valid name'}. ${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const link =
    (await viaRunningServer(config, userName.data)) ?? (await directly(config, userName.data));
  const base = process.env.ADMIN_BASE_URL ?? `http://localhost:${config.port}`;
  console.log(`Owner ${link.operator.userName} created.`);
  console.log(`Enrolment link (one use, until ${link.expiresAt}):`);
  console.log(`${base}${link.enrolmentPath}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
