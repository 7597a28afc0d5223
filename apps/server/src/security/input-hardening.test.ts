/**
 * Regression tests of what the fuzzing found or the spec asks of free text: NUL characters
 * are refused for the whole API (PostgreSQL cannot store them), a malformed HTTP Basic header
 * on the OAuth calls is a client error, and stored free text has its markup stripped.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_STAKES } from '@backlay/contract/account';
import { build, TEST_BACKENDS } from '../test-helper';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../http/storable-text';
import { caller, latestCode } from '../modules/account/account-test-kit';
import { registerOAuthClient } from '../modules/account/oauth';

const HOST = '99exch.com';
const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;

describe('findUnstorableText', () => {
  it('names where a NUL sits: in a string, a nested value or a key', () => {
    expect(findUnstorableText('a\u0000')).toBe('');
    expect(findUnstorableText({ stakes: [{ title: 'ok' }, { title: 'x\u0000' }] })).toBe(
      'stakes.1.title',
    );
    expect(findUnstorableText({ a: { 'b\u0000': 1 } })).toBe('a.b\u0000');
    expect(findUnstorableText({ a: ['fine', 1, null, true, { b: 'also fine' }] })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
  });

  it('finds half of a surrogate pair, and lets whole pairs through', () => {
    expect(findUnstorableText({ title: 'x\ud800' })).toBe('title');
    expect(findUnstorableText({ title: '\udfffx' })).toBe('title');
    expect(findUnstorableText({ title: '\udfff\ud800' })).toBe('title');
    expect(findUnstorableText({ title: '👍🏽 İ e\u0301 \u202e' })).toBeNull();
  });

  it('walks input nested 100,000 levels deep without running out of stack', () => {
    const depth = 100_000;
    const nested = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expect(findUnstorableText(nested)).toBe(Array(depth).fill(0).join('.'));
  });
});

describe.each(TEST_BACKENDS)('hardened input on %s', async (backend) => {
  const { app, db } = await build({ backend });
  const call = caller(app);
  const demo = await call('GET', 'Account/LoginAsDemoUser');
  const token = demo.body.result.accessToken as string;

  describe('NUL characters', () => {
    it.each([
      [
        'a user name to log in',
        'POST',
        'Account/Authenticate',
        { userNameOrEmailAddress: 'alice\u0000', password: 'x' },
        'body.userNameOrEmailAddress',
      ],
      [
        'a key of the body',
        'POST',
        'Account/Authenticate',
        { 'userNameOrEmailAddress\u0000': 'alice', password: 'x' },
        'body.userNameOrEmailAddress\u0000',
      ],
      [
        'a user name to sign up',
        'POST',
        'Account/Register',
        { userName: 'alice\u0000', mobile: '9876543210', password: 'Cricket2026', domain: HOST },
        'body.userName',
      ],
    ] as const)('are refused in %s', async (_label, method, path, body, details) => {
      const res = await call(method, path, { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'VALIDATION_FAILED',
        message: UNSTORABLE_TEXT_MESSAGE,
        details,
      });
    });

    it('are refused in the search text, as a guest and as a player', async () => {
      for (const options of [{}, { token }]) {
        const res = await call('GET', 'Event/Closest', {
          ...options,
          query: { search: 'Ind\u0000' },
        });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: UNSTORABLE_TEXT_MESSAGE,
          details: 'query.search',
        });
      }
    });

    it('are refused in a stake button title, and nothing is stored', async () => {
      const stakes = DEFAULT_STAKES.map((s, i) => (i === 3 ? { ...s, title: '2k\u0000' } : s));
      const res = await call('POST', 'UserStake/Add', { token, body: { stakes } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toBe('body.stakes.3.title');
      expect((await call('GET', 'UserStake/Get', { token })).body.result).toEqual(DEFAULT_STAKES);
    });

    it('and half surrogate pairs are refused in a stake title (jsonb cannot hold them)', async () => {
      const stakes = DEFAULT_STAKES.map((s, i) => (i === 0 ? { ...s, title: '\ud800x' } : s));
      const res = await call('POST', 'UserStake/Add', { token, body: { stakes } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: 'body.stakes.0.title',
      });
    });

    it('are refused by the OAuth calls as invalid_request', async () => {
      const token = await app.inject({
        method: 'POST',
        url: '/api/v1/token/token',
        headers: { host: HOST },
        payload: {
          grant_type: 'authorization_code',
          code: 'c',
          redirect_uri: 'https://x.example/',
          client_id: 'op\u0000',
        },
      });
      expect(token.statusCode).toBe(400);
      expect(token.json().error).toBe('invalid_request');
      const authorize = await app.inject({
        method: 'POST',
        url: '/api/v1/token/authorize',
        headers: { host: HOST, authorization: basic('op%00:secret') },
        payload: { user_name: 'alice', redirect_uri: 'https://x.example/' },
      });
      expect(authorize.statusCode).toBe(400);
      expect(authorize.json().error).toBe('invalid_request');
    });
  });

  describe('a malformed HTTP Basic header on the OAuth calls', () => {
    const clientId = `hardening-${backend}`;
    const redirect = 'https://operator.example/return';
    const registered = registerOAuthClient(db, {
      clientId,
      domain: HOST,
      redirectUris: [redirect],
    });

    it.each([
      ['a bad percent-escape', basic('%zz:%')],
      ['a lone percent sign', basic(`${clientId}%:secret`)],
      ['no colon', basic('no-colon-here')],
      ['no credentials', 'Basic'],
    ])('is invalid_client (401) with %s', async (_label, authorization) => {
      await registered;
      for (const url of ['/api/v1/token/token', '/api/v1/token/authorize']) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: { host: HOST, authorization },
          payload: {
            grant_type: 'authorization_code',
            code: 'c',
            redirect_uri: redirect,
            user_name: 'a',
          },
        });
        expect(res.statusCode, url).toBe(401);
        expect(res.json(), url).toMatchObject({ error: 'invalid_client' });
        expect(res.headers['www-authenticate'], url).toBe('Basic realm="backlay"');
      }
    });

    it('still reads a well-formed one', async () => {
      const { clientSecret } = await registered;
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/token/authorize',
        headers: {
          host: HOST,
          authorization: basic(`${clientId}:${encodeURIComponent(clientSecret)}`),
        },
        payload: { user_name: 'nobody-here', redirect_uri: redirect },
      });
      // The client is authenticated; the user is what is wrong.
      expect(res.statusCode).toBe(400);
      expect(res.json().error).not.toBe('invalid_client');
    });
  });

  describe('markup in stored free text (spec §5)', () => {
    it('is stripped from stake button titles before they are stored', async () => {
      const stakes = DEFAULT_STAKES.map((s, i) =>
        i === 0 ? { ...s, title: '<b>x</b><script>alert(1)</script>' } : s,
      );
      const saved = await call('POST', 'UserStake/Add', { token, body: { stakes } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.result[0].title).toBe('x');
      expect((await call('GET', 'UserStake/Get', { token })).body.result[0]).toEqual({
        title: 'x',
        value: DEFAULT_STAKES[0]?.value,
      });
      const rows = await db.query<{ stakes: unknown }>('SELECT stakes FROM users');
      expect(JSON.stringify(rows)).not.toMatch(/<|>|script/);
    });

    it('leaves a title of markup only empty, which is refused', async () => {
      const stakes = DEFAULT_STAKES.map((s, i) => (i === 0 ? { ...s, title: '<b></b>' } : s));
      const res = await call('POST', 'UserStake/Add', { token, body: { stakes } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    });

    it('is stripped from the browser name kept with each login and shown back', async () => {
      const userName = `ua${Date.now().toString(36)}`;
      const mobile = `96${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const password = 'Cricket2026';
      await call('POST', 'Account/Register', {
        body: { userName, mobile, password, domain: HOST },
      });
      const code = await latestCode(db, `+91${mobile}`);
      expect(
        (await call('POST', 'Account/VerificationUser', { body: { userName, code } })).status,
      ).toBe(200);
      const login = await call('POST', 'Account/Authenticate', {
        body: { userNameOrEmailAddress: userName, password },
        headers: { 'user-agent': '<script>alert(1)</script>Mozilla/5.0 <b>Phone</b>' },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const attempts = await call('POST', 'Account/GetUserLoginAttempts', {
        token: login.body.result.accessToken,
        body: {},
      });
      expect(attempts.body.result.items[0].browser).toBe('Mozilla/5.0 Phone');
    });
  });
});
