/**
 * Ending a player's sessions ends their access tokens on every instance at the next call: a
 * password change (the device that made it continues on fresh tokens), an operator's login lock
 * even once lifted, and a forced password change even once the player set a new password.
 * Every contract route that reads a bearer is tried, on two instances sharing one database.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HUB_PATH } from '@backlay/contract/hub';
import { apiPath, listApiRoutes, type ApiRoute } from '@backlay/contract/routes';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/database';
import { build, buildInstance, TEST_BACKENDS, testAppConfig } from '../../test-helper';
import { PASSWORD_CHANGED_CLOSE } from './account-routes';
import { caller, signUpPlayer } from './account-test-kit';
import { recordLoginSuccess } from './login-queries';
import { forcePasswordReset, playerSessions, setLoginLock } from './player-admin';
import { hashPassword } from './passwords';
import { newSession } from './sessions';
import { findUserById, setPasswordHash } from './users';

const HOST = '99exch.com';
const PASSWORD = 'Cricket2026';
const NEW_PASSWORD = 'Another2027';

/** Every contract route that reads a bearer token when one is sent. */
const BEARER_ROUTES = listApiRoutes().filter(([, route]) => route.auth !== 'none');

const newIp = () => `198.18.${randomInt(256)}.${randomInt(256)}`;

function callRoute(app: FastifyInstance, route: ApiRoute, token: string) {
  return app.inject({
    method: route.method,
    url: apiPath(route),
    headers: { host: HOST, authorization: `Bearer ${token}` },
    remoteAddress: '203.0.113.7',
    ...(route.method === 'POST' ? { payload: {} } : {}),
  });
}

/** The served bearer routes of an app (calls still to build answer "no such call" to anyone). */
function servedRoutes(app: FastifyInstance): [string, ApiRoute][] {
  return BEARER_ROUTES.filter(([, route]) =>
    app.hasRoute({ method: route.method, url: apiPath(route) }),
  );
}

/** Every bearer route of every instance refuses `token` with 401 in the envelope; so does the hub. */
async function expectRefusedEverywhere(instances: FastifyInstance[], token: string) {
  for (const [index, app] of instances.entries()) {
    const served = servedRoutes(app);
    expect(served.length).toBeGreaterThan(20);
    for (const [name, route] of served) {
      const res = await callRoute(app, route, token);
      const label = `instance ${index}: ${route.method} ${route.path} (${name})`;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
      expect(res.json(), label).toMatchObject({
        success: false,
        error: { code: 'UNAUTHORIZED' },
        unAuthorizedRequest: true,
      });
    }
    const negotiate = await app.inject({
      method: 'POST',
      url: `${HUB_PATH}/negotiate?negotiateVersion=1`,
      headers: { host: HOST, authorization: `Bearer ${token}` },
    });
    expect(negotiate.statusCode, `instance ${index}: negotiate`).toBe(401);
  }
}

/** No bearer route of any instance refuses `token` as unauthorised. */
async function expectAcceptedEverywhere(instances: FastifyInstance[], token: string) {
  for (const [index, app] of instances.entries()) {
    for (const [name, route] of servedRoutes(app)) {
      const res = await callRoute(app, route, token);
      expect(res.statusCode, `instance ${index}: ${name}: ${res.body}`).not.toBe(401);
    }
  }
}

