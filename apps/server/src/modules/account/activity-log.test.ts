import { describe, expect, it } from 'vitest';
import { build, TEST_BACKENDS } from '../../test-helper';
import { caller, signUpPlayer } from './account-test-kit';

const HOST = '99exch.com';
const HOME_IP = '203.0.113.20';
const PROXY_IP = '10.0.0.5';
const PASSWORD = 'Cricket2026';
const NO_LIMITS = { day: null, week: null, month: null };

interface LogItem {
  time: string;
  activity: string;
  ip: string;
  browser: string;
}

describe.each(TEST_BACKENDS)("a player's activity log and address on %s", async (backend) => {
  // Requests through the load balancer at 10.0.0.0/8 carry the player's address forward.
  const { app, db } = await build({ backend, config: { trustProxy: '10.0.0.0/8' } });
  const call = caller(app);
  const player = await signUpPlayer(app, db, { host: HOST, ip: HOME_IP, password: PASSWORD });
  const other = await signUpPlayer(app, db, { host: HOST, ip: '203.0.113.30' });
  let token = player.accessToken;

  const log = async (query: Record<string, number> = {}, as = token) => {
    const res = await call('GET', 'Account/GetActivityLog', { host: HOST, token: as, query });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return res.body.result as { totalCount: number; items: LogItem[] };
  };

  it('answers the address the server sees, a proxy’s forwarded one only from a trusted proxy', async () => {
    const direct = await call('GET', 'Account/GetClientIp', { host: HOST, ip: HOME_IP });
    expect(direct.body).toMatchObject({ success: true, result: { ip: HOME_IP } });
    const proxied = await call('GET', 'Account/GetClientIp', {
      host: HOST,
      ip: PROXY_IP,
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(proxied.body.result).toEqual({ ip: '198.51.100.9' });
    // Anyone else claiming to forward is not believed.
    const spoofed = await call('GET', 'Account/GetClientIp', {
      host: HOST,
      ip: HOME_IP,
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
    expect(spoofed.body.result).toEqual({ ip: HOME_IP });
    // A signed-in player reads theirs the same way; a stale bearer is told its session ended.
    const signedIn = await call('GET', 'Account/GetClientIp', { host: HOST, token, ip: HOME_IP });
    expect(signedIn.body.result).toEqual({ ip: HOME_IP });
    const stale = await call('GET', 'Account/GetClientIp', { host: HOST, token: 'nope' });
    expect(stale.status).toBe(401);
  });

  it('starts with the login of the sign-up, and shows failed attempts at the account by anyone', async () => {
    const first = await log();
    expect(first.items).toEqual([
      { time: expect.any(String), activity: 'LOGIN', ip: HOME_IP, browser: expect.any(String) },
    ]);
    const wrong = await call('POST', 'Account/Authenticate', {
      host: HOST,
      ip: '192.0.2.66',
      headers: { 'user-agent': 'Strange Browser 1.0' },
      body: { userNameOrEmailAddress: player.userName, password: 'not-the-password1' },
    });
    expect(wrong.body.success).toBe(false);
    const after = await log();
    expect(after.totalCount).toBe(2);
    expect(after.items[0]).toMatchObject({
      activity: 'LOGIN_FAILED',
      ip: '192.0.2.66',
      browser: 'Strange Browser 1.0',
    });
  });

  it('records a password change and limits set, with where each was made from', async () => {
    const changed = await call('POST', 'Account/changePassword', {
      host: HOST,
      token,
      ip: PROXY_IP,
      headers: { 'x-forwarded-for': '198.51.100.44' },
      body: { currentPassword: PASSWORD, newPassword: 'Wicket2027' },
    });
    expect(changed.body.success, JSON.stringify(changed.body)).toBe(true);
    token = changed.body.result.accessToken;

    const limits = (day: number | null) =>
      call('POST', 'ResponsibleGambling/SetLimits', {
        host: HOST,
        token,
        ip: HOME_IP,
        body: { deposit: { ...NO_LIMITS, day }, loss: NO_LIMITS },
      });
    expect((await limits(5000)).body.success).toBe(true);
    // The same limits again change nothing, and say nothing happened.
    expect((await limits(5000)).body.success).toBe(true);

    const { totalCount, items } = await log();
    expect(totalCount).toBe(4);
    expect(items.map((i) => [i.activity, i.ip])).toEqual([
      ['LIMITS_CHANGED', HOME_IP],
      ['PASSWORD_CHANGED', '198.51.100.44'],
      ['LOGIN_FAILED', '192.0.2.66'],
      ['LOGIN', HOME_IP],
    ]);
    expect(items[1]?.browser).toMatch(/TestPhone/);
    const times = items.map((i) => Date.parse(i.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages newest first, counting every entry', async () => {
    const page = await log({ MaxResultCount: 2, SkipCount: 1 });
    expect(page.totalCount).toBe(4);
    expect(page.items.map((i) => i.activity)).toEqual(['PASSWORD_CHANGED', 'LOGIN_FAILED']);
    const past = await log({ MaxResultCount: 20, SkipCount: 10 });
    expect(past).toEqual({ totalCount: 4, items: [] });
  });

  it("never shows one player another's activity", async () => {
    const theirs = await log({}, other.accessToken);
    expect(theirs.items.map((i) => [i.activity, i.ip])).toEqual([['LOGIN', '203.0.113.30']]);
    // Not even from another brand's host with the player's own token.
    const elsewhere = await call('GET', 'Account/GetActivityLog', { host: 'cricbet99.com', token });
    expect(elsewhere.status).toBe(401);
  });

  it('refuses a guest with a 401 and bad paging with a validation envelope', async () => {
    const guest = await call('GET', 'Account/GetActivityLog', { host: HOST });
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ success: false, unAuthorizedRequest: true });
    const pages: Record<string, string>[] = [
      { MaxResultCount: '0' },
      { MaxResultCount: '101' },
      { SkipCount: '-1' },
      { SkipCount: 'ten' },
    ];
    for (const query of pages) {
      const res = await call('GET', 'Account/GetActivityLog', { host: HOST, token, query });
      expect({ query, status: res.status, code: res.body.error?.code }).toEqual({
        query,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('records a time-out as the last thing the player did before it', async () => {
    const res = await call('POST', 'ResponsibleGambling/TakeTimeOut', {
      host: HOST,
      token,
      ip: HOME_IP,
      body: { period: 'DAY', password: 'Wicket2027' },
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    // Their sessions are over: the log is read as the player will read it after the break.
    const rows = await db.query<{ activity: string; ip: string }>(
      `SELECT activity, ip FROM account_activity WHERE user_id = $1
       ORDER BY created_at DESC, id DESC`,
      [player.id],
    );
    expect(rows).toEqual([
      { activity: 'TIME_OUT', ip: HOME_IP },
      { activity: 'LIMITS_CHANGED', ip: HOME_IP },
      { activity: 'PASSWORD_CHANGED', ip: '198.51.100.44' },
    ]);
  });
});
