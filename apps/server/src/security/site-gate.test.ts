/**
 * Hosts and suspended brands: a made-up host creates nothing, a malformed one is refused, and a
 * suspended brand refuses what starts something new while its players can still read and cancel.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { build, TEST_BACKENDS } from '../test-helper';
import { caller } from '../modules/account/account-test-kit';
import {
  placeBody,
  seedEvent,
  silentFeedRunner,
  TEST_HOST,
} from '../modules/exchange/exchange-test-kit';
import { SITE_MESSAGES } from '../http/site-gate';

/** Sets the test brand's `siteSuspended` in the database and reloads the app's brands. */
async function setTestBrandSuspended(app: FastifyInstance, db: Database, suspended: boolean) {
  await db.query(
    `UPDATE brand_documents
     SET document = jsonb_set(document, '{settings,setting,siteSuspended}', to_jsonb($1::boolean)),
         version = version + 1
     WHERE name = 'test'`,
    [suspended],
  );
  await app.brands.reload();
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

    // The brand is suspended: the next request already sees it.
    await setTestBrandSuspended(open, db, true);
    try {
      const onClosed = caller(open);
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
      await setTestBrandSuspended(open, db, false);
    }
  }, 60_000);
});
