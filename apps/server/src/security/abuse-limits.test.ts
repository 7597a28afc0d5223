/**
 * The abuse limits under bursts: N parallel requests get exactly what the limit allows, the rest
 * a 429 with `Retry-After`, and other players or addresses are unaffected. On PGlite (counters in
 * memory), PostgreSQL (counters in a table) and, with `REDIS_URL`, PostgreSQL with Redis.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { build, TEST_BACKENDS, testAppConfig } from '../test-helper';
import { caller, latestCode } from '../modules/account/account-test-kit';
import { loadLimitSettings } from '../modules/limits';
import {
  placeBody,
  seedEvent,
  silentFeedRunner,
  TEST_HOST,
} from '../modules/exchange/exchange-test-kit';

const LIMITS = loadLimitSettings({});
const first = (name: keyof typeof LIMITS) => LIMITS[name][0]?.points ?? 0;
const PASSWORD = 'Cricket2026';

const setups: { name: string; backend: 'pglite' | 'postgres'; redisUrl: string | null }[] = [
  ...TEST_BACKENDS.map((backend) => ({ name: backend, backend, redisUrl: null })),
  ...(process.env.DATABASE_URL && process.env.REDIS_URL
    ? [
        {
          name: 'postgres with redis',
          backend: 'postgres' as const,
          redisUrl: process.env.REDIS_URL,
        },
      ]
    : []),
];

/** A documentation-range address no other test (or earlier run on a shared Redis) used. */
const freshIp = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const freshName = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
const freshMobile = () => `9${String(randomBytes(4).readUInt32BE() % 1e9).padStart(9, '0')}`;