describe.each(TEST_BACKENDS)('ending sessions on %s', async (backend) => {
  const { app, db } = await build({ backend });
  const other = await buildInstance(db);
  const instances = [app, other];
  const call = caller(app);
  const callOther = caller(other);

  const signUp = () => signUpPlayer(app, db, { host: HOST, ip: newIp(), password: PASSWORD });
  const login = (userName: string, password = PASSWORD) =>
    call('POST', 'Account/Authenticate', {
      ip: newIp(),
      body: { userNameOrEmailAddress: userName, password },
    });
  const stakes = (on: typeof call, token: string) => on('GET', 'UserStake/Get', { token });
  const refresh = (on: typeof call, refreshToken: string) =>
    on('GET', 'Account/RefreshToken', { query: { refreshToken } });

  it('ends every token of before a password change on both instances; the changing device goes on', async () => {
    const player = await signUp();
    const phone = await login(player.userName);
    expect(phone.body.success).toBe(true);
    const phoneToken = phone.body.result.accessToken as string;
    // Both instances have read (and keep) the player for both tokens.
    for (const on of [call, callOther]) {
      expect((await stakes(on, player.accessToken)).status).toBe(200);
      expect((await stakes(on, phoneToken)).status).toBe(200);
    }
    const reconnect = vi.spyOn(app.hub, 'closePlayer');

    const changed = await call('POST', 'Account/changePassword', {
      token: phoneToken,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const fresh = changed.body.result as { accessToken: string; refreshToken: string };
    expect(fresh.accessToken).not.toBe(phoneToken);

    // The old tokens, the changing device's own included, at once and on both instances.
    await expectRefusedEverywhere(instances, player.accessToken);
    await expectRefusedEverywhere(instances, phoneToken);
    for (const on of [call, callOther]) {
      expect((await refresh(on, player.refreshToken)).status).toBe(401);
      expect((await refresh(on, phone.body.result.refreshToken as string)).status).toBe(401);
    }
    // Every live connection closes and may come back: only the new token gets back in.
    expect(reconnect).toHaveBeenCalledWith(HOST, player.id, PASSWORD_CHANGED_CLOSE, true);
    reconnect.mockRestore();

    // The changing device goes on with the answer's tokens, refreshed too, on both instances.
    await expectAcceptedEverywhere(instances, fresh.accessToken);
    const refreshed = await refresh(callOther, fresh.refreshToken);
    expect(refreshed.status).toBe(200);
    expect((await stakes(call, refreshed.body.result.accessToken as string)).status).toBe(200);
    expect(await playerSessions(db, player.id)).toHaveLength(1);
    // The old password is gone, the new one logs in.
    expect((await login(player.userName)).body.success).toBe(false);
    expect((await login(player.userName, NEW_PASSWORD)).body.success).toBe(true);
  });

  it("never honours a session a login wrote while the player's sessions ended", async () => {
    const player = await signUp();
    const user = await findUserById(db, HOST, player.id);
    if (!user) throw new Error('no player');
    // A login read the player (the generation of then), and wrote its session only after a
    // password change had ended every session.
    const racing = newSession(user, app.tokenKey, new Date());
    const changed = await call('POST', 'Account/changePassword', {
      token: player.accessToken,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    await recordLoginSuccess(db, racing.refreshToken, {
      domain: HOST,
      userName: player.userName,
      ip: newIp(),
      browser: 'test',
    });
    expect((await stakes(call, racing.tokens.accessToken)).status).toBe(401);
    expect((await refresh(callOther, racing.tokens.refreshToken)).status).toBe(401);
    expect(await playerSessions(db, player.id)).toHaveLength(1);
  });

  it('keeps the tokens of before a login lock refused after the lock is lifted', async () => {
    const player = await signUp();
    for (const on of [call, callOther])
      expect((await stakes(on, player.accessToken)).status).toBe(200);
    await db.transaction((tx) => setLoginLock(tx, player.id, true));
    await db.transaction((tx) => setLoginLock(tx, player.id, false));
    await expectRefusedEverywhere(instances, player.accessToken);
    expect((await refresh(callOther, player.refreshToken)).status).toBe(401);
    // The player logs in again, and that session works.
    const again = await login(player.userName);
    expect(again.body.success).toBe(true);
    expect((await stakes(callOther, again.body.result.accessToken as string)).status).toBe(200);
  });

  it("keeps the tokens of before an operator's forced password change refused once a new one is set", async () => {
    const player = await signUp();
    expect((await stakes(callOther, player.accessToken)).status).toBe(200);
    await db.transaction((tx) => forcePasswordReset(tx, player.id));
    await setPasswordHash(db, player.id, await hashPassword(NEW_PASSWORD));
    await expectRefusedEverywhere(instances, player.accessToken);
    const again = await login(player.userName, NEW_PASSWORD);
    expect((await stakes(callOther, again.body.result.accessToken as string)).status).toBe(200);
  });
});

// Instances in separate processes share nothing but the database and Redis: here, each with a
// connection pool of its own, so only the hub's backplane can tell one of the other's change.
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
  'ending sessions across instances with pools of their own (PostgreSQL and Redis)',
  async () => {
    const { app, db } = await build({
      backend: 'postgres',
      config: { redisUrl: process.env.REDIS_URL ?? null },
    });
    const [schema] = await db.query<{ name: string }>('SELECT current_schema() AS name');
    const ownPool: Database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL ?? null,
      pgliteDir: null,
      schema: schema?.name ?? '',
    });
    const other = await buildApp({
      config: testAppConfig({ redisUrl: process.env.REDIS_URL ?? null }),
      db: ownPool,
      logger: false,
    });
    afterAll(async () => {
      await other.close();
      await ownPool.close();
    });

    it("refuses the old token on the other instance as soon as the change's announcement lands", async () => {
      const player = await signUpPlayer(app, db, { host: HOST, ip: newIp(), password: PASSWORD });
      const callOther = caller(other);
      const heard = vi.spyOn(other.accounts, 'forgetPlayer');
      expect((await callOther('GET', 'UserStake/Get', { token: player.accessToken })).status).toBe(
        200,
      );
      const keptAt = Date.now();
      const changed = await caller(app)('POST', 'Account/changePassword', {
        token: player.accessToken,
        body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      });
      expect(changed.status).toBe(200);
      await vi.waitFor(() => expect(heard).toHaveBeenCalledWith(HOST, player.id), {
        timeout: 1_000,
        interval: 5,
      });
      const refused = await callOther('GET', 'UserStake/Get', { token: player.accessToken });
      // Well inside the two seconds the other instance would otherwise keep the row.
      expect(Date.now() - keptAt).toBeLessThan(1_500);
      expect(refused.status).toBe(401);
      const fresh = changed.body.result.accessToken as string;
      expect((await callOther('GET', 'UserStake/Get', { token: fresh })).status).toBe(200);
    });
  },
);
