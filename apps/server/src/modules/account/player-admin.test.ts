import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { playerDetailSchema } from '@backlay/contract/admin';
import { build, buildInstance, TEST_BACKENDS } from '../../test-helper';
import { MESSAGES } from './account-service';
import { caller, signUpPlayer } from './account-test-kit';
import { hashPassword } from './passwords';
import {
  addPlayerNote,
  forcePasswordReset,
  playerLoginAttempts,
  playerNotes,
  playerSessions,
  setBettingLock,
  setLoginLock,
  setPlayerMaxStake,
} from './player-admin';
import { onPlayerChange, type PlayerChange } from './player-changes';
import { playerLimits, playerProfile } from './player-profile';
import { setPasswordHash } from './users';

const PASSWORD = 'Cricket2026';
const HOST = '99exch.com';
let serial = 0;

describe.each(TEST_BACKENDS)("operators' player operations on %s", async (backend) => {
  const { app, db } = await build({ backend });
  const call = caller(app);
  const changes: PlayerChange[] = [];
  onPlayerChange(db, (change) => changes.push(change));

  /** Each sign-up and login from an address of its own, as the limits' own tests do. */
  const newIp = () => `198.18.${randomInt(256)}.${randomInt(256)}`;

  const signUp = () => signUpPlayer(app, db, { host: HOST, ip: newIp() });

  const login = (userName: string, password = PASSWORD) =>
    call('POST', 'Account/Authenticate', {
      ip: newIp(),
      body: { userNameOrEmailAddress: userName, password },
    });
  const stakes = (token: string) => call('GET', 'UserStake/Get', { token });
  const refresh = (refreshToken: string) =>
    call('GET', 'Account/RefreshToken', { query: { refreshToken } });

  it("locks a player's login: every session ends, login and issued tokens are refused at once", async () => {
    const player = await signUp();
    const second = await login(player.userName);
    expect(second.body.success).toBe(true);
    expect(await playerSessions(db, player.id)).toHaveLength(2);
    // The bearer check has read (and keeps) the player.
    expect((await stakes(player.accessToken)).status).toBe(200);

    const locked = await db.transaction((tx) => setLoginLock(tx, player.id, true));
    expect(locked).toMatchObject({
      before: { id: player.id, domain: HOST, status: 'active', loginLocked: false },
      after: { id: player.id, domain: HOST, status: 'disabled', loginLocked: true },
      signedOut: true,
    });
    expect(changes.at(-1)).toEqual({ domain: HOST, playerId: player.id, signedOut: true });

    for (const token of [player.accessToken, second.body.result.accessToken as string]) {
      const refused = await stakes(token);
      expect(refused.status).toBe(401);
      expect(refused.body.unAuthorizedRequest).toBe(true);
    }
    expect((await refresh(player.refreshToken)).status).toBe(401);
    const denied = await login(player.userName);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.disabled });
    expect(await playerSessions(db, player.id)).toEqual([]);

    const unlocked = await db.transaction((tx) => setLoginLock(tx, player.id, false));
    expect(unlocked).toMatchObject({
      before: { loginLocked: true },
      after: { status: 'active', loginLocked: false },
      signedOut: false,
    });
    const again = await login(player.userName);
    expect(again.body.success).toBe(true);
    expect((await stakes(again.body.result.accessToken as string)).status).toBe(200);
    // The sessions the lock ended stay ended.
    expect((await refresh(player.refreshToken)).status).toBe(401);
  });

  it("refuses a locked player's token on another instance within the bearer cache's two seconds", async () => {
    const other = await buildInstance(db);
    const callOther = caller(other);
    const player = await signUp();
    const onOther = () => callOther('GET', 'UserStake/Get', { token: player.accessToken });
    expect((await onOther()).status).toBe(200);
    await db.transaction((tx) => setLoginLock(tx, player.id, true));
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await onOther()).status).toBe(401);
  });

  it('gives a pending sign-up back its pending state when its login is unlocked', async () => {
    const userName = `pend${++serial}${randomBytes(3).toString('hex')}`;
    const mobile = `96${String(randomInt(1e8)).padStart(8, '0')}`;
    const reg = await call('POST', 'Account/Register', {
      ip: newIp(),
      body: { userName, mobile, password: PASSWORD, domain: HOST },
    });
    expect(reg.body.success).toBe(true);
    const [row] = await db.query<{ id: string }>('SELECT id FROM users WHERE user_name = $1', [
      userName,
    ]);
    const id = row?.id ?? '';
    await db.transaction((tx) => setLoginLock(tx, id, true));
    const unlocked = await db.transaction((tx) => setLoginLock(tx, id, false));
    expect(unlocked?.after.status).toBe('pending_verification');
    expect((await login(userName)).body.error.message).toBe(MESSAGES.notVerified);
  });

  it('forces a password change: sessions end, login says why, a new password lets the player in', async () => {
    const player = await signUp();
    expect((await stakes(player.accessToken)).status).toBe(200);
    const forced = await db.transaction((tx) => forcePasswordReset(tx, player.id));
    expect(forced).toMatchObject({
      before: { passwordResetRequired: false, status: 'active' },
      after: { passwordResetRequired: true, status: 'active', loginLocked: false },
      signedOut: true,
    });
    expect((await stakes(player.accessToken)).status).toBe(401);
    expect((await refresh(player.refreshToken)).status).toBe(401);
    const refused = await login(player.userName);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'FORBIDDEN',
      message: MESSAGES.passwordResetRequired,
    });
    // A wrong password learns nothing of it.
    expect((await login(player.userName, 'Wrong12345')).body.error.message).toBe(
      MESSAGES.badCredentials,
    );

    await setPasswordHash(db, player.id, await hashPassword('Another2027'));
    expect((await playerProfile(db, player.id))?.passwordResetRequired).toBe(false);
    expect((await login(player.userName, 'Another2027')).body.success).toBe(true);
  });

  it('changes nothing, and announces nothing, when the transaction rolls back', async () => {
    const player = await signUp();
    const profile = await playerProfile(db, player.id);
    const announced = changes.length;
    await expect(
      db.transaction(async (tx) => {
        await setLoginLock(tx, player.id, true);
        await setBettingLock(tx, player.id, true);
        await setPlayerMaxStake(tx, player.id, 10_000);
        await forcePasswordReset(tx, player.id);
        throw new Error('the audit entry could not be written');
      }),
    ).rejects.toThrow('audit entry');
    expect(await playerProfile(db, player.id)).toEqual(profile);
    expect(await playerLimits(db, player.id)).toEqual({ maxStake: null });
    expect(changes.length).toBe(announced);
    expect((await stakes(player.accessToken)).status).toBe(200);
    expect(await playerSessions(db, player.id)).toHaveLength(1);
  });

  it('sets and lifts a betting lock and a stake limit, answering the values before and after', async () => {
    const player = await signUp();
    const locked = await db.transaction((tx) => setBettingLock(tx, player.id, true));
    expect(locked).toMatchObject({
      before: { bettingLocked: false },
      after: { bettingLocked: true, loginLocked: false },
      signedOut: false,
    });
    // A betting lock leaves the player signed in.
    expect((await stakes(player.accessToken)).status).toBe(200);
    expect(await db.transaction((tx) => setPlayerMaxStake(tx, player.id, 25_050))).toEqual({
      domain: HOST,
      before: { maxStake: null },
      after: { maxStake: 250.5 },
    });
    expect(await db.transaction((tx) => setPlayerMaxStake(tx, player.id, null))).toEqual({
      domain: HOST,
      before: { maxStake: 250.5 },
      after: { maxStake: null },
    });
    for (const bad of [0, -100, 1.5, Number.NaN]) {
      await expect(
        db.transaction((tx) => setPlayerMaxStake(tx, player.id, bad)),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await db.transaction((tx) => setBettingLock(tx, unknown, true))).toBeNull();
    expect(await db.transaction((tx) => setLoginLock(tx, 'not-an-id', true))).toBeNull();
    expect(await db.transaction((tx) => setPlayerMaxStake(tx, unknown, 100))).toBeNull();
    expect(await db.transaction((tx) => forcePasswordReset(tx, unknown))).toBeNull();
  });

  it("reads a player's profile in the contract's shape, whichever brand they are on", async () => {
    const player = await signUp();
    const profile = await playerProfile(db, player.id);
    expect(playerDetailSchema.shape.profile.parse(profile)).toEqual(profile);
    expect(profile).toMatchObject({
      id: player.id,
      domain: HOST,
      userName: player.userName,
      status: 'active',
      demo: false,
      bettingLocked: false,
      loginLocked: false,
      passwordResetRequired: false,
    });
    expect(profile?.mobile).toMatch(/^\+91\d{10}$/);
    expect(await playerProfile(db, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await playerProfile(db, "1' OR '1'='1")).toBeNull();
  });

  it('keeps notes newest first, never edited or removed but with their player', async () => {
    const player = await signUp();
    const operatorId = '11111111-1111-4111-8111-111111111111';
    for (const text of ['Called about a deposit', '  Asked for a limit  ', 'Limit set']) {
      const note = await db.transaction((tx) =>
        addPlayerNote(tx, { playerId: player.id, operatorId, operatorName: 'support.anna', text }),
      );
      expect(note).toMatchObject({ operatorName: 'support.anna', text: text.trim() });
    }
    const notes = await playerNotes(db, player.id);
    expect(playerDetailSchema.shape.notes.parse(notes)).toEqual(notes);
    expect(notes.map((note) => note.text)).toEqual([
      'Limit set',
      'Asked for a limit',
      'Called about a deposit',
    ]);
    expect(
      await db.transaction((tx) =>
        addPlayerNote(tx, {
          playerId: '00000000-0000-4000-8000-000000000000',
          operatorId,
          operatorName: 'support.anna',
          text: 'lost',
        }),
      ),
    ).toBeNull();
    for (const text of ['   ', 'x'.repeat(2001)]) {
      await expect(
        db.transaction((tx) =>
          addPlayerNote(tx, { playerId: player.id, operatorId, operatorName: 'a', text }),
        ),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }

    // The table is a record: no note is changed or removed while its player exists.
    await expect(
      db.query("UPDATE player_notes SET text = 'rewritten' WHERE player_id = $1", [player.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      db.query('DELETE FROM player_notes WHERE player_id = $1', [player.id]),
    ).rejects.toThrow(/append-only/);
    expect(await playerNotes(db, player.id)).toEqual(notes);
    // An account that is deleted (an ended demo, an abandoned sign-up) takes its notes along.
    await db.query('DELETE FROM users WHERE id = $1', [player.id]);
    expect(await playerNotes(db, player.id)).toEqual([]);
  });

  it("lists a player's login attempts newest first", async () => {
    const player = await signUp();
    expect((await login(player.userName, 'Wrong12345')).body.success).toBe(false);
    expect((await login(player.userName)).body.success).toBe(true);
    const attempts = await playerLoginAttempts(db, player.id, 10);
    expect(playerDetailSchema.shape.loginAttempts.parse(attempts)).toEqual(attempts);
    expect(attempts.map((a) => a.result)).toEqual(['Success', 'Failed', 'Success']);
    expect(attempts[0]?.browser).toContain('TestPhone');
    expect(await playerLoginAttempts(db, player.id, 1)).toHaveLength(1);
  });

  it('lists live sessions as their logins, not their rotations', async () => {
    const player = await signUp();
    const rotated = await refresh(player.refreshToken);
    expect(rotated.body.success).toBe(true);
    const sessions = await playerSessions(db, player.id);
    expect(playerDetailSchema.shape.sessions.parse(sessions)).toEqual(sessions);
    expect(sessions).toHaveLength(1);
    const [session] = sessions;
    expect(Date.parse(session?.expiresAt ?? '')).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    // Ended sessions are not live ones.
    await db.transaction((tx) => forcePasswordReset(tx, player.id));
    expect(await playerSessions(db, player.id)).toEqual([]);
  });
});
