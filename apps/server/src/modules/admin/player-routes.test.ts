import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { caller, signUpPlayer } from '../account/account-test-kit';
import { adminApp } from './admin-test-kit';

const HOME = '99exch.com';
const OTHER = 'gold365.bet';
const ip = () => `198.18.${randomInt(256)}.${randomInt(256)}`;

describe.each(TEST_BACKENDS)("operators' player calls (%s)", (backend) => {
  it("keeps a brand-scoped operator to their brands: another brand's player is 403", async () => {
    const { app, db, call, owner, operator } = await adminApp(backend);
    const boss = await owner('players.owner');
    const support = await operator(boss.token, 'support.home', 'support', [HOME]);
    const mine = await signUpPlayer(app, db, { host: HOME, ip: ip() });
    const theirs = await signUpPlayer(app, db, { host: OTHER, ip: ip() });

    const search = await call(calls.searchPlayersRoute, { token: support.token, input: {} });
    const found = search.result?.items.map((p) => p.id) ?? [];
    expect(found).toContain(mine.id);
    expect(found).not.toContain(theirs.id);

    const visible = await call(calls.playerDetailRoute, {
      token: support.token,
      input: { playerId: mine.id },
    });
    expect(visible.result?.profile.userName).toBe(mine.userName);

    for (const [route, input] of [
      [calls.playerDetailRoute, { playerId: theirs.id }],
      [
        calls.lockPlayerRoute,
        { playerId: theirs.id, lock: 'betting', locked: true, reason: 'test' },
      ],
      [calls.forcePasswordResetRoute, { playerId: theirs.id, reason: 'test' }],
    ] as const) {
      const res = await call(route, { token: support.token, input });
      expect(res.status, route.path).toBe(403);
    }
    const addNote = await call(calls.addPlayerNoteRoute, {
      token: support.token,
      input: { playerId: theirs.id, text: 'not mine' },
    });
    expect(addNote.status).toBe(403);
    // Nothing was changed or written for the other brand's player.
    const [entries] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE target_id = $1`,
      [theirs.id],
    );
    expect(entries?.n).toBe(0);
    const other = await call(calls.playerDetailRoute, {
      token: boss.token,
      input: { playerId: theirs.id },
    });
    expect(other.result?.profile.bettingLocked).toBe(false);
    expect(other.result?.notes).toEqual([]);
  });

  it('locks login: the session ends, the token is refused, and the audit log says who and why', async () => {
    const { app, db, call, owner } = await adminApp(backend);
    const boss = await owner('lock.owner');
    const player = await signUpPlayer(app, db, { host: HOME, ip: ip() });
    const playerCall = caller(app);
    expect(
      (await playerCall('GET', 'UserStake/Get', { token: player.accessToken })).body.success,
    ).toBe(true);

    const locked = await call(calls.lockPlayerRoute, {
      token: boss.token,
      ip: '198.51.100.5',
      input: { playerId: player.id, lock: 'login', locked: true, reason: 'chargeback' },
    });
    expect(locked.result?.loginLocked).toBe(true);
    const after = await playerCall('GET', 'UserStake/Get', { token: player.accessToken });
    expect(after.status).toBe(401);
    const login = await playerCall('POST', 'Account/Authenticate', {
      ip: ip(),
      body: { userNameOrEmailAddress: player.userName, password: 'Cricket2026' },
    });
    expect(login.body.error.code).toBe('FORBIDDEN');

    const detail = await call(calls.playerDetailRoute, {
      token: boss.token,
      input: { playerId: player.id },
    });
    expect(detail.result?.sessions).toEqual([]);
    const audit = await call(calls.auditLogRoute, {
      token: boss.token,
      input: { targetId: player.id },
    });
    expect(audit.result?.items[0]).toMatchObject({
      action: 'player.lock-login',
      operatorName: 'lock.owner',
      ip: '198.51.100.5',
      brand: HOME,
      before: { loginLocked: false },
      after: { loginLocked: true, reason: 'chargeback' },
    });
  });

  it('sets a stake limit, forces a password change and keeps notes, each audited', async () => {
    const { app, db, call, owner } = await adminApp(backend);
    const boss = await owner('limits.owner');
    const player = await signUpPlayer(app, db, { host: HOME, ip: ip() });
    const limits = await call(calls.setPlayerLimitsRoute, {
      token: boss.token,
      input: { playerId: player.id, maxStake: 500, reason: 'new player' },
    });
    expect(limits.result).toEqual({ maxStake: 500 });
    const note = await call(calls.addPlayerNoteRoute, {
      token: boss.token,
      input: { playerId: player.id, text: 'Called about a late withdrawal.' },
    });
    expect(note.result?.operatorName).toBe('limits.owner');
    const reset = await call(calls.forcePasswordResetRoute, {
      token: boss.token,
      input: { playerId: player.id, reason: 'shared password' },
    });
    expect(reset.result?.passwordResetRequired).toBe(true);
    const detail = await call(calls.playerDetailRoute, {
      token: boss.token,
      input: { playerId: player.id },
    });
    expect(detail.result?.limits.maxStake).toBe(500);
    expect(detail.result?.notes.map((n) => n.text)).toEqual(['Called about a late withdrawal.']);
    expect(detail.result?.balances).toEqual({ cash: 0, exposure: 0, bonus: 0, available: 0 });
    const audit = await call(calls.auditLogRoute, {
      token: boss.token,
      input: { targetId: player.id },
    });
    expect(audit.result?.items.map((e) => e.action)).toEqual([
      'player.force-password-reset',
      'player.add-note',
      'player.set-limits',
    ]);
  });

  it('answers 404 for a player who does not exist, and 400 for a malformed id', async () => {
    const { call, owner } = await adminApp(backend);
    const boss = await owner('missing.owner');
    const missing = await call(calls.playerDetailRoute, {
      token: boss.token,
      input: { playerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    const malformed = await call(calls.playerDetailRoute, {
      token: boss.token,
      input: { playerId: 'nope' },
    });
    expect(malformed.status).toBe(400);
  });
});
