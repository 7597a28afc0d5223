import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import { placeBody, seedEvent, silentFeedRunner } from '../exchange/exchange-test-kit';
import {
  BRAND,
  bankAccount,
  fund,
  ip,
  key,
  must,
  paymentsApp,
  screenshot,
  utr,
} from '../payments/payments-test-kit';
import { auditLedger, SOUND_LEDGER } from '../wallet';

type Kit = Awaited<ReturnType<typeof paymentsApp>>;
type TestPlayer = Awaited<ReturnType<Kit['player']>>;

const HOUR = 3_600;
const PASSWORD = 'Cricket2026';
const NO_LIMITS = { day: null, week: null, month: null };

/** The player's calls under a given access token (the kit's own keep the first one). */
function as(kit: Kit, token: string) {
  return (method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) =>
    method === 'GET'
      ? kit.api('GET', path, { host: BRAND, token, query: input as Record<string, string> })
      : kit.api('POST', path, { host: BRAND, token, body: input });
}

/** Logs the player in again (the test clock outran their access token); answers the token. */
async function logIn(kit: Kit, player: TestPlayer) {
  const res = await kit.api('POST', 'Account/Authenticate', {
    host: BRAND,
    ip: ip(),
    body: { userNameOrEmailAddress: player.userName, password: PASSWORD },
  });
  return res;
}

async function freshToken(kit: Kit, player: TestPlayer): Promise<string> {
  const res = await logIn(kit, player);
  if (!res.body.success) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.result.accessToken as string;
}

/** A manual deposit request of `amount` by UPI, with its own slip and UTR. */
async function askToDeposit(
  kit: Kit,
  call: ReturnType<typeof as> | TestPlayer['call'],
  amount: number,
) {
  const stored = await call('POST', 'Setting/StoreImage', { image: await screenshot(8, 8) });
  return call('POST', 'DepositWithdrawal/CreateDeposit', {
    amount,
    methodId: kit.upiMethodId,
    utr: utr(),
    slipId: must(stored.body.result).id,
    idempotencyKey: key(),
  });
}

const limits = (deposit: object, loss: object = NO_LIMITS) => ({
  deposit: { ...NO_LIMITS, ...deposit },
  loss: { ...NO_LIMITS, ...loss },
});

