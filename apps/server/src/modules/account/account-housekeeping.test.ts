import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migratedTestDatabase, TEST_BACKENDS } from '../../test-helper';
import { LOGIN_HISTORY_DAYS, purgeStaleAccountData } from './account-housekeeping';
import { recordActivity } from './activity-log';

const DAY_MS = 86_400_000;

describe.each(TEST_BACKENDS)('account housekeeping on %s', (backend) => {
  it('deletes what has aged out, and nothing a player still needs', async () => {
    const db = await migratedTestDatabase(backend);
    const now = new Date('2026-11-23T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const user = async (status: string) => {
      const [row] = await db.query<{ id: string }>(
        `INSERT INTO users (domain, user_name, mobile, password_hash, status, is_demo, stakes)
         VALUES ('99exch.com', $1, '+919876543210', 'x', $2, false, '[]') RETURNING id`,
        [`u${randomUUID().slice(0, 8)}`, status],
      );
      return row?.id ?? '';
    };
    const player = await user('active');
    const abandoned = await user('pending_verification');
    const waiting = await user('pending_verification');
    await db.query(
      `INSERT INTO verification_codes (user_id, code_hash, expires_at, sent_at)
       VALUES ($1, 'h', $2, $2), ($3, 'h', $4, $4)`,
      [abandoned, ago(2), waiting, ago(0.5)],
    );
    const token = (expires: Date) =>
      db.query(
        `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, created_at)
         VALUES ($1, gen_random_uuid(), $2, $3, $3)`,
        [player, randomUUID(), expires],
      );
    await token(ago(3));
    await token(ago(0.5)); // expired, but its reuse must still be caught for a while
    await token(ago(-7));
    const attempt = (at: Date) =>
      db.query(
        `INSERT INTO login_attempts (domain, user_name, user_id, ip, browser, result, created_at)
         VALUES ('99exch.com', 'p', $1, '192.0.2.1', 'b', 'Failed', $2)`,
        [player, at],
      );
    await attempt(ago(LOGIN_HISTORY_DAYS + 1));
    await attempt(ago(LOGIN_HISTORY_DAYS - 1));
    const origin = { ip: '192.0.2.1', browser: 'b' };
    const change = (at: Date) =>
      recordActivity(db, { id: player, domain: '99exch.com' }, 'PASSWORD_CHANGED', origin, at);
    await change(ago(LOGIN_HISTORY_DAYS + 1));
    await change(ago(LOGIN_HISTORY_DAYS - 1));
    await db.query(
      `INSERT INTO sms_outbox (domain, mobile, body, created_at) VALUES
       ('99exch.com', '+91', 'old', $1), ('99exch.com', '+91', 'new', $2)`,
      [ago(2), ago(0.1)],
    );

    expect(await purgeStaleAccountData(db, now)).toEqual({
      refreshTokens: 1,
      loginAttempts: 1,
      activities: 1,
      abandonedSignUps: 1,
      outboxMessages: 1,
    });
    const left = await db.query<{ id: string }>('SELECT id FROM users ORDER BY id');
    expect(left.map((r) => r.id).sort()).toEqual([player, waiting].sort());
    const [counts] = await db.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM refresh_tokens)::int AS tokens,
              (SELECT count(*) FROM login_attempts)::int AS attempts,
              (SELECT count(*) FROM account_activity)::int AS activities,
              (SELECT count(*) FROM sms_outbox)::int AS outbox`,
    );
    expect(counts).toEqual({ tokens: 2, attempts: 1, activities: 1, outbox: 1 });
    // A second run finds nothing more.
    expect(Object.values(await purgeStaleAccountData(db, now))).toEqual([0, 0, 0, 0, 0]);
  });
});
