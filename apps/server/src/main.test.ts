import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeWebDist, startServerProcess } from './test-helper';

/** The real server process on the embedded database, whatever the shell exports. */
const startServer = (env: Record<string, string>) =>
  startServerProcess({ DATABASE_URL: '', ...env });

interface HealthBody {
  result: { status: string; database: string; installationId: string };
}

async function health(url: string): Promise<HealthBody['result']> {
  return ((await (await fetch(`${url}/api/health`)).json()) as HealthBody).result;
}

describe('the server process', () => {
  it('migrates, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-main-'));
    const server = startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: fakeWebDist(),
    });
    const url = await server.listening;

    expect(await health(url)).toMatchObject({ status: 'ok', database: 'pglite' });
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    // Without an SMS provider, the start-up log says where codes go and who may read them.
    expect(server.output()).toMatch(/http:\/\/localhost:\d+\/api\/dev\/outbox/);
    expect(server.output()).toContain('loopback');
    // And whom the sandbox payment gateway answers: this machine, by default.
    expect(server.output()).toContain(
      'the built-in sandbox payment gateway answers this machine only',
    );

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutdown complete');
  });

  it('keeps its data across restarts under DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-main-'));
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: fakeWebDist() };
    const installationIds: string[] = [];
    for (let run = 0; run < 2; run++) {
      const server = startServer(env);
      const url = await server.listening;
      installationIds.push((await health(url)).installationId);
      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
    }
    expect(installationIds[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(installationIds[1]).toBe(installationIds[0]);
  });

  it('lets `npm run admin` create an owner through the server on its data folder, at the port the server listens on, whatever PORT the command has', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-main-'));
    const server = startServer({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: fakeWebDist(),
    });
    const url = await server.listening;
    // A command that opened the embedded database beside the running server would damage it;
    // it must ask the server, at the port the key file names, not its own PORT (8080 here).
    const printed = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'admin-command.ts'),
        'create-owner',
        'owner.main',
      ],
      {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '8080' },
        encoding: 'utf8',
      },
    );
    expect(printed).toContain('Owner owner.main created.');
    const port = new URL(url).port;
    expect(printed).toContain(`Asked the server running on ${dataDir} (port ${port}).`);
    expect(await health(url)).toMatchObject({ status: 'ok' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('refuses to start on a bad PORT with a clear message', async () => {
    const server = startServer({
      PORT: 'eighty',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-main-')),
    });
    await expect(server.listening).rejects.toThrow(/PORT must be a whole number/);
    expect(await server.exited).toBe(1);
  });
});