describe.each(TEST_BACKENDS)('responsible gambling (%s)', (backend) => {
  it('holds deposits to a 24-hour limit at its boundary, parallel ones too, and counts rejected ones as nothing', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const set = await player.call('POST', 'ResponsibleGambling/SetLimits', limits({ day: 1000 }));
    expect(set.body.result.deposit.day).toEqual({ amount: 1000, pending: null, used: 0 });

    expect((await askToDeposit(kit, player.call, 600)).body.success).toBe(true);
    const over = await askToDeposit(kit, player.call, 401);
    expect(over.status).toBe(400);
    expect(over.body.error.message).toBe(
      'This deposit would take you over your 24-hour deposit limit of ₹1,000. You can deposit up to ₹400 now.',
    );
    const info = await player.call('GET', 'Account/GetPaymentInfo');
    expect(info.body.result.depositAllowance).toBe(400);
    // Exactly the room left is accepted.
    const exact = await askToDeposit(kit, player.call, 400);
    expect(exact.body.success).toBe(true);
    const full = await askToDeposit(kit, player.call, 100);
    expect(full.body.error.message).toMatch(
      /You have reached your 24-hour deposit limit of ₹1,000/,
    );
    // A payment link counts against the same limit.
    const link = await player.call('POST', 'Payment/Generate', {
      amount: 100,
      idempotencyKey: key(),
    });
    expect(link.status).toBe(400);
    expect(
      await kit.db.query('SELECT 1 FROM gateway_payments WHERE owner_id = $1', [player.id]),
    ).toHaveLength(0);

    // A rejected request moved no money, so it leaves room again.
    const rejected = await kit.call(calls.decideDepositRoute, {
      token: kit.owner.token,
      input: { id: exact.body.result.id, decision: 'REJECT', remark: 'No such payment arrived' },
    });
    expect(rejected.result?.status).toBe('REJECTED');
    const settings = await player.call('GET', 'ResponsibleGambling/GetSettings');
    expect(settings.body.result.deposit.day.used).toBe(600);

    // Four parallel requests of ₹150 with ₹400 of room: two are accepted, never three.
    const parallel = await Promise.all([1, 2, 3, 4].map(() => askToDeposit(kit, player.call, 150)));
    expect(parallel.filter((res) => res.body.success)).toHaveLength(2);
    const [counted] = await kit.db.query<{ total: string }>(
      `SELECT sum(amount_minor)::text AS total FROM payment_requests
       WHERE owner_id = $1 AND status = 'PENDING'`,
      [player.id],
    );
    expect(Number(counted?.total)).toBe(90_000);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('lowers a limit at once, makes a raise wait 24 hours, and does not restart the wait when saved again', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    await player.call('POST', 'ResponsibleGambling/SetLimits', limits({ week: 5000 }));
    const lowered = await player.call(
      'POST',
      'ResponsibleGambling/SetLimits',
      limits({ week: 1000 }),
    );
    expect(lowered.body.result.deposit.week).toMatchObject({ amount: 1000, pending: null });
    expect((await askToDeposit(kit, player.call, 1000)).body.success).toBe(true);

    const asked = kit.clock.now();
    const raised = await player.call(
      'POST',
      'ResponsibleGambling/SetLimits',
      limits({ week: 3000 }),
    );
    const pendingFrom = new Date(asked.getTime() + 24 * HOUR * 1000).toISOString();
    expect(raised.body.result.deposit.week).toEqual({
      amount: 1000,
      pending: { amount: 3000, from: pendingFrom },
      used: 1000,
    });
    expect((await askToDeposit(kit, player.call, 100)).status).toBe(400);

    // Saving the same raise an hour later keeps its time.
    kit.clock.advanceSeconds(HOUR);
    const token = await freshToken(kit, player);
    const call = as(kit, token);
    const again = await call('POST', 'ResponsibleGambling/SetLimits', limits({ week: 3000 }));
    expect(again.body.result.deposit.week.pending).toEqual({ amount: 3000, from: pendingFrom });

    kit.clock.advanceSeconds(22 * HOUR);
    const before = as(kit, await freshToken(kit, player));
    expect((await askToDeposit(kit, before, 100)).status).toBe(400);

    kit.clock.advanceSeconds(2 * HOUR);
    const after = as(kit, await freshToken(kit, player));
    const settings = await after('GET', 'ResponsibleGambling/GetSettings');
    expect(settings.body.result.deposit.week).toEqual({ amount: 3000, pending: null, used: 1000 });
    expect((await askToDeposit(kit, after, 2000)).body.success).toBe(true);
    expect((await askToDeposit(kit, after, 100)).status).toBe(400);

    // Removing a limit is a raise too: it waits.
    const removed = await after('POST', 'ResponsibleGambling/SetLimits', limits({}));
    expect(removed.body.result.deposit.week.amount).toBe(3000);
    expect(removed.body.result.deposit.week.pending?.amount).toBeNull();

    // The operator's view has every change, worded (the owner signs in again: a day went by).
    const detail = await kit.call(calls.playerDetailRoute, {
      token: await kit.signIn(kit.owner.userName, kit.owner.secret),
      input: { playerId: player.id },
    });
    const history = must(detail.result).responsibleGambling.history.map((entry) => entry.change);
    expect(history).toEqual([
      expect.stringMatching(/^7-day deposit limit: ₹3,000 → no limit, from /),
      expect.stringMatching(/^7-day deposit limit: ₹1,000 → ₹3,000, from /),
      '7-day deposit limit: ₹5,000 → ₹1,000, at once',
      '7-day deposit limit: no limit → ₹5,000, at once',
    ]);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('refuses limits out of order and from demo players, changing nothing', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const wrong = await player.call(
      'POST',
      'ResponsibleGambling/SetLimits',
      limits({ day: 5000, week: 1000 }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toMatch(/24-hour limit cannot be above the 7-day limit/);
    const negative = await player.call(
      'POST',
      'ResponsibleGambling/SetLimits',
      limits({ day: -5 }),
    );
    expect(negative.status).toBe(400);
    const demo = await kit.api('GET', 'Account/LoginAsDemoUser', { host: BRAND, ip: ip() });
    const demoCall = as(kit, demo.body.result.accessToken as string);
    const refused = await demoCall('POST', 'ResponsibleGambling/SetLimits', limits({ day: 100 }));
    expect(refused.status).toBe(403);
    expect(await kit.db.query('SELECT 1 FROM gambling_limits')).toHaveLength(0);
  });

  it('refuses a bet that would take settled losses and open liability past a loss limit, under parallel bets too', async () => {
    const kit = await paymentsApp(backend);
    const feed = silentFeedRunner(kit.db);
    const first = must((await seedEvent(kit.db, feed)).markets.match_odds);
    const second = must((await seedEvent(kit.db, feed)).markets.match_odds);
    const player = await kit.player();
    await fund(kit, player, 5000);
    const set = await player.call(
      'POST',
      'ResponsibleGambling/SetLimits',
      limits({}, { day: 1000 }),
    );
    expect(set.body.result.loss.day).toEqual({ amount: 1000, pending: null, used: 0 });

    // Five ₹300 backs at once: their liability is their stake, so three fit in ₹1,000.
    const bets = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        player.call('POST', 'Bet/PlaceBetV2', placeBody(first, 1, 'BACK', 1.01, 300)),
      ),
    );
    const placed = bets.filter((res) => res.body.success);
    expect(placed).toHaveLength(3);
    const refused = must(bets.find((res) => !res.body.success));
    expect(refused.status).toBe(403);
    expect(refused.body.error.details).toBe('LOSS_LIMIT');
    expect(refused.body.error.message).toMatch(
      /past your 24-hour loss limit of ₹1,000: you have lost ₹0 net in that time, and your open bets including this one could lose ₹1,200/,
    );

    // The market settles against the player: ₹900 lost, ₹100 of room left.
    const settled = await kit.call(calls.settleMarketRoute, {
      token: kit.owner.token,
      input: { marketId: first, winnerRunnerId: 2, reason: 'full time' },
    });
    expect(settled.status).toBe(200);
    const settings = await player.call('GET', 'ResponsibleGambling/GetSettings');
    expect(settings.body.result.loss.day).toMatchObject({ used: 900 });
    expect(settings.body.result.openLiability).toBe(0);
    const tooMuch = await player.call(
      'POST',
      'Bet/PlaceBetV2',
      placeBody(second, 1, 'BACK', 1.01, 101),
    );
    expect(tooMuch.body.error.details).toBe('LOSS_LIMIT');
    const exact = await player.call(
      'POST',
      'Bet/PlaceBetV2',
      placeBody(second, 1, 'BACK', 1.01, 100),
    );
    expect(exact.body.success).toBe(true);

    // A player without a loss limit is not held to another's.
    const other = await kit.player();
    await fund(kit, other, 5000);
    const free = await other.call(
      'POST',
      'Bet/PlaceBetV2',
      placeBody(second, 1, 'BACK', 1.01, 2000),
    );
    expect(free.body.success).toBe(true);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('refuses a self-excluded player everywhere at once, keeps their money, and a new account with their number', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    await fund(kit, player, 2000);
    const account = await bankAccount(player);

    const wrong = await player.call('POST', 'ResponsibleGambling/SelfExclude', {
      period: 'SIX_MONTHS',
      password: 'not-the-password',
    });
    expect(wrong.status).toBe(400);
    expect((await player.call('GET', 'Setting/GetSetting')).status).toBe(200);

    const at = kit.clock.now();
    const excluded = await player.call('POST', 'ResponsibleGambling/SelfExclude', {
      period: 'SIX_MONTHS',
      password: PASSWORD,
    });
    expect(excluded.body.result.kind).toBe('SELF_EXCLUSION');
    const until = new Date(excluded.body.result.until as string);
    const sixMonths = new Date(at);
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    expect(until.toISOString()).toBe(sixMonths.toISOString());

    // The token in hand stops working for every call, reading and money alike.
    for (const [method, path, input] of [
      ['GET', 'Setting/GetSetting', {}],
      ['GET', 'Account/GetPaymentInfo', {}],
      ['GET', 'ResponsibleGambling/GetSettings', {}],
      ['POST', 'Bet/PlaceBetV2', placeBody('1.234', 1, 'BACK', 2, 100)],
      [
        'POST',
        'DepositWithdrawal/CreateWithdrawal',
        { amount: 500, withdrawalAccountId: account, idempotencyKey: key() },
      ],
    ] as const) {
      const res = await player.call(method, path, input);
      expect(res.status, path).toBe(401);
    }
    const refreshed = await kit.api('GET', 'Account/RefreshToken', {
      host: BRAND,
      query: { refreshToken: player.refreshToken },
    });
    expect(refreshed.status).toBe(401);
    const login = await logIn(kit, player);
    expect(login.status).toBe(403);
    expect(login.body.error.message).toMatch(
      /^You excluded yourself from this site until .+ IST\. Your account cannot be used until then\.$/,
    );

    // The same mobile number cannot open another account on the brand.
    const [user] = await kit.db.query<{ mobile: string }>(
      'SELECT mobile FROM users WHERE id = $1',
      [player.id],
    );
    const signUp = await kit.api('POST', 'Account/Register', {
      host: BRAND,
      ip: ip(),
      body: {
        userName: `again${Date.now() % 100000}`,
        mobile: must(user).mobile.replace(/^\+91/, ''),
        password: PASSWORD,
        domain: BRAND,
      },
    });
    expect(signUp.status).toBe(403);
    expect(signUp.body.error.message).toBe(
      'Sign-up with this mobile number is not available. Please contact support.',
    );

    // Operators see it; the money stays where it was.
    const detail = await kit.call(calls.playerDetailRoute, {
      token: kit.owner.token,
      input: { playerId: player.id },
    });
    expect(detail.result?.responsibleGambling.break).toEqual({
      kind: 'SELF_EXCLUSION',
      since: at.toISOString(),
      until: until.toISOString(),
    });
    expect(detail.result?.balances.cash).toBe(2000);

    // It ends when it said, not before.
    kit.clock.advanceSeconds((until.getTime() - kit.clock.now().getTime()) / 1000 - 60);
    expect((await logIn(kit, player)).status).toBe(403);
    kit.clock.advanceSeconds(120);
    expect((await logIn(kit, player)).body.success).toBe(true);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('ends a time-out after its length, and only the right password starts one', async () => {
    const kit = await paymentsApp(backend);
    const player = await kit.player();
    const taken = await player.call('POST', 'ResponsibleGambling/TakeTimeOut', {
      period: 'DAY',
      password: PASSWORD,
    });
    expect(taken.body.result.kind).toBe('TIME_OUT');
    const login = await logIn(kit, player);
    expect(login.body.error.message).toMatch(/^You are taking a break until .+ IST\./);
    kit.clock.advanceSeconds(24 * HOUR + 1);
    expect((await logIn(kit, player)).body.success).toBe(true);
    const [breaks] = await kit.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM gambling_breaks WHERE user_id = $1',
      [player.id],
    );
    expect(breaks?.n).toBe(1);
  });
});
