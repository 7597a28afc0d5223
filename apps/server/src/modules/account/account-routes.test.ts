import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STAKES } from '@backlay/contract/account';
import { build, TEST_BACKENDS } from '../../test-helper';
import { signAccessToken } from './access-token';
import { loadLimitSettings } from '../limits';
import { MESSAGES } from './account-service';
import { registerOAuthClient } from './oauth';
import { accountState, caller, latestCode, testClock } from './account-test-kit';

const clock = testClock();
const setups = await Promise.all(
  TEST_BACKENDS.map(async (backend) => ({
    backend,
    ...(await build({ backend, now: clock.now })),
  })),
);

const LIMITS = loadLimitSettings({});
const perAccountAndAddress = LIMITS.loginAccountAddress[0]?.points ?? 0;
const perKnownAddress = LIMITS.loginKnownAddress[0]?.points ?? 0;
const perAccount = LIMITS.loginAccount[0]?.points ?? 0;

let serial = 0;
/** A user name no other test uses. */
const uniqueName = (prefix = 'player') => `${prefix}${++serial}${randomBytes(2).toString('hex')}`;
const uniqueMobile = () => `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const PASSWORD = 'Cricket2026';

describe.each(setups)('accounts on $backend', ({ app, db }) => {
  const call = caller(app);

  /** Signs a player up and verifies them; returns the login result. */
  async function signUp(host = '99exch.com', userName = uniqueName()) {
    const mobile = uniqueMobile();
    const domain = host.replace(/\.localhost$/, '');
    const reg = await call('POST', 'Account/Register', {
      host,
      body: { userName, mobile, password: PASSWORD, domain },
    });
    expect(reg.body.success, JSON.stringify(reg.body)).toBe(true);
    const code = await latestCode(db, `+91${mobile}`);
    const verified = await call('POST', 'Account/VerificationUser', {
      host,
      body: { userName, code },
    });
    expect(verified.body.success, JSON.stringify(verified.body)).toBe(true);
    return { userName, mobile, login: verified.body.result };
  }

  describe('sign-up and login', () => {
    it('registers, sends a code, verifies and logs the player in', async () => {
      const userName = uniqueName();
      const mobile = uniqueMobile();
      const reg = await call('POST', 'Account/Register', {
        body: { userName, mobile, password: PASSWORD, domain: '99exch.com' },
      });
      expect(reg.status).toBe(200);
      expect(reg.body.result).toEqual({
        userName,
        maskedMobile: `+91******${mobile.slice(-4)}`,
        codeExpiresInSeconds: 600,
        resendAfterSeconds: 60,
      });
      const pending = await call('POST', 'Account/Authenticate', {
        body: { userNameOrEmailAddress: userName, password: PASSWORD },
      });
      expect(pending.body.error.message).toBe(MESSAGES.notVerified);

      const code = await latestCode(db, `+91${mobile}`);
      const verified = await call('POST', 'Account/VerificationUser', { body: { userName, code } });
      expect(verified.body.result).toMatchObject({
        expireInSeconds: 1800,
        userIp: '203.0.113.7',
        stakes: DEFAULT_STAKES,
        domain: '99exch.com',
        userName,
      });
      for (const field of ['accessToken', 'refreshToken', 'casinoToken']) {
        expect(typeof verified.body.result[field]).toBe('string');
      }

      const login = await call('POST', 'Account/Authenticate', {
        body: { userNameOrEmailAddress: userName.toUpperCase(), password: PASSWORD },
      });
      expect(login.body.success).toBe(true);
      const stakes = await call('GET', 'UserStake/Get', { token: login.body.result.accessToken });
      expect(stakes.body.result).toEqual(DEFAULT_STAKES);
    });

    it('gives a wrong password and an unknown user the same answer', async () => {
      const { userName } = await signUp();
      const wrong = await call('POST', 'Account/Authenticate', {
        body: { userNameOrEmailAddress: userName, password: 'Wrong1234' },
        ip: '198.51.100.1',
      });
      const unknown = await call('POST', 'Account/Authenticate', {
        body: { userNameOrEmailAddress: uniqueName('ghost'), password: 'Wrong1234' },
        ip: '198.51.100.1',
      });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          success: false,
          unAuthorizedRequest: false,
          error: { code: 'VALIDATION_FAILED', message: MESSAGES.badCredentials },
        });
      }
    });

    it('keeps players to their own domain', async () => {
      const { userName } = await signUp('99exch.com');
      const elsewhere = await call('POST', 'Account/Authenticate', {
        host: 'cricbet99.com',
        body: { userNameOrEmailAddress: userName, password: PASSWORD },
      });
      expect(elsewhere.body.error.message).toBe(MESSAGES.badCredentials);
      // The same name is free on the other brand.
      await signUp('cricbet99.com', userName);
    });

    it('refuses a taken user name, and a domain that is not this site', async () => {
      const { userName } = await signUp();
      const before = await accountState(db);
      const taken = await call('POST', 'Account/Register', {
        body: { userName, mobile: uniqueMobile(), password: PASSWORD, domain: '99exch.com' },
      });
      expect(taken.status).toBe(409);
      expect(taken.body.error.message).toBe(MESSAGES.userNameTaken);
      const otherDomain = await call('POST', 'Account/Register', {
        body: {
          userName: uniqueName(),
          mobile: uniqueMobile(),
          password: PASSWORD,
          domain: 'gold365.bet',
        },
      });
      expect(otherDomain.body.error.message).toBe(MESSAGES.wrongDomain);
      expect(await accountState(db)).toBe(before);
    });
  });

  describe('bad input', () => {
    const cases: [string, 'GET' | 'POST', string, unknown, number][] = [
      ['missing fields', 'POST', 'Account/Authenticate', {}, 400],
      [
        'wrong types',
        'POST',
        'Account/Authenticate',
        { userNameOrEmailAddress: 12, password: ['x'] },
        400,
      ],
      [
        'SQL-like user name',
        'POST',
        'Account/Register',
        {
          userName: "x' OR 1=1; DROP TABLE users;--",
          mobile: '9876543210',
          password: PASSWORD,
          domain: '99exch.com',
        },
        400,
      ],
      [
        'SQL-like verification',
        'POST',
        'Account/VerificationUser',
        { userName: 'a; DELETE FROM users', code: "1' OR '1'='1" },
        400,
      ],
      [
        'weak password',
        'POST',
        'Account/Register',
        { userName: 'validname', mobile: '9876543210', password: 'short', domain: '99exch.com' },
        400,
      ],
      [
        'bad mobile',
        'POST',
        'Account/Register',
        { userName: 'validname', mobile: '12345', password: PASSWORD, domain: '99exch.com' },
        400,
      ],
      [
        '1 MB field',
        'POST',
        'Account/Register',
        {
          userName: 'x'.repeat(1024 * 1024),
          mobile: '9876543210',
          password: PASSWORD,
          domain: '99exch.com',
        },
        413,
      ],
      [
        '1 MB password',
        'POST',
        'Account/Authenticate',
        { userNameOrEmailAddress: 'someone', password: 'p'.repeat(1024 * 1024) },
        413,
      ],
      ['non-JSON body', 'POST', 'Account/Authenticate', 'userNameOrEmailAddress=x', 400],
      ['short refresh token', 'GET', 'Account/RefreshToken', undefined, 400],
    ];
    it.each(cases)(
      '%s: a clear envelope error and nothing changed',
      async (_label, method, path, body, status) => {
        const before = await accountState(db);
        const res = await call(method, path, {
          body,
          ...(typeof body === 'string' ? { headers: { 'content-type': 'text/plain' } } : {}),
          ...(path === 'Account/RefreshToken' ? { query: { refreshToken: 'abc' } } : {}),
        });
        expect(res.status).toBe(status);
        expect(res.status).toBeLessThan(500);
        expect(res.body.success).toBe(false);
        expect(res.body.error.message.length).toBeGreaterThan(5);
        expect(await accountState(db)).toBe(before);
      },
    );
  });

  describe('tokens', () => {
    it('answers 401 with unAuthorizedRequest for a missing, forged, expired or other-domain token', async () => {
      const { login } = await signUp();
      const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      const [, payload] = login.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const tokens = {
        none: undefined,
        algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
        wrongKey: signAccessToken({ ...claims }, randomBytes(32)),
        expired: signAccessToken(
          { ...claims, iat: nowSeconds - 7200, exp: nowSeconds - 3600 },
          randomBytes(32),
        ),
        garbage: 'not-a-token',
      };
      for (const [label, token] of Object.entries(tokens)) {
        const res = await call('GET', 'UserStake/Get', token ? { token } : {});
        expect(res.status, label).toBe(401);
        expect(res.body, label).toMatchObject({
          success: false,
          unAuthorizedRequest: true,
          error: { code: 'UNAUTHORIZED' },
        });
      }
      const otherDomain = await call('GET', 'UserStake/Get', {
        token: login.accessToken,
        host: 'cricbet99.com',
      });
      expect(otherDomain.status).toBe(401);
      expect((await call('GET', 'UserStake/Get', { token: login.accessToken })).status).toBe(200);
    });

    it('expires access tokens on time', async () => {
      const { login } = await signUp();
      clock.advanceSeconds(login.expireInSeconds + 1);
      const res = await call('GET', 'UserStake/Get', { token: login.accessToken });
      expect(res.status).toBe(401);
      const validity = await call('POST', 'Account/GetAccessTokenValidateTime', {
        query: { accessToken: login.accessToken },
      });
      expect(validity.body.result).toEqual({ valid: false, expiresInSeconds: 0 });
    });

    it('rotates refresh tokens, and reuse of a spent one revokes the whole family', async () => {
      const { login } = await signUp();
      const first = await call('GET', 'Account/RefreshToken', {
        query: { refreshToken: login.refreshToken },
      });
      expect(first.body.result).toMatchObject({ expireInSeconds: 1800 });
      expect(first.body.result.refreshToken).not.toBe(login.refreshToken);
      expect(
        (await call('GET', 'UserStake/Get', { token: first.body.result.accessToken })).status,
      ).toBe(200);

      const replay = await call('GET', 'Account/RefreshToken', {
        query: { refreshToken: login.refreshToken },
      });
      expect(replay.status).toBe(401);
      expect(replay.body.unAuthorizedRequest).toBe(true);
      const afterTheft = await call('GET', 'Account/RefreshToken', {
        query: { refreshToken: first.body.result.refreshToken },
      });
      expect(afterTheft.status).toBe(401);
    });

    it('refuses a refresh token on another domain, and tells token validity and session lengths', async () => {
      const { login } = await signUp();
      const other = await call('GET', 'Account/RefreshToken', {
        host: 'gold365.bet',
        query: { refreshToken: login.refreshToken },
      });
      expect(other.status).toBe(401);
      const validity = await call('POST', 'Account/GetAccessTokenValidateTime', {
        query: { accessToken: login.accessToken },
      });
      expect(validity.body.result.valid).toBe(true);
      expect(validity.body.result.expiresInSeconds).toBeGreaterThan(1700);
      const expiry = await call('GET', 'setting/GetSettingExpiry');
      expect(expiry.body.result).toEqual({ accessTokenSeconds: 1800, refreshTokenSeconds: 604800 });
    });
  });

  describe('one-time codes', () => {
    async function pendingSignUp() {
      const userName = uniqueName();
      const mobile = uniqueMobile();
      await call('POST', 'Account/Register', {
        body: { userName, mobile, password: PASSWORD, domain: '99exch.com' },
      });
      return { userName, mobile, code: await latestCode(db, `+91${mobile}`) };
    }
    const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('refuses a wrong code, then too many tries even with the right one', async () => {
      const { userName, code } = await pendingSignUp();
      for (let i = 0; i < 5; i++) {
        const res = await call('POST', 'Account/VerificationUser', {
          body: { userName, code: otherCode(code) },
        });
        expect(res.body.error.message).toBe(MESSAGES.codeWrong);
      }
      const locked = await call('POST', 'Account/VerificationUser', { body: { userName, code } });
      expect(locked.status).toBe(429);
      expect(locked.body.error.message).toBe(MESSAGES.tooManyCodeChecks);
    });

    it('refuses an expired code', async () => {
      const { userName, code } = await pendingSignUp();
      clock.advanceSeconds(601);
      const res = await call('POST', 'Account/VerificationUser', { body: { userName, code } });
      expect(res.body.error.message).toBe(MESSAGES.codeExpired);
    });

    it('holds resends to a cooldown, and a new code replaces the old', async () => {
      const { userName, mobile, code } = await pendingSignUp();
      const before = await accountState(db);
      const early = await call('POST', 'Account/ResendVerificationCode', { body: { userName } });
      expect(early.status).toBe(429);
      expect(early.body.error.message).toMatch(/^Please wait \d+ seconds/);
      expect(await accountState(db)).toBe(before);

      clock.advanceSeconds(61);
      const resent = await call('POST', 'Account/ResendVerificationCode', { body: { userName } });
      expect(resent.body.result).toEqual({ codeExpiresInSeconds: 600, resendAfterSeconds: 60 });
      const fresh = await latestCode(db, `+91${mobile}`);
      if (fresh !== code) {
        const old = await call('POST', 'Account/VerificationUser', { body: { userName, code } });
        expect(old.body.error.message).toBe(MESSAGES.codeWrong);
      }
      const ok = await call('POST', 'Account/VerificationUser', {
        body: { userName, code: fresh },
      });
      expect(ok.body.success).toBe(true);
    });
  });

  describe('login limits', () => {
    it('blocks one account from one address after repeated failures, and says for how long', async () => {
      const { userName } = await signUp();
      const ip = `192.0.2.${10 + serial}`;
      for (let i = 0; i < perAccountAndAddress; i++) {
        await call('POST', 'Account/Authenticate', {
          ip,
          body: { userNameOrEmailAddress: userName, password: 'Wrong1234' },
        });
      }
      const blocked = await call('POST', 'Account/Authenticate', {
        ip,
        body: { userNameOrEmailAddress: userName, password: PASSWORD },
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.message).toMatch(
        /^Too many failed logins\. Try again in \d+ minutes?\.$/,
      );
      // The window is 15 minutes; what it says to wait is what the header says.
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);

      const elsewhere = await call('POST', 'Account/Authenticate', {
        ip: '192.0.2.250',
        body: { userNameOrEmailAddress: userName, password: PASSWORD },
      });
      expect(elsewhere.body.success).toBe(true);
    });

    it('never locks a player out of an address they have logged in from', async () => {
      const { userName } = await signUp();
      const home = '198.51.100.77';
      expect(
        (
          await call('POST', 'Account/Authenticate', {
            ip: home,
            body: { userNameOrEmailAddress: userName, password: PASSWORD },
          })
        ).body.success,
      ).toBe(true);
      for (let i = 0; i < perAccount; i++) {
        await call('POST', 'Account/Authenticate', {
          ip: `10.9.${i}.1`,
          body: { userNameOrEmailAddress: userName, password: 'Wrong1234' },
        });
      }
      const stranger = await call('POST', 'Account/Authenticate', {
        ip: '10.200.0.1',
        body: { userNameOrEmailAddress: userName, password: PASSWORD },
      });
      expect(stranger.status).toBe(429);
      const player = await call('POST', 'Account/Authenticate', {
        ip: home,
        body: { userNameOrEmailAddress: userName, password: PASSWORD },
      });
      expect(player.body.success).toBe(true);
    }, 60_000);
  });

  describe('login limits of a known address', () => {
    const authenticate = (ip: string, userName: string, password: string) =>
      call('POST', 'Account/Authenticate', {
        ip,
        body: { userNameOrEmailAddress: userName, password },
      });

    it('counts failures from an address the player logged in from apart, and more generously', async () => {
      expect(perKnownAddress).toBeGreaterThan(perAccountAndAddress);
      const { userName } = await signUp();
      const home = `192.0.2.${100 + (serial % 100)}`;
      expect((await authenticate(home, userName, PASSWORD)).body.success).toBe(true);
      // As many mistakes at home as lock a stranger's address: the right password still works.
      for (let i = 0; i < perAccountAndAddress; i++) {
        expect((await authenticate(home, userName, 'Wrong1234')).status).toBe(400);
      }
      expect((await authenticate(home, userName, PASSWORD)).body.success).toBe(true);

      // An address the account never logged in from keeps the strict count...
      const stranger = `192.0.2.${200 + (serial % 50)}`;
      for (let i = 0; i < perAccountAndAddress; i++) {
        expect((await authenticate(stranger, userName, 'Wrong1234')).status).toBe(400);
      }
      const blocked = await authenticate(stranger, userName, PASSWORD);
      expect(blocked.status).toBe(429);
      expect(blocked.body.error.code).toBe('RATE_LIMITED');
      // ...and its failures never reach home's.
      expect((await authenticate(home, userName, PASSWORD)).body.success).toBe(true);

      // Home has a limit of its own: past it, home waits too (the stranger's count is apart).
      for (let i = perAccountAndAddress; i < perKnownAddress; i++) {
        expect((await authenticate(home, userName, 'Wrong1234')).status).toBe(400);
      }
      const homeBlocked = await authenticate(home, userName, PASSWORD);
      expect(homeBlocked.status).toBe(429);
      expect(Number(homeBlocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }, 60_000);
  });

  describe('demo accounts', () => {
    it('logs in as Demo, refuses a password change, and is cleaned up after it ends', async () => {
      const demo = await call('GET', 'Account/LoginAsDemoUser');
      expect(demo.body.result).toMatchObject({
        userName: 'Demo',
        domain: '99exch.com',
        stakes: DEFAULT_STAKES,
      });
      const token = demo.body.result.accessToken;
      expect((await call('GET', 'UserStake/Get', { token })).status).toBe(200);
      const change = await call('POST', 'Account/changePassword', {
        token,
        body: { currentPassword: 'x', newPassword: 'Another2026' },
      });
      expect(change.status).toBe(403);

      const { retireEndedDemoPlayers } = await import('./demo-retirement');
      clock.advanceSeconds(24 * 3600 + 1);
      expect((await retireEndedDemoPlayers(db, clock.now())).retired).toBeGreaterThanOrEqual(1);
      const left = await db.query('SELECT id FROM users WHERE is_demo AND expires_at <= $1', [
        clock.now(),
      ]);
      expect(left).toEqual([]);
    });

    it("stops honouring a disabled account's access token within two seconds", async () => {
      const demo = await call('GET', 'Account/LoginAsDemoUser');
      const token = demo.body.result.accessToken as string;
      expect((await call('GET', 'UserStake/Get', { token })).status).toBe(200);
      const [row] = await db.query<{ id: string }>(
        'SELECT id FROM users WHERE is_demo ORDER BY created_at DESC LIMIT 1',
      );
      const { setUserStatus } = await import('./users');
      await setUserStatus(db, row?.id ?? '', 'disabled');
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await call('GET', 'UserStake/Get', { token })).status).toBe(401);
    });

    it('cannot be logged into with a password', async () => {
      const demo = await call('GET', 'Account/LoginAsDemoUser');
      const [row] = await db.query<{ user_name: string }>(
        'SELECT user_name FROM users WHERE is_demo ORDER BY created_at DESC LIMIT 1',
      );
      expect(demo.body.success).toBe(true);
      const res = await call('POST', 'Account/Authenticate', {
        body: { userNameOrEmailAddress: row?.user_name ?? '', password: '!demo!' },
      });
      expect(res.body.success).toBe(false);
    });
  });

  describe('account settings', () => {
    it('changes the password, signing other sessions out', async () => {
      const { userName, login } = await signUp();
      const wrong = await call('POST', 'Account/changePassword', {
        token: login.accessToken,
        body: { currentPassword: 'Nope12345', newPassword: 'Another2026' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.unAuthorizedRequest).toBe(false);
      expect(wrong.body.error.message).toBe(MESSAGES.currentPasswordWrong);

      const changed = await call('POST', 'Account/changePassword', {
        token: login.accessToken,
        body: { currentPassword: PASSWORD, newPassword: 'Another2026' },
      });
      expect(changed.body.success).toBe(true);
      expect(
        (await call('GET', 'Account/RefreshToken', { query: { refreshToken: login.refreshToken } }))
          .status,
      ).toBe(401);
      expect(
        (
          await call('GET', 'Account/RefreshToken', {
            query: { refreshToken: changed.body.result.refreshToken },
          })
        ).status,
      ).toBe(200);
      const oldPassword = await call('POST', 'Account/Authenticate', {
        ip: '192.0.2.200',
        body: { userNameOrEmailAddress: userName, password: PASSWORD },
      });
      expect(oldPassword.body.success).toBe(false);
      const newPassword = await call('POST', 'Account/Authenticate', {
        ip: '192.0.2.200',
        body: { userNameOrEmailAddress: userName, password: 'Another2026' },
      });
      expect(newPassword.body.success).toBe(true);
    });

    it("pages through the player's login attempts", async () => {
      const { userName, login } = await signUp();
      await call('POST', 'Account/Authenticate', {
        ip: '192.0.2.201',
        body: { userNameOrEmailAddress: userName, password: 'Wrong1234' },
      });
      await call('POST', 'Account/Authenticate', {
        ip: '192.0.2.202',
        body: { userNameOrEmailAddress: userName, password: PASSWORD },
      });
      const all = await call('POST', 'Account/GetUserLoginAttempts', {
        token: login.accessToken,
        query: { MaxResultCount: 2, SkipCount: 0 },
      });
      expect(all.body.result.totalCount).toBe(3);
      expect(all.body.result.items).toHaveLength(2);
      expect(all.body.result.items[0]).toMatchObject({
        ip: '192.0.2.202',
        result: 'Success',
        browser: expect.stringContaining('TestPhone'),
      });
      const failed = await call('POST', 'Account/GetUserLoginAttempts', {
        token: login.accessToken,
        query: { Result: 'Failed', MaxResultCount: 10, SkipCount: 0 },
      });
      expect(failed.body.result.items.map((i: { ip: string }) => i.ip)).toEqual(['192.0.2.201']);
      const bad = await call('POST', 'Account/GetUserLoginAttempts', {
        token: login.accessToken,
        query: { MaxResultCount: 1000 },
      });
      expect(bad.status).toBe(400);
    });

    it('saves exactly eight stake buttons', async () => {
      const { login } = await signUp();
      const stakes = DEFAULT_STAKES.map((s, i) => ({
        title: `${(i + 1) * 250}`,
        value: (i + 1) * 250,
      }));
      const saved = await call('POST', 'UserStake/Add', {
        token: login.accessToken,
        body: { stakes },
      });
      expect(saved.body.result).toEqual(stakes);
      expect(
        (await call('GET', 'UserStake/Get', { token: login.accessToken })).body.result,
      ).toEqual(stakes);
      const before = await accountState(db);
      for (const bad of [
        stakes.slice(1),
        stakes.map((s) => ({ ...s, value: -5 })),
        stakes.map((s) => ({ ...s, value: 1.5 })),
      ]) {
        const res = await call('POST', 'UserStake/Add', {
          token: login.accessToken,
          body: { stakes: bad },
        });
        expect(res.status).toBe(400);
      }
      expect(await accountState(db)).toBe(before);
    });
  });

  describe('the OAuth 2.0 hand-over (RFC 6749 §4.1.3)', () => {
    it('exchanges a code once, for the client and redirect it was issued to', async () => {
      const { userName } = await signUp();
      const clientId = uniqueName('operator');
      const redirect = 'https://operator.example/return';
      const { clientSecret } = await registerOAuthClient(db, {
        clientId,
        domain: '99exch.com',
        redirectUris: [redirect],
      });
      const authorize = (secret = clientSecret) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/token/authorize',
          headers: { host: '99exch.com' },
          payload: {
            client_id: clientId,
            client_secret: secret,
            user_name: userName,
            redirect_uri: redirect,
          },
        });
      const token = (code: string, overrides: Record<string, string> = {}) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/token/token',
          headers: {
            host: overrides.host ?? '99exch.com',
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirect,
            client_id: clientId,
            client_secret: clientSecret,
            ...overrides,
          }).toString(),
        });

      expect((await authorize('wrong')).statusCode).toBe(401);
      const { code } = (await authorize()).json();
      expect((await token(code, { client_secret: 'wrong' })).json()).toEqual({
        error: 'invalid_client',
        error_description: 'Client authentication failed.',
      });
      expect((await token(code, { redirect_uri: 'https://evil.example/' })).json().error).toBe(
        'invalid_grant',
      );
      expect((await token(code, { grant_type: 'password' })).json().error).toBe(
        'unsupported_grant_type',
      );
      expect((await token(code, { host: 'gold365.bet' })).json().error).toBe('unauthorized_client');

      const exchanged = await token(code);
      expect(exchanged.statusCode).toBe(200);
      expect(exchanged.headers['cache-control']).toBe('no-store');
      const body = exchanged.json();
      expect(body).toMatchObject({
        token_type: 'Bearer',
        expires_in: 1800,
        user_name: userName,
        domain: '99exch.com',
      });
      expect((await call('GET', 'UserStake/Get', { token: body.access_token })).status).toBe(200);

      const replay = await token(code);
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error).toBe('invalid_grant');

      const { code: late } = (await authorize()).json();
      clock.advanceSeconds(61);
      expect((await token(late)).json().error).toBe('invalid_grant');
    });
  });

  it('reads the development outbox', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result[0].body).toMatch(/^\d{6} is your .+ verification code/);
  });
});

describe('with an SMS provider configured', () => {
  it('sends codes to the provider and has no development outbox', async () => {
    const http = await import('node:http');
    const received: { to: string; body: string }[] = [];
    const provider = http.createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => {
        received.push(JSON.parse(data));
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const address = provider.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { app } = await build({ config: { smsProviderUrl: `http://127.0.0.1:${port}/sms` } });
    const call = caller(app);
    const reg = await call('POST', 'Account/Register', {
      body: {
        userName: uniqueName(),
        mobile: '9123456780',
        password: PASSWORD,
        domain: '99exch.com',
      },
    });
    expect(reg.body.success).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toBe('+919123456780');
    expect(received[0]?.body).toMatch(/^\d{6} is your 99exch\.com verification code/);
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
    provider.close();
  });

  it('has no development outbox in production either', async () => {
    const { app } = await build({ config: { production: true } });
    expect((await app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
  });
});

