import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { demoTopUpResultSchema } from '@backlay/contract/hub';
import type { Database } from '../../db/database';
import { build, TEST_BACKENDS } from '../../test-helper';
import { getBalances } from '../wallet/ledger';
import { holdExposure, settleExposure } from '../wallet/wallet-movements';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import { caller, latestCode } from './account-test-kit';
import { DEMO_BALANCE_CAP_MINOR, DEMO_FUNDS_MINOR, DEMO_ONLY_MESSAGE } from './demo-funds';

const setups = await Promise.all(
  TEST_BACKENDS.map(async (backend) => ({ backend, ...(await build({ backend })) })),
);
const PATH = 'Account/TopUpDemoBalance';

async function demoGrants(db: Database, playerId: string): Promise<number> {
  const [row] = await db.query<{ n: unknown }>(
    `SELECT count(DISTINCT t.id) AS n FROM ledger_transfers t
     JOIN ledger_entries e ON e.transfer_id = t.id
     JOIN ledger_accounts a ON a.id = e.account_id
     WHERE t.code = 'demo_grant' AND a.owner_id = $1`,
    [playerId],
  );
  return Number(row?.n);
}

/** Holds a stake and, when `lose`, settles it as lost. */
async function bet(db: Database, playerId: string, amountMinor: number, lose: boolean) {
  const ref = { domain: '99exch.com', ownerId: playerId, book: 'play' as const };
  const reference = `bet-${randomUUID()}`;
  await db.transaction(async (tx) => {
    const held = await holdExposure(tx, {
      ...ref,
      amountMinor,
      reference,
      idempotencyKey: `${reference}:h`,
    });
    expect(held.status).toBe('ok');
    if (!lose) return;
    const settled = await settleExposure(tx, {
      ...ref,
      reference,
      releaseMinor: amountMinor,
      profitMinor: -amountMinor,
      commissionMinor: 0,
      idempotencyKey: `${reference}:s`,
    });
    expect(settled.status).toBe('ok');
  });
}

describe.each(setups)('the demo top-up on $backend', ({ app, db }) => {
  const call = caller(app);

  async function demoPlayer() {
    const login = await call('GET', 'Account/LoginAsDemoUser');
    const token: string = login.body.result.accessToken;
    const info = await call('GET', 'Setting/GetSetting', { token });
    return { token, id: info.body.result.userId as string };
  }

  const playBalances = (playerId: string) =>
    getBalances(db, { domain: '99exch.com', ownerId: playerId, book: 'play' });

  it('adds ₹1,00,000 of play money and pushes the new balance', async () => {
    const player = await demoPlayer();
    await bet(db, player.id, 12_345_67, true);
    await bet(db, player.id, 1_000_00, false);
    const publish = vi.spyOn(app.hub, 'publishBalance');
    try {
      const res = await call('POST', PATH, { token: player.token, body: {} });
      expect(res.status).toBe(200);
      expect(demoTopUpResultSchema.parse(res.body.result)).toEqual({
        balance: 187_654.33,
        exposure: 1_000,
      });
      // The wallet announces the committed figures; the hub pushes them without a read.
      expect(publish).toHaveBeenCalledExactlyOnceWith(
        expect.objectContaining({
          domain: '99exch.com',
          ownerId: player.id,
          book: 'play',
          balanceMinor: 187_654_33,
          exposureMinor: 1_000_00,
        }),
      );
    } finally {
      publish.mockRestore();
    }
    expect(await playBalances(player.id)).toMatchObject({
      balanceMinor: 187_654_33,
      availableMinor: 186_654_33,
    });
    expect(await demoGrants(db, player.id)).toBe(2);
    await expectSoundLedger(db);
  });

  it('stops at the cap, then moves and pushes nothing', async () => {
    const player = await demoPlayer();
    for (let i = 0; i < 9; i++) await call('POST', PATH, { token: player.token, body: {} });
    expect((await playBalances(player.id)).balanceMinor).toBe(DEMO_BALANCE_CAP_MINOR);
    const publish = vi.spyOn(app.hub, 'publishBalance');
    try {
      const res = await call('POST', PATH, { token: player.token, body: {} });
      expect(res.body.result).toEqual({ balance: DEMO_BALANCE_CAP_MINOR / 100, exposure: 0 });
      expect(publish).not.toHaveBeenCalled();
    } finally {
      publish.mockRestore();
    }
    expect(await demoGrants(db, player.id)).toBe(10);
  });

  it('loses no top-up and passes no cap when top-ups race', async () => {
    const racers = () =>
      Promise.all(
        Array.from({ length: 4 }, () => call('POST', PATH, { token: player.token, body: {} })),
      );
    const player = await demoPlayer();
    await racers();
    expect((await playBalances(player.id)).balanceMinor).toBe(5 * DEMO_FUNDS_MINOR);
    await racers();
    expect((await playBalances(player.id)).balanceMinor).toBe(9 * DEMO_FUNDS_MINOR);
    await racers();
    expect((await playBalances(player.id)).balanceMinor).toBe(DEMO_BALANCE_CAP_MINOR);
    await expectSoundLedger(db);
  });

  it('is for demo players only, and for signed-in ones', async () => {
    const userName = `real${randomBytes(3).toString('hex')}`;
    const mobile = `97${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await call('POST', 'Account/Register', {
      body: { userName, mobile, password: 'Cricket2026', domain: '99exch.com' },
    });
    const code = await latestCode(db, `+91${mobile}`);
    const verified = await call('POST', 'Account/VerificationUser', { body: { userName, code } });
    const token: string = verified.body.result.accessToken;
    const publish = vi.spyOn(app.hub, 'publishBalance');
    try {
      const refused = await call('POST', PATH, { token, body: {} });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', message: DEMO_ONLY_MESSAGE });
      expect(publish).not.toHaveBeenCalled();
    } finally {
      publish.mockRestore();
    }

    const anonymous = await call('POST', PATH, { body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.unAuthorizedRequest).toBe(true);
  });
});
