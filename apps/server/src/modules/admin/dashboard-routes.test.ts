import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { signUpPlayer } from '../account/account-test-kit';
import { adminApp } from './admin-test-kit';

const ip = () => `198.18.${randomInt(256)}.${randomInt(256)}`;

describe.each(TEST_BACKENDS)('the dashboard (%s)', (backend) => {
  it("counts sign-ups per day on the brands an operator covers, and refuses others' brands", async () => {
    const { app, db, call, owner, operator } = await adminApp(backend, Date.now());
    const boss = await owner('dash.owner');
    const support = await operator(boss.token, 'dash.support', 'support', ['99exch.com']);
    await signUpPlayer(app, db, { host: '99exch.com', ip: ip() });
    await signUpPlayer(app, db, { host: '99exch.com', ip: ip() });
    await signUpPlayer(app, db, { host: 'gold365.bet', ip: ip() });
    // Sign-ups are dated by the database's clock, so the app's clock starts at the real now.
    const today = new Date().toISOString().slice(0, 10);

    const all = await call(calls.dashboardRoute, { token: boss.token, input: { days: 3 } });
    expect(all.error).toBeNull();
    expect(all.result?.brands).toBe('all');
    expect(all.result?.days).toHaveLength(3);
    expect(all.result?.days.at(-1)).toMatchObject({ day: today, signUps: 3 });
    expect(all.result?.players).toBe(3);

    const scoped = await call(calls.dashboardRoute, { token: support.token, input: {} });
    expect(scoped.result?.brands).toEqual(['99exch.com']);
    expect(scoped.result?.days).toHaveLength(14);
    expect(scoped.result?.days.at(-1)?.signUps).toBe(2);
    expect(scoped.result?.openExposure).toBe(0);

    const other = await call(calls.dashboardRoute, {
      token: support.token,
      input: { brand: 'gold365.bet' },
    });
    expect(other.status).toBe(403);
    const online = await call(calls.onlineRoute, { token: support.token, input: {} });
    expect(online.result?.items).toEqual([]);
  });
});
