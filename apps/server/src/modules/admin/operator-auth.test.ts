import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { loadLimitSettings } from '../limits';
import { adminApp, OPERATOR_PASSWORD } from './admin-test-kit';
import { totpCodeAt } from './second-factor';

describe.each(TEST_BACKENDS)('operator sign-in with two factors (%s)', (backend) => {
  it('enrols through a one-time link, then signs in with a password and a fresh TOTP code', async () => {
    const { app, call, enrol, clock } = await adminApp(backend);
    const link = await app.operators.createOwner('first.owner');
    expect(link.enrolmentPath).toMatch(/^\/admin\/enrol#[A-Za-z0-9_-]{32}$/);
    const { secret, recoveryCodes } = await enrol(link.enrolmentPath);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    // The link is spent.
    const again = await call(calls.enrolmentRoute, {
      input: { token: link.enrolmentPath.split('#')[1] },
    });
    expect(again.error?.code).toBe('NOT_FOUND');

    // The code that enrolled cannot also sign in; the next step's code can, once.
    const sameStep = await call(calls.signInRoute, {
      input: {
        userName: 'first.owner',
        password: OPERATOR_PASSWORD,
        code: totpCodeAt(secret, clock.now()),
      },
    });
    expect(sameStep.error?.code).toBe('VALIDATION_FAILED');
    clock.advanceSeconds(30);
    const code = totpCodeAt(secret, clock.now());
    const signedIn = await call(calls.signInRoute, {
      input: { userName: 'FIRST.owner', password: OPERATOR_PASSWORD, code },
    });
    expect(signedIn.result?.operator.role).toBe('owner');
    expect(signedIn.result?.operator.permissions).toContain('operators.manage');
    const me = await call(calls.meRoute, { token: signedIn.result?.token ?? '' });
    expect(me.result?.userName).toBe('first.owner');

    // The same code again, within its window: refused.
    const replay = await call(calls.signInRoute, {
      input: { userName: 'first.owner', password: OPERATOR_PASSWORD, code },
    });
    expect(replay.status).toBe(400);
    expect(replay.error?.message).toBe('The name, password or code is not right.');
  });

  it('refuses a wrong code, a wrong password and an older code, saying nothing of which', async () => {
    const { call, owner, clock } = await adminApp(backend);
    const { secret } = await owner('owner.two');
    const wrongCode = String((Number(totpCodeAt(secret, clock.now())) + 1) % 1_000_000).padStart(
      6,
      '0',
    );
    const attempts = [
      { password: OPERATOR_PASSWORD, code: wrongCode },
      { password: 'not the password at all', code: totpCodeAt(secret, clock.now()) },
      // The step before the one that signed in (still inside the window): spent.
      {
        password: OPERATOR_PASSWORD,
        code: totpCodeAt(secret, new Date(clock.now().getTime() - 30_000)),
      },
    ];
    for (const attempt of attempts) {
      const res = await call(calls.signInRoute, { input: { userName: 'owner.two', ...attempt } });
      expect(res.success).toBe(false);
      expect(res.error?.message).toBe('The name, password or code is not right.');
    }
  });

  it('signs in with a recovery code once, and says how many are left', async () => {
    const { call, owner } = await adminApp(backend);
    const { recoveryCodes } = await owner('owner.three');
    const code = recoveryCodes[0] ?? '';
    const first = await call(calls.signInRoute, {
      input: { userName: 'owner.three', password: OPERATOR_PASSWORD, code: code.toUpperCase() },
    });
    expect(first.result?.recoveryCodesLeft).toBe(9);
    const second = await call(calls.signInRoute, {
      input: { userName: 'owner.three', password: OPERATOR_PASSWORD, code },
    });
    expect(second.error?.code).toBe('VALIDATION_FAILED');
  });

  it('lets 100 parallel guesses check at most five passwords', async () => {
    const { call, owner, db } = await adminApp(backend);
    await owner('owner.four');
    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(calls.signInRoute, {
          ip: '203.0.113.99',
          input: { userName: 'owner.four', password: `guess number ${i}`, code: '123456' },
        }),
      ),
    );
    const checked = guesses.filter((g) => g.error?.code === 'VALIDATION_FAILED').length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(guesses.filter((g) => g.error?.code === 'RATE_LIMITED')).toHaveLength(100 - checked);
    const [failed] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'session.sign-in-failed'`,
    );
    expect(failed?.n).toBe(checked);
  });

  it('counts failed sign-ins from an address the operator signed in from apart, and more generously', async () => {
    const { call, owner, clock } = await adminApp(backend);
    const { secret } = await owner('owner.known');
    const limits = loadLimitSettings({});
    const strict = limits.loginAccountAddress[0]?.points ?? 0;
    const known = limits.loginKnownAddress[0]?.points ?? 0;
    expect(known).toBeGreaterThan(strict);
    const office = '198.51.100.20'; // where owner() signed in
    const attempt = (ip: string, password: string) => {
      clock.advanceSeconds(30);
      return call(calls.signInRoute, {
        ip,
        input: { userName: 'owner.known', password, code: totpCodeAt(secret, clock.now()) },
      });
    };
    for (let i = 0; i < strict; i++) {
      expect((await attempt(office, 'not the password')).error?.code).toBe('VALIDATION_FAILED');
    }
    expect((await attempt(office, OPERATOR_PASSWORD)).success).toBe(true);

    const stranger = '203.0.113.61';
    for (let i = 0; i < strict; i++) {
      expect((await attempt(stranger, 'not the password')).error?.code).toBe('VALIDATION_FAILED');
    }
    expect((await attempt(stranger, OPERATOR_PASSWORD)).error?.code).toBe('RATE_LIMITED');
    expect((await attempt(office, OPERATOR_PASSWORD)).success).toBe(true);

    for (let i = strict; i < known; i++) {
      expect((await attempt(office, 'not the password')).error?.code).toBe('VALIDATION_FAILED');
    }
    expect((await attempt(office, OPERATOR_PASSWORD)).error?.code).toBe('RATE_LIMITED');
  }, 60_000);

  it('ends sessions at sign-out, on revocation and when the operator is disabled', async () => {
    const { call, owner, operator } = await adminApp(backend);
    const boss = await owner('owner.five');
    const trader = await operator(boss.token, 'trader.one', 'trader', 'all');
    expect((await call(calls.meRoute, { token: trader.token })).success).toBe(true);

    const revoked = await call(calls.revokeOperatorSessionsRoute, {
      token: boss.token,
      input: { operatorId: trader.id },
    });
    expect(revoked.result?.revoked).toBe(1);
    const after = await call(calls.meRoute, { token: trader.token });
    expect(after.status).toBe(401);
    expect(after.unAuthorizedRequest).toBe(true);

    const signOut = await call(calls.signOutRoute, { token: boss.token });
    expect(signOut.success).toBe(true);
    expect((await call(calls.meRoute, { token: boss.token })).status).toBe(401);
  });

  it('never lets an owner lock themselves out, and a disabled operator cannot sign in', async () => {
    const { call, owner, operator, signIn } = await adminApp(backend);
    const boss = await owner('owner.six');
    const self = await call(calls.updateOperatorRoute, {
      token: boss.token,
      input: { operatorId: boss.id, role: 'owner', brands: 'all', disabled: true },
    });
    expect(self.error?.code).toBe('CONFLICT');

    const support = await operator(boss.token, 'support.one', 'support', ['99exch.com']);
    const disabled = await call(calls.updateOperatorRoute, {
      token: boss.token,
      input: { operatorId: support.id, role: 'support', brands: ['99exch.com'], disabled: true },
    });
    expect(disabled.result?.disabled).toBe(true);
    expect((await call(calls.meRoute, { token: support.token })).status).toBe(401);
    await expect(signIn('support.one', support.secret)).rejects.toThrow(
      'This operator account is disabled.',
    );
  });

  it('refuses an owner with brands, an unknown brand, and a name taken in any spelling', async () => {
    const { call, owner } = await adminApp(backend);
    const boss = await owner('owner.seven');
    const scopedOwner = await call(calls.createOperatorRoute, {
      token: boss.token,
      input: { userName: 'owner.eight', role: 'owner', brands: ['99exch.com'] },
    });
    expect(scopedOwner.error?.code).toBe('VALIDATION_FAILED');
    const unknownBrand = await call(calls.createOperatorRoute, {
      token: boss.token,
      input: { userName: 'support.x', role: 'support', brands: ['99exch.com', 'nowhere.example'] },
    });
    expect(unknownBrand.error?.message).toBe('There is no such brand: nowhere.example');
    const taken = await call(calls.createOperatorRoute, {
      token: boss.token,
      input: { userName: 'OWNER.SEVEN', role: 'trader', brands: 'all' },
    });
    expect(taken.error?.code).toBe('CONFLICT');
  });

  it('resetting an enrolment voids the old password, secret and sessions', async () => {
    const { call, owner, operator, enrol, signIn } = await adminApp(backend);
    const boss = await owner('owner.nine');
    const trader = await operator(boss.token, 'trader.two', 'trader', 'all');
    const reset = await call(calls.resetEnrolmentRoute, {
      token: boss.token,
      input: { operatorId: trader.id },
    });
    expect(reset.result?.operator.enrolled).toBe(false);
    expect((await call(calls.meRoute, { token: trader.token })).status).toBe(401);
    await expect(signIn('trader.two', trader.secret)).rejects.toThrow();
    const { secret } = await enrol(reset.result?.enrolmentPath ?? '');
    expect(secret).not.toBe(trader.secret);
    expect(await signIn('trader.two', secret)).toMatch(/^op_/);
  });
});

describe.each(TEST_BACKENDS)('the audit log (%s)', (backend) => {
  it('records every action with who, from where, and the values before and after', async () => {
    const { call, owner, operator } = await adminApp(backend);
    const boss = await owner('auditor.owner');
    const trader = await operator(boss.token, 'trader.audit', 'trader', 'all');
    await call(calls.updateOperatorRoute, {
      token: boss.token,
      ip: '198.51.100.77',
      input: { operatorId: trader.id, role: 'support', brands: ['gold365.bet'], disabled: false },
    });
    const page = await call(calls.auditLogRoute, {
      token: boss.token,
      input: { targetId: trader.id },
    });
    const actions = page.result?.items.map((entry) => entry.action);
    expect(actions).toEqual([
      'operator.update',
      'session.sign-in',
      'operator.enrolled',
      'operator.create',
    ]);
    const update = page.result?.items[0];
    expect(update).toMatchObject({
      operatorName: 'auditor.owner',
      ip: '198.51.100.77',
      before: { role: 'trader', brands: 'all' },
      after: { role: 'support', brands: ['gold365.bet'] },
    });
  });

  it('pages newest first by a stable cursor', async () => {
    const { call, owner } = await adminApp(backend);
    const boss = await owner('pager.owner');
    for (let i = 0; i < 5; i++) {
      await call(calls.createOperatorRoute, {
        token: boss.token,
        input: { userName: `support.${i}`, role: 'support', brands: 'all' },
      });
    }
    const first = await call(calls.auditLogRoute, {
      token: boss.token,
      input: { action: 'operator.create', limit: 3 },
    });
    const second = await call(calls.auditLogRoute, {
      token: boss.token,
      input: { action: 'operator.create', limit: 3, before: first.result?.nextBefore },
    });
    const ids = [...(first.result?.items ?? []), ...(second.result?.items ?? [])].map((e) => e.id);
    expect(ids).toHaveLength(6);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(second.result?.nextBefore).toBeNull();
  });

  it('cannot be edited or deleted, even by SQL', async () => {
    const { db, owner } = await adminApp(backend);
    await owner('sql.owner');
    await expect(db.query(`UPDATE audit_log SET action = 'nothing'`)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(db.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
  });
});
