/**
 * Every contract route, and the OAuth and hub calls beside them, fed generated bad input as a
 * guest, a demo player and a registered player: no answer may be a 5xx, and every refusal of
 * an API call must be the envelope with a code of the contract. Routes are read from
 * API_ROUTES, so a route added to the contract is fuzzed without a change here.
 *
 * FUZZ_RUNS raises the generated cases per route (default 15); fast-check prints the seed and
 * path of any failure, to replay with FUZZ_SEED and FUZZ_PATH.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HUB_PATH } from '@backlay/contract/hub';
import { listApiRoutes, type ApiRoute, type ApiRouteName } from '@backlay/contract/routes';
import { TEST_BACKENDS } from '../test-helper';
import { latestCode } from '../modules/account/account-test-kit';
import { registerOAuthClient } from '../modules/account/oauth';
import {
  demoPlayer,
  exchangeApp,
  placeBody,
  CRICKET_MARKETS,
  seedEvent,
  TEST_HOST,
} from '../modules/exchange/exchange-test-kit';
import {
  EVIL_STRINGS,
  expectEnvelopeAnswer,
  expectNegotiateAnswer,
  expectNoServerFault,
  expectOAuthAnswer,
  FIELD_MUTATIONS,
  genericBodyArb,
  genericQueryArb,
  hostile,
  leafPaths,
  pathOf,
  ROUTE_INPUTS,
  send,
  toJsonText,
  toQueryString,
  validExample,
  withField,
  type Caller,
  type FieldHints,
  type RouteInputs,
} from './security-kit';

const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
/**
 * The random exploration and the HTTP-level cases (limits, content types, JSON, query strings,
 * hosts) run on PGlite; the field sweeps, where the database's own refusals show, run on every
 * backend. FUZZ_EVERY_BACKEND=1 runs everything on PostgreSQL too.
 */
const exploreOn = (backend: string) =>
  backend === 'pglite' || process.env.FUZZ_EVERY_BACKEND === '1';
const replay = {
  ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
  ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
};
const ROUTES = listApiRoutes();
const ONE_MEGABYTE = 1024 * 1024;

/** The answer check of a route: OAuth speaks RFC 6749, everything else the envelope. */
const checkFor = (name: ApiRouteName) =>
  name === 'oauthToken' ? expectOAuthAnswer : expectEnvelopeAnswer;