describe.each(setups)('abuse limits on $name', ({ backend, redisUrl }) => {
  const limitKeyPrefix = `abuse-${randomBytes(6).toString('hex')}`;
  const ready = build({ backend, config: { redisUrl, limitKeyPrefix } });

  async function registered(call: ReturnType<typeof caller>, db: Awaited<typeof ready>['db']) {
    const userName = freshName('p');
    const mobile = freshMobile();
    const ip = freshIp();
    const reg = await call('POST', 'Account/Register', {
      ip,
      body: { userName, mobile, password: PASSWORD, domain: '99exch.com' },
    });
    expect(reg.body.success, JSON.stringify(reg.body)).toBe(true);
    const code = await latestCode(db, `+91${mobile}`);
    const ok = await call('POST', 'Account/VerificationUser', { ip, body: { userName, code } });
    expect(ok.body.success).toBe(true);
    return userName;
  }

  it('checks at most the limit of passwords in a burst of 200 wrong logins, right one included', async () => {
    const { app, db } = await ready;
    const call = caller(app);
    const victim = await registered(call, db);
    const bystander = await registered(call, db);
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call('POST', 'Account/Authenticate', {
          ip,
          // The right password at position 101 must not get through either.
          body: { userNameOrEmailAddress: victim, password: i === 100 ? PASSWORD : `Wrong${i}x` },
        }),
      ),
    );
    const checked = answers.filter((a) => a.status !== 429);
    const refused = answers.filter((a) => a.status === 429);
    // Each answer that is not a refusal is one password check.
    expect(checked.length).toBeLessThanOrEqual(first('loginAccountAddress'));
    expect(checked.length + refused.length).toBe(200);
    for (const answer of refused) {
      expect(answer.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const [failed] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_attempts WHERE lower(user_name) = lower($1) AND result = 'Failed'`,
      [victim],
    );
    expect(failed?.n).toBe(checked.filter((a) => !a.body.success).length);
    // Another player on the same address logs in as usual.
    const other = await call('POST', 'Account/Authenticate', {
      ip,
      body: { userNameOrEmailAddress: bystander, password: PASSWORD },
    });
    expect(other.body.success).toBe(true);
  }, 60_000);

  it('sends at most the per-number limit of codes when 100 sign-ups name one mobile at once', async () => {
    const { app, db } = await ready;
    const call = caller(app);
    const mobile = freshMobile();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call('POST', 'Account/Register', {
          ip: freshIp(),
          body: { userName: freshName('s'), mobile, password: PASSWORD, domain: '99exch.com' },
        }),
      ),
    );
    const [sent] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM sms_outbox WHERE mobile = $1`,
      [`+91${mobile}`],
    );
    expect(sent?.n).toBe(first('smsMobile'));
    expect(answers.filter((a) => a.body.success).length).toBe(first('smsMobile'));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(100 - first('smsMobile'));
    expect(refused[0]?.body.error.message).toMatch(/^Too many codes sent to this mobile number/);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    // Another number still signs up.
    const other = await call('POST', 'Account/Register', {
      ip: freshIp(),
      body: {
        userName: freshName('s'),
        mobile: freshMobile(),
        password: PASSWORD,
        domain: '99exch.com',
      },
    });
    expect(other.body.success).toBe(true);
  }, 60_000);

  it('counts only codes sent against a number: a sign-up refused for a taken name is not one', async () => {
    const { app } = await ready;
    const call = caller(app);
    const taken = freshName('t');
    const signUp = (userName: string, mobile: string) =>
      call('POST', 'Account/Register', {
        ip: freshIp(),
        body: { userName, mobile, password: PASSWORD, domain: '99exch.com' },
      });
    expect((await signUp(taken, freshMobile())).body.success).toBe(true);
    const mobile = freshMobile();
    for (let i = 0; i < first('smsMobile') + 2; i++) {
      expect((await signUp(taken, mobile)).status).toBe(409);
    }
    expect((await signUp(freshName('t'), mobile)).body.success).toBe(true);
  }, 60_000);

  it('limits sign-ups per address, and codes sent per brand', async () => {
    const { app } = await ready;
    const call = caller(app);
    const ip = freshIp();
    const perAddress = first('signUpAddress');
    const answers = await Promise.all(
      Array.from({ length: perAddress + 10 }, () =>
        call('POST', 'Account/Register', {
          ip,
          body: {
            userName: freshName('a'),
            mobile: freshMobile(),
            password: PASSWORD,
            domain: '99exch.com',
          },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.success).length).toBe(perAddress);
    expect(answers.filter((a) => a.status === 429).length).toBe(10);

    // A brand's budget of codes, tightened so the test reaches it.
    const { app: tight } = await build({
      backend,
      config: {
        redisUrl,
        limits: { ...LIMITS, smsDomain: [{ points: 3, durationSeconds: 600 }] },
      },
    });
    const onTight = caller(tight);
    const brand = await Promise.all(
      Array.from({ length: 6 }, () =>
        onTight('POST', 'Account/Register', {
          host: 'gold365.bet',
          ip: freshIp(),
          body: {
            userName: freshName('b'),
            mobile: freshMobile(),
            password: PASSWORD,
            domain: 'gold365.bet',
          },
        }),
      ),
    );
    expect(brand.map((a) => a.status).sort()).toEqual([200, 200, 200, 429, 429, 429]);
    expect(brand.find((a) => a.status === 429)?.body.error.message).toMatch(
      /^Sign-up is very busy right now/,
    );
  }, 60_000);

  it('creates at most the burst of demo accounts for one address, and none past it', async () => {
    const { app, db } = await ready;
    const call = caller(app);
    const ip = freshIp();
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE is_demo'))[0]?.n ??
      0;
    const before = await count();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call('GET', 'Account/LoginAsDemoUser', { ip })),
    );
    const created = answers.filter((a) => a.body.success).length;
    expect(created).toBe(first('demoAddress'));
    expect(await count()).toBe(before + created);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBe(100 - created);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    // A café next door is unaffected.
    expect((await call('GET', 'Account/LoginAsDemoUser', { ip: freshIp() })).body.success).toBe(
      true,
    );
  }, 60_000);

  // The embedded database has one process: there is no second instance to share with.
  if (backend !== 'pglite')
    it('shares the counters between instances on one database', async () => {
      const { app, db } = await ready;
      // A second instance behind the same load balancer: same database, same counters.
      const second = await buildApp({
        config: testAppConfig({ redisUrl, limitKeyPrefix }),
        db,
        logger: false,
      });
      try {
        const ip = freshIp();
        const answers = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            caller(i % 2 === 0 ? app : second)('GET', 'Account/LoginAsDemoUser', { ip }),
          ),
        );
        expect(answers.filter((a) => a.body.success).length).toBe(first('demoAddress'));
      } finally {
        await second.close();
      }
    }, 60_000);

  it('lets a player place a burst of bets, then refuses, leaving other players alone', async () => {
    const { app, db } = await ready;
    const call = caller(app);
    const feed = silentFeedRunner(db);
    const event = await seedEvent(db, feed);
    const marketId = event.markets.match_odds ?? '';
    const login = async () =>
      (await call('GET', 'Account/LoginAsDemoUser', { host: TEST_HOST, ip: freshIp() })).body.result
        .accessToken as string;
    const [bettor, other] = [await login(), await login()];
    const burst = first('betsPlayer');
    const answers = await Promise.all(
      Array.from({ length: burst + 15 }, () =>
        call('POST', 'Bet/PlaceBetV2', {
          host: TEST_HOST,
          token: bettor,
          body: placeBody(marketId, 1, 'BACK', 1.5, 100),
        }),
      ),
    );
    expect(answers.filter((a) => a.status !== 429).length).toBe(burst);
    expect(answers.filter((a) => a.status === 429).length).toBe(15);
    // Every bet let through was placed; none refused left a trace.
    const [bets] = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM bets WHERE market_id = $1 AND NOT is_house',
      [marketId],
    );
    expect(bets?.n).toBe(answers.filter((a) => a.body.success).length);
    expect(bets?.n).toBeGreaterThan(0);
    // Cancels have a burst of their own: past it, refused before anything is looked up.
    const cancels = await Promise.all(
      Array.from({ length: first('cancelsPlayer') + 5 }, (_, i) =>
        call('POST', 'Bet/CancelBet', { host: TEST_HOST, token: bettor, body: { betId: 1 + i } }),
      ),
    );
    expect(cancels.filter((a) => a.status === 429).length).toBe(5);
    expect(cancels.filter((a) => a.status === 404).length).toBe(first('cancelsPlayer'));
    const theirs = await call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      token: other,
      body: placeBody(marketId, 1, 'BACK', 1.5, 100),
    });
    expect(theirs.status).not.toBe(429);
  }, 60_000);
});
