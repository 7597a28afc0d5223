/**
 * Every contract route whose auth is `required`, called with every kind of bad bearer: each
 * must answer 401 in the envelope with `unAuthorizedRequest: true`. The routes are read from
 * API_ROUTES, so a new player-only route joins the matrix by itself once the server serves it.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HUB_PATH } from '@backlay/contract/hub';
import { apiPath, listApiRoutes, type ApiRoute } from '@backlay/contract/routes';
import { build, TEST_BACKENDS } from '../test-helper';
import { signAccessToken, type AccessClaims } from '../modules/account/access-token';
import { testClock } from '../modules/account/account-test-kit';
import { ACCESS_TOKEN_SECONDS } from '../modules/account/sessions';

const TOKEN_KEY = randomBytes(32);
const HOST = '99exch.com';
const OTHER_BRAND = 'gold365.bet';

const REQUIRED = listApiRoutes().filter(([, route]) => route.auth === 'required');

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWT with any header, signed (HS256 over header and payload) with `key` if given. */
function forge(header: object, claims: object, key: Buffer | null): string {
  const body = `${base64url(header)}.${base64url(claims)}`;
  if (!key) return `${body}.`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

function call(app: FastifyInstance, route: ApiRoute, authorization: string | null, host = HOST) {
  return app.inject({
    method: route.method,
    url: apiPath(route),
    headers: { host, ...(authorization !== null ? { authorization } : {}) },
    ...(route.method === 'POST' ? { payload: {} } : {}),
  });
}

describe.each(TEST_BACKENDS)('the auth matrix on %s', async (backend) => {
  const clock = testClock();
  const { app } = await build({
    backend,
    now: clock.now,
    config: { tokenSecret: TOKEN_KEY.toString('base64') },
  });

  async function demoLogin(host = HOST): Promise<string> {
    const res = await app.inject({
      method: 'GET',
      url: '/api/Account/LoginAsDemoUser',
      headers: { host },
    });
    expect(res.json().success, res.body).toBe(true);
    return res.json().result.accessToken as string;
  }

  const served = REQUIRED.filter(([, route]) =>
    app.hasRoute({ method: route.method, url: apiPath(route) }),
  );
  const unserved = REQUIRED.filter(([name]) => !served.some(([n]) => n === name));

  /** Every served player-only route answers 401 in the envelope, and so does negotiate. */
  async function expectEveryRouteRefuses(authorization: string | null, host = HOST) {
    for (const [name, route] of served) {
      const res = await call(app, route, authorization, host);
      const label = `${route.method} ${route.path} (${name})`;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(401);
      expect(res.json(), label).toMatchObject({
        success: false,
        result: null,
        error: { code: 'UNAUTHORIZED' },
        unAuthorizedRequest: true,
      });
      expect(typeof res.json().error.message, label).toBe('string');
    }
    // The hub takes guests (an empty header is none), but a bearer it is given must be good.
    if (authorization) {
      const res = await app.inject({
        method: 'POST',
        url: `${HUB_PATH}/negotiate?negotiateVersion=1`,
        headers: { host, authorization },
      });
      expect(res.statusCode, `negotiate: ${res.body}`).toBe(401);
      expect(res.json()).toMatchObject({ success: false, unAuthorizedRequest: true });
    }
  }

  /** Claims of a real demo player, for tokens forged around them. */
  async function realClaims(): Promise<AccessClaims> {
    const token = await demoLogin();
    const payload = token.split('.')[1] ?? '';
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
  }

  it('serves every player-only route it knows, and says which it does not serve yet', () => {
    expect(served.length).toBeGreaterThan(10);
    // Unserved routes answer "no such call" whoever asks; they join the matrix once served.
    if (unserved.length)
      console.log(
        `Auth matrix: ${served.length} player-only routes; not served yet: ${unserved
          .map(([name]) => name)
          .join(', ')}`,
      );
  });

  it('lets a valid token through on every player-only route (the control)', async () => {
    const token = await demoLogin();
    for (const [name, route] of served) {
      const res = await call(app, route, `Bearer ${token}`);
      expect(res.statusCode, `${name}: ${res.body}`).not.toBe(401);
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('refuses a call without an Authorization header', async () => {
    await expectEveryRouteRefuses(null);
  });

  it.each([
    ['garbage', 'garbage'],
    ['an empty header', ''],
    ['Bearer and no token', 'Bearer'],
    ['Bearer and a space', 'Bearer '],
    ['a token that is not a JWT', 'Bearer not-a-token'],
    ['three empty parts', 'Bearer ..'],
    ['another scheme', 'Basic dXNlcjpwYXNzd29yZA=='],
    ['two tokens', 'Bearer a.b.c d.e.f'],
    ['a JSON null header and payload', `Bearer ${base64url(null)}.${base64url(null)}.x`],
  ])('refuses %s', async (_label, authorization) => {
    await expectEveryRouteRefuses(authorization);
  });

  it('refuses a tampered token', async () => {
    const token = await demoLogin();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    await expectEveryRouteRefuses(
      `Bearer ${header}.${base64url({ ...claims, demo: false })}.${signature}`,
    );
    await expectEveryRouteRefuses(`Bearer ${token.slice(0, -2)}`);
  });

  it('refuses tokens with alg none, whatever their signature', async () => {
    const claims = await realClaims();
    for (const alg of ['none', 'None', 'NONE']) {
      await expectEveryRouteRefuses(`Bearer ${forge({ alg, typ: 'JWT' }, claims, null)}`);
      // A correct HS256 signature does not save a header that asks for none.
      await expectEveryRouteRefuses(`Bearer ${forge({ alg, typ: 'JWT' }, claims, TOKEN_KEY)}`);
    }
    await expectEveryRouteRefuses(`Bearer ${forge({ alg: 'HS512' }, claims, TOKEN_KEY)}`);
    await expectEveryRouteRefuses(`Bearer ${forge({ typ: 'JWT' }, claims, TOKEN_KEY)}`);
  });

  it('refuses a token signed with another key', async () => {
    const claims = await realClaims();
    await expectEveryRouteRefuses(`Bearer ${signAccessToken(claims, randomBytes(32))}`);
    await expectEveryRouteRefuses(`Bearer ${signAccessToken(claims, Buffer.alloc(0))}`);
  });

  it('refuses a token of a player who does not exist, even signed with the right key', async () => {
    const claims = await realClaims();
    await expectEveryRouteRefuses(
      `Bearer ${signAccessToken({ ...claims, sub: randomUUID() }, TOKEN_KEY)}`,
    );
  });

  it('refuses an expired token: forged, and a real one once its 30 minutes have passed', async () => {
    const claims = await realClaims();
    const nowSeconds = Math.floor(clock.now().getTime() / 1000);
    await expectEveryRouteRefuses(
      `Bearer ${signAccessToken({ ...claims, iat: nowSeconds - 3600, exp: nowSeconds }, TOKEN_KEY)}`,
    );
    const token = await demoLogin();
    clock.advanceSeconds(ACCESS_TOKEN_SECONDS);
    await expectEveryRouteRefuses(`Bearer ${token}`);
  });

  it('refuses a valid token of another brand', async () => {
    const token = await demoLogin(HOST);
    await expectEveryRouteRefuses(`Bearer ${token}`, OTHER_BRAND);
    // The same token on its own brand is fine: the refusal is about the brand alone.
    const [, route] = served[0] as [string, ApiRoute];
    expect((await call(app, route, `Bearer ${token}`, HOST)).statusCode).not.toBe(401);
  });
});
