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

  it('names the brands whose players cannot deposit by UPI or bank until their payment settings are filled in', async () => {
    const { call, owner, operator } = await adminApp(backend, Date.now());
    const boss = await owner('dash.setup');
    const finance = await operator(boss.token, 'dash.finance', 'finance', ['99exch.com']);
    const withoutMethods = async (token: string, brand?: string) =>
      (
        await call(calls.dashboardRoute, {
          token,
          input: brand === undefined ? {} : { brand },
        })
      ).result?.brandsWithoutDepositMethods;

    // A fresh install: no brand has a UPI id or bank account yet.
    const every = await withoutMethods(boss.token);
    expect(every).toContain('99exch.com');
    expect(every).toContain('gold365.bet');
    expect(every).toEqual([...(every ?? [])].sort());
    expect(await withoutMethods(finance.token)).toEqual(['99exch.com']);

    const saved = await call(calls.updatePaymentSettingsRoute, {
      token: finance.token,
      input: {
        brand: '99exch.com',
        version: 0,
        upi: [{ upiId: 'gold365@okaxis', payeeName: 'Gold365 Gaming', active: true }],
        bank: [],
        paymentLink: true,
        upiIntent: true,
        limits: { minDeposit: 100, maxDeposit: 100000, minWithdrawal: 200, maxWithdrawal: 50000 },
      },
    });
    expect(saved.error).toBeNull();
    expect(await withoutMethods(finance.token)).toEqual([]);
    expect(await withoutMethods(boss.token)).not.toContain('99exch.com');
    expect(await withoutMethods(boss.token, 'gold365.bet')).toEqual(['gold365.bet']);

    // Switched off, the only method no longer takes deposits: the brand is named again.
    const current = await call(calls.paymentSettingsRoute, {
      token: finance.token,
      input: { brand: '99exch.com' },
    });
    const settings = current.result;
    if (!settings) throw new Error('no payment settings');
    await call(calls.updatePaymentSettingsRoute, {
      token: finance.token,
      input: {
        brand: '99exch.com',
        version: settings.version,
        upi: settings.upi.map((method) => ({ ...method, active: false })),
        bank: [],
        paymentLink: true,
        upiIntent: true,
        limits: settings.limits,
      },
    });
    expect(await withoutMethods(finance.token)).toEqual(['99exch.com']);
  });
});