describe('user info (Setting/GetSetting)', () => {
  it('gives a demo player play money and a real player an empty real-money account', async () => {
    const { app, db } = await build();
    const call = caller(app);
    const demo = await call('GET', 'Account/LoginAsDemoUser');
    const info = await call('GET', 'Setting/GetSetting', { token: demo.body.result.accessToken });
    expect(info.body.result).toMatchObject({
      userName: 'Demo',
      isDemo: true,
      balance: 100000,
      exposure: 0,
      football: true,
      horseRacing: true,
    });
    const realBooks = await db.query(
      "SELECT 1 FROM ledger_accounts WHERE owner_id = $1 AND book = 'real'",
      [info.body.result.userId],
    );
    expect(realBooks).toEqual([]);

    const userName = uniqueName();
    const mobile = uniqueMobile();
    await call('POST', 'Account/Register', {
      body: { userName, mobile, password: PASSWORD, domain: '99exch.com' },
    });
    const code = await latestCode(db, `+91${mobile}`);
    const verified = await call('POST', 'Account/VerificationUser', { body: { userName, code } });
    const real = await call('GET', 'Setting/GetSetting', {
      token: verified.body.result.accessToken,
    });
    expect(real.body.result).toMatchObject({ userName, isDemo: false, balance: 0, exposure: 0 });
    const accounts = await db.query<{ kind: string }>(
      "SELECT kind FROM ledger_accounts WHERE owner_id = $1 AND book = 'real' ORDER BY kind",
      [real.body.result.userId],
    );
    expect(accounts.map((a) => a.kind)).toEqual(['player_bonus', 'player_cash', 'player_exposure']);
    expect((await call('GET', 'Setting/GetSetting')).status).toBe(401);
  });
});
