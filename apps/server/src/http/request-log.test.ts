import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testAppConfig, migratedTestDatabase } from '../test-helper';
import { caller } from '../modules/account/account-test-kit';

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

const INFO = 30;
const WARN = 40;

async function loggedApp() {
  const lines: LogLine[] = [];
  const db = await migratedTestDatabase('pglite');
  const app = await buildApp({
    config: testAppConfig({
      logLevel: 'info',
      limits: { ...testAppConfig().limits, demoAddress: [{ points: 2, durationSeconds: 60 }] },
    }),
    db,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
  });
  return { app, lines, call: caller(app) };
}

describe('the log at info level', () => {
  it('keeps requests out, and says once per window that a limit refused someone', async () => {
    const { app, lines, call } = await loggedApp();
    try {
      for (let i = 0; i < 5; i++) await call('GET', 'Account/LoginAsDemoUser', { ip: '192.0.2.9' });
      await call('GET', 'setting/GetSettingExpiry');
      expect(lines.filter((l) => /request/i.test(l.msg))).toEqual([]);
      const refusals = lines.filter((l) => l.msg === 'refused by a limit');
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatchObject({
        level: WARN,
        limit: 'demoAddress',
        domain: '99exch.com',
        ip: '192.0.2.9',
      });
    } finally {
      await app.close();
    }
  });

  it('warns of a reused refresh token with the player, and of forged tokens once with a count', async () => {
    const { app, lines, call } = await loggedApp();
    try {
      const demo = await call('GET', 'Account/LoginAsDemoUser', { ip: '192.0.2.10' });
      const { refreshToken, accessToken } = demo.body.result as {
        refreshToken: string;
        accessToken: string;
      };
      const info = await call('GET', 'Setting/GetSetting', { token: accessToken });
      const playerId = info.body.result.userId as string;
      expect((await call('GET', 'Account/RefreshToken', { query: { refreshToken } })).status).toBe(
        200,
      );
      expect((await call('GET', 'Account/RefreshToken', { query: { refreshToken } })).status).toBe(
        401,
      );
      const reuse = lines.filter((l) => /refresh token came back/.test(l.msg));
      expect(reuse).toEqual([
        expect.objectContaining({ level: WARN, domain: '99exch.com', playerId }),
      ]);

      const [head = '', body = ''] = accessToken.split('.');
      const forged = `${head}.${body}.${'A'.repeat(43)}`;
      for (let i = 0; i < 5; i++) {
        expect((await call('GET', 'Setting/GetSetting', { token: forged })).status).toBe(401);
      }
      const warned = lines.filter((l) => /forged or foreign/.test(l.msg));
      expect(warned).toEqual([
        expect.objectContaining({ level: WARN, domain: '99exch.com', reason: 'bad_signature' }),
      ]);
      expect(lines.every((l) => l.level >= INFO)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
