/**
 * Hosts and suspended brands: a made-up host creates nothing, a malformed one is refused, and a
 * suspended brand refuses what starts something new while its players can still read and cancel.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { build, TEST_BACKENDS, testAppConfig } from '../test-helper';
import { caller } from '../modules/account/account-test-kit';
import {
  placeBody,
  seedEvent,
  silentFeedRunner,
  TEST_HOST,
} from '../modules/exchange/exchange-test-kit';
import { SITE_MESSAGES } from '../http/site-gate';

/** A copy of the domain registry in which the test settings (`localhost`) say suspended. */
function suspendedDomainsDir(): string {
  const source = testAppConfig().domainsDir;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-suspended-'));
  fs.cpSync(source, dir, { recursive: true, filter: (file) => !file.includes('node_modules') });
  const file = path.join(dir, 'settings', 'test.json');
  const settings = JSON.parse(fs.readFileSync(file, 'utf8'));
  settings.setting.siteSuspended = true;
  fs.writeFileSync(file, JSON.stringify(settings));
  return dir;
}

const freshIp = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe.each(TEST_BACKENDS)('the site gate on %s', (backend) => {
  const ready = build({ backend });

  it('creates nothing for 300 made-up hosts, and answers them with the maintenance error', async () => {
    const { app, db } = await ready;
    const call = caller(app);
    const counts = async () =>
      JSON.stringify(
        await db.query(
          `SELECT (SELECT count(*) FROM users) AS users,
                  (SELECT count(*) FROM ledger_accounts) AS accounts`,
        ),
      );
    const before = await counts();
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        call('GET', 'Account/LoginAsDemoUser', {
          host: `brand-${i}-${randomUUID().slice(0, 6)}.example`,
          ip: freshIp(),
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({
        success: false,
        error: { code: 'SITE_SUSPENDED', message: SITE_MESSAGES.unknown },
      });
    }
    expect(await counts()).toBe(before);
    // Registered brands, their previews and test hosts are served; health answers on any host.
    for (const host of ['99exch.com', '99exch.com.localhost', 'localhost', 'preview.anything.in']) {
      expect((await call('GET', 'Account/LoginAsDemoUser', { host, ip: freshIp() })).status).toBe(
        200,
      );
    }
    const health = await app.inject({ url: '/api/health', headers: { host: 'made-up.example' } });
    expect(health.statusCode).toBe(200);
  }, 60_000);

  it('refuses a Host over 253 characters or with odd characters as a bad request', async () => {
    const { app } = await ready;
    for (const host of [`${'a'.repeat(250)}.com`, 'bad host.com', 'x<script>.com']) {
      const res = await app.inject({ url: '/api/Account/LoginAsDemoUser', headers: { host } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'MALFORMED_REQUEST' } });
    }
  });

  it('closes a suspended brand to logins, sign-ups and bets, but not to reading or cancelling', async () => {
    const { app: open, db } = await ready;
    const call = caller(open);
    // Before the suspension: a player with a resting bet on the test brand.
    const feed = silentFeedRunner(db);
    const event = await seedEvent(db, feed);
    const marketId = event.markets.match_odds ?? '';
    const demo = await call('GET', 'Account/LoginAsDemoUser', { host: TEST_HOST, ip: freshIp() });
    const token = demo.body.result.accessToken as string;
    const resting = await call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      token,
      body: placeBody(marketId, 1, 'BACK', 500, 100),
    });
    expect(resting.body.success, JSON.stringify(resting.body)).toBe(true);
    const betId = resting.body.result.bet.id as number;

    // The same database served by an instance whose settings say the brand is suspended.
    const closed = await buildApp({
      config: testAppConfig({ domainsDir: suspendedDomainsDir() }),
      db,
      logger: false,
    });
    try {
      const onClosed = caller(closed);
      const refusals = [
        onClosed('GET', 'Account/LoginAsDemoUser', { host: TEST_HOST, ip: freshIp() }),
        onClosed('POST', 'Account/Authenticate', {
          host: TEST_HOST,
          body: { userNameOrEmailAddress: 'someone', password: 'Cricket2026' },
        }),
        onClosed('POST', 'Account/Register', {
          host: TEST_HOST,
          body: {
            userName: 'newplayer1',
            mobile: '9876543210',
            password: 'Cricket2026',
            domain: 'test',
          },
        }),
        onClosed('POST', 'Bet/PlaceBetV2', {
          host: TEST_HOST,
          token,
          body: placeBody(marketId, 1, 'BACK', 500, 100),
        }),
      ];
      for (const answer of await Promise.all(refusals)) {
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({
          success: false,
          error: { code: 'SITE_SUSPENDED', message: SITE_MESSAGES.suspended },
        });
      }
      const openBets = await onClosed('GET', 'Bet/GetUserOpenBets', { host: TEST_HOST, token });
      expect(openBets.status).toBe(200);
      expect(JSON.stringify(openBets.body.result)).toContain(String(betId));
      const cancel = await onClosed('POST', 'Bet/CancelBet', {
        host: TEST_HOST,
        token,
        body: { betId },
      });
      expect(cancel.body.success, JSON.stringify(cancel.body)).toBe(true);
    } finally {
      await closed.close();
    }
  }, 60_000);
});