describe.each(TEST_BACKENDS)('fuzzing the API on %s', async (backend) => {
  const explore = exploreOn(backend);
  const x = await exchangeApp(backend);
  const { app, db } = x;

  // A world worth reaching: an event with every kind of market, players with bets on it.
  const event = await seedEvent(db, x.feed, { markets: CRICKET_MARKETS });
  const marketIds = Object.values(event.markets);
  const demo = await demoPlayer(x);
  const userName = `fuzz${Date.now().toString(36)}`;
  const mobile = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const registered = await x.call('POST', 'Account/Register', {
    host: TEST_HOST,
    body: { userName, mobile, password: 'Cricket2026', domain: 'test' },
  });
  expect(registered.body.success, JSON.stringify(registered.body)).toBe(true);
  const verified = await x.call('POST', 'Account/VerificationUser', {
    host: TEST_HOST,
    body: { userName, code: await latestCode(db, `+91${mobile}`) },
  });
  expect(verified.body.success, JSON.stringify(verified.body)).toBe(true);
  const player = verified.body.result as { accessToken: string; refreshToken: string };
  const betIds: number[] = [];
  for (const [marketId, price] of [
    [event.markets.match_odds, 1.5],
    [event.markets.match_odds, 1.97],
  ] as const) {
    const placed = await x.call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      token: demo.token,
      body: placeBody(marketId as string, 1, 'BACK', price, 100),
    });
    expect(placed.body.success, JSON.stringify(placed.body)).toBe(true);
    betIds.push(placed.body.result.bet.id);
  }

  const clientId = `fuzz-client-${backend}`;
  const { clientSecret } = await registerOAuthClient(db, {
    clientId,
    domain: 'test',
    redirectUris: ['https://operator.example/return'],
  });

  const callers: Caller[] = [
    { label: 'a guest', token: null },
    { label: 'a demo player', token: demo.token },
    { label: 'a registered player', token: player.accessToken },
  ];
  /** Real ids and prices beside generated ones, so bad input also meets real rows. */
  const hints: FieldHints = {
    marketId: fc.constantFrom(...marketIds),
    marketIds: fc.constantFrom(marketIds.join(','), `${marketIds[0]},${marketIds[0]}`),
    eventId: fc.constant(event.eventId),
    runnerId: fc.constantFrom(1, 2, 3),
    betId: fc.constantFrom(...betIds),
    price: fc.constantFrom(1.01, 1.5, 1.97, 2, 2.04, 1000, 1.015, 100),
    stake: fc.constantFrom(0.01, 1, 100, 5_000, 9_999_999, 1e10),
    idempotencyKey: fc.uuid().map((id) => id.replace(/-/g, '')),
    sportId: fc.constantFrom(1, 2, 3, 25, 26),
    sportName: fc.constantFrom('Cricket', 'horse racing', 'Curling'),
    userName: fc.constant(userName),
    userNameOrEmailAddress: fc.constant(userName),
    accessToken: fc.constantFrom(player.accessToken, demo.token),
    refreshToken: fc.constant(player.refreshToken),
    domain: fc.constantFrom('test', '99exch.com'),
    search: fc.constantFrom('India', '%', '_', '\\'),
    mobile: fc.constantFrom('9876543210', '+91 98765 43211'),
    password: fc.constant('Cricket2026'),
    currentPassword: fc.constant('NotMine2026'),
    newPassword: fc.constant('Cricket2027'),
    code: fc.constant('123456'),
    title: fc.constantFrom('1k', '<b>5k</b>'),
    grant_type: fc.constant('authorization_code'),
    redirect_uri: fc.constant('https://operator.example/return'),
    client_id: fc.constant(clientId),
  };

  const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
  /** Callers who send an Authorization header that is wrong in some way. */
  const hostileCallers: Caller[] = [
    basic('%zz:%'),
    basic('a\u0000b:c'),
    basic('no-colon'),
    'Basic',
    'Basic !!!',
    'Bearer',
    'Bearer x.y.z',
    `Bearer ${demo.token}x`,
    `bearer ${demo.token} ${demo.token}`,
    'Digest username="a"',
  ].map((authorization) => ({
    label: `a caller sending ${authorization.slice(0, 24)}`,
    token: null,
    authorization,
  }));

  /** Who calls a route in the field sweeps: whoever can get past its auth. */
  const sweepCallers = (route: ApiRoute, turn: number): Caller[] => {
    const [guest, demoCaller, registeredCaller] = callers as [Caller, Caller, Caller];
    if (route.auth === 'none') return [guest];
    if (route.auth === 'optional') return [guest, registeredCaller];
    return [turn % 2 ? registeredCaller : demoCaller];
  };

  describe('every field of each route’s schema spoilt in turn', () => {
    const swept = ROUTES.filter(([name]) => ROUTE_INPUTS[name]);
    it.each(swept)('%s', async (name, route) => {
      const inputs = ROUTE_INPUTS[name] as RouteInputs;
      const check = checkFor(name);
      const body = inputs.body ? validExample(inputs.body, hints) : undefined;
      const query = inputs.query ? validExample(inputs.query, hints) : undefined;
      let turn = 0;
      const sendWith = async (b: unknown, q: unknown, what: string) => {
        for (const caller of sweepCallers(route, turn++)) {
          const res = await send(app, route.method, pathOf(route), caller, {
            query: toQueryString(q),
            ...(route.method === 'POST' ? { body: toJsonText(b) } : {}),
          });
          check(res, `${route.method} ${route.path} with ${what} as ${caller.label}`);
        }
      };
      for (const [part, schema] of [
        ['body', inputs.body],
        ['query', inputs.query],
      ] as const) {
        if (!schema) continue;
        for (const path of leafPaths(schema)) {
          for (const [label, value] of FIELD_MUTATIONS) {
            const what = `${part}.${path.join('.')} = ${label}`;
            if (part === 'body') await sendWith(withField(body, path, value), query, what);
            else await sendWith(body, withField(query, path, value), what);
          }
        }
      }
      await sendWith(
        { ...(body as object), extra: '<b>x</b>', ['__proto__' as string]: { polluted: 1 } },
        { ...(query as object), extra: ['1', '2'] },
        'extra fields',
      );
    });
  });

  if (explore) {
    describe('generated input derived from each route’s schema', () => {
      it.each(ROUTES)('%s', async (name, route) => {
        const inputs = ROUTE_INPUTS[name] ?? {};
        const check = checkFor(name);
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(
              { weight: 3, arbitrary: fc.constantFrom(...callers) },
              { weight: 1, arbitrary: fc.constantFrom(...hostileCallers) },
            ),
            inputs.body ? hostile(inputs.body, hints) : genericBodyArb,
            inputs.query ? hostile(inputs.query, hints) : genericQueryArb,
            async (caller, body, query) => {
              const res = await send(app, route.method, pathOf(route), caller, {
                query: toQueryString(query),
                ...(route.method === 'POST' ? { body: toJsonText(body) } : {}),
              });
              check(res, `${route.method} ${route.path} as ${caller.label}`);
            },
          ),
          { numRuns: RUNS, ...replay },
        );
      });
    });
  }

  /** Every route, with one raw request, as whoever can get past its auth. */
  async function everyRoute(
    request: (route: ApiRoute, name: ApiRouteName) => Parameters<typeof send>[4] | null,
    extra: (name: ApiRouteName, route: ApiRoute, status: number) => void = () => undefined,
  ) {
    let turn = 0;
    for (const [name, route] of ROUTES) {
      const fuzz = request(route, name);
      if (!fuzz) continue;
      for (const caller of sweepCallers(route, turn++)) {
        const res = await send(app, route.method, pathOf(route), caller, fuzz);
        checkFor(name)(res, `${route.method} ${route.path} as ${caller.label}`);
        extra(name, route, res.statusCode);
      }
    }
  }

  if (explore) {
    describe('hand-picked requests', () => {
      it('refuses a 1 MB body (or one past its own limit) with 413 in the envelope on every POST route', async () => {
        const huge = (route: { bodyLimitBytes?: number }) =>
          JSON.stringify({
            userName: 'x'.repeat(Math.max(ONE_MEGABYTE, (route.bodyLimitBytes ?? 0) + 1)),
            search: 'y',
          });
        await everyRoute(
          (route) => (route.method === 'POST' ? { body: huge(route) } : null),
          (name, _route, status) => expect(status, name).toBe(413),
        );
      });

      it('answers a 1 MB string in a query string without a 5xx', async () => {
        await everyRoute((route) =>
          route.method === 'GET' ? { query: `search=${'x'.repeat(ONE_MEGABYTE)}` } : null,
        );
      });

      it('survives bodies nested 10,000 levels deep on every route, 100,000 on some', async () => {
        const nested = (depth: number) => [
          '['.repeat(depth) + ']'.repeat(depth),
          '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
          `{"stakes":${'['.repeat(depth)}${']'.repeat(depth)}}`,
        ];
        for (const body of nested(10_000)) {
          await everyRoute((route) => (route.method === 'POST' ? { body } : null));
        }
        // The deepest that fits under the body limit, on one route of each module.
        const sample = new Set<ApiRouteName>([
          'authenticate',
          'saveStakes',
          'placeBet',
          'tvStream',
        ]);
        for (const body of nested(100_000).filter((text) => text.length < 256 * 1024)) {
          await everyRoute((route, name) => (sample.has(name) ? { body } : null));
        }
      });

      it('refuses bodies of other content types, or reads them as the route allows', async () => {
        const bodies: { contentType: string; body: string }[] = [
          { contentType: 'text/plain', body: 'userName=a&password=b' },
          { contentType: 'text/plain', body: '{"stakes":[]}' },
          {
            contentType: 'multipart/form-data; boundary=XyZ',
            body: '--XyZ\r\nContent-Disposition: form-data; name="userName"\r\n\r\nalice\r\n--XyZ--\r\n',
          },
          {
            contentType: 'application/x-www-form-urlencoded',
            body: 'userName=a%00&a[]=1&a=2&%zz=%',
          },
          { contentType: 'application/xml', body: '<?xml version="1.0"?><a>1</a>' },
          { contentType: 'application/json; charset=utf-16', body: '{}' },
          { contentType: 'application/json', body: '' },
          { contentType: 'application/octet-stream', body: '\u0000\u0001\u0002' },
          { contentType: '', body: '{}' },
          { contentType: '*/*', body: '{}' },
          { contentType: 'application/json, text/plain', body: '{}' },
        ];
        for (const { contentType, body } of bodies) {
          await everyRoute((route) => (route.method === 'POST' ? { contentType, body } : null));
        }
      });

      it('refuses malformed JSON with 400 in the envelope', async () => {
        for (const body of [
          '{',
          '{"a":}',
          "{'a':1}",
          '{"a":1,}',
          'nul',
          '\ufeff{}',
          '{"a":"\\ud800"}',
          '{"a":"\\u00"}',
          '{"__proto__":{"polluted":1}}',
          '{"constructor":{"prototype":{"polluted":1}}}',
          '{"a":1,"a":2}',
          '1e999',
          '"just a string"',
          'null',
          '[]',
          'true',
        ]) {
          await everyRoute((route) => (route.method === 'POST' ? { body } : null));
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });

      it('reads query strings with arrays, repeated keys and bad escapes without a 5xx', async () => {
        const queries = [
          'eventId=1&eventId=2',
          'eventId[]=1&marketId[]=1.1',
          'eventId[a]=1&search[b]=x',
          `marketIds=${'1.1,'.repeat(500)}`,
          'marketId=1.1&marketId=1.2&marketId=1.3',
          'search=%',
          'search=%zz',
          'search=%ED%A0%80',
          'search=%C0%80',
          '%=%',
          '=&=&=',
          '&'.repeat(10_000),
          '__proto__=x&constructor=y&hasOwnProperty=z&toString=1',
          '__proto__[polluted]=1',
          `a=${'%41'.repeat(20_000)}`,
          `${'k'.repeat(10_000)}=v`,
          Array.from({ length: 2_000 }, (_, i) => `k${i}=${i}`).join('&'),
          'count=1e999&MaxResultCount=-0&SkipCount=NaN&sportId=0x3',
          'refreshToken=&accessToken=',
        ];
        const readsQuery = (route: ApiRoute, name: ApiRouteName) =>
          route.method === 'GET' || ROUTE_INPUTS[name]?.query !== undefined;
        for (const query of queries)
          await everyRoute((route, name) => (readsQuery(route, name) ? { query } : null));
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });

      it('answers odd and overlong Host headers without a 5xx', async () => {
        const hosts = [
          'x'.repeat(254),
          `${'a'.repeat(63)}.`.repeat(5) + 'com',
          'x'.repeat(10_000),
          '99exch.com:99999',
          '99exch.com:-1',
          '[::1]:8080',
          '[zzzz]',
          '[',
          ':80',
          '.',
          '..',
          '-.com',
          '99exch.com.',
          'ex ample.com',
          'a"b<c>.com',
          'ünïcode.com',
          '%2e%2e%2f',
          '../../etc',
          'user@99exch.com',
          '99exch.com/evil',
          '99EXCH.COM',
          'gold365.bet.localhost',
          '',
        ];
        const urls = [
          { method: 'GET' as const, path: '/api/Account/LoginAsDemoUser' },
          { method: 'GET' as const, path: '/api/setting/GetSettingExpiry' },
          { method: 'POST' as const, path: '/api/Account/Authenticate' },
          { method: 'GET' as const, path: '/api/Event/TreeSportWithEvent' },
        ];
        for (const host of hosts) {
          for (const { method, path } of urls) {
            const res = await send(app, method, path, callers[0] as Caller, {
              headers: { host },
              ...(method === 'POST'
                ? { body: toJsonText({ userNameOrEmailAddress: 'nobody', password: 'x' }) }
                : {}),
            });
            expectNoServerFault(res, `${method} ${path} on host ${host.slice(0, 40)}`);
          }
          for (const path of ['/', '/cdn/settings/99exch.com.json', '/auth/login']) {
            const res = await app.inject({ method: 'GET', url: path, headers: { host } });
            expectNoServerFault(res, `${path} on host ${host.slice(0, 40)}`);
          }
          const hub = await app.inject({
            method: 'POST',
            url: `${HUB_PATH}/negotiate`,
            headers: { host },
          });
          expectNoServerFault(hub, `negotiate on host ${host.slice(0, 40)}`);
        }
      });

      describe('beside the contract', () => {
        it('fuzzes the OAuth authorize call (RFC 6749 answers, 4xx for bad input)', async () => {
          const field = (good: string) =>
            fc.oneof(
              fc.constant(good),
              fc.constantFrom(...EVIL_STRINGS),
              fc.constant(undefined),
              fc.integer(),
            );
          await fc.assert(
            fc.asyncProperty(
              fc.record({
                client_id: field(clientId),
                client_secret: field(clientSecret),
                user_name: field(userName),
                redirect_uri: field('https://operator.example/return'),
              }),
              fc.oneof(
                fc.constant(undefined),
                fc.constantFrom(
                  basic(`${clientId}:${clientSecret}`),
                  basic('%zz:%'),
                  basic('a%00:b'),
                  'Basic',
                  'Basic !!!',
                  `Basic ${Buffer.from('no-colon').toString('base64')}`,
                ),
                fc.constantFrom(...EVIL_STRINGS).map((s) => basic(`${s}:${s}`)),
              ),
              async (body, authorization) => {
                const res = await send(
                  app,
                  'POST',
                  '/api/v1/token/authorize',
                  callers[0] as Caller,
                  {
                    body: toJsonText(body),
                    ...(authorization ? { headers: { authorization } } : {}),
                  },
                );
                expectOAuthAnswer(res, `authorize ${JSON.stringify(body).slice(0, 200)}`);
              },
            ),
            { numRuns: RUNS * 2, ...replay },
          );
        });

        it('fuzzes the hub negotiate call', async () => {
          await fc.assert(
            fc.asyncProperty(
              fc.constantFrom(...callers),
              fc.record(
                {
                  negotiateVersion: fc.oneof(
                    fc.constantFrom('0', '1', '9999', '-1', '1.5', 'NaN', '99999'),
                    fc.constantFrom(...EVIL_STRINGS),
                    fc.array(fc.constant('1'), { minLength: 2, maxLength: 3 }),
                  ),
                  access_token: fc.oneof(fc.constant(demo.token), fc.constantFrom(...EVIL_STRINGS)),
                },
                { requiredKeys: [] },
              ),
              fc.constantFrom(undefined, '{}', '{', 'x'.repeat(5_000)),
              async (caller, query, body) => {
                const res = await send(app, 'POST', `${HUB_PATH}/negotiate`, caller, {
                  query: toQueryString(query),
                  ...(body !== undefined ? { body, contentType: 'text/plain' } : {}),
                });
                expectNegotiateAnswer(res, `negotiate ${JSON.stringify(query).slice(0, 200)}`);
              },
            ),
            { numRuns: RUNS * 2, ...replay },
          );
        });
      });
    });
  }
});
