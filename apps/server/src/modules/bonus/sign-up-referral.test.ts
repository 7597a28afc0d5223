/**
 * A friend's referral code given at sign-up, on PGlite and PostgreSQL: checked at Register (an
 * unknown code, another brand's or a malformed one is refused and nothing is made), kept with
 * the pending sign-up (across a resent code), recorded when the number is verified, and the
 * friend rewarded once on the player's first deposit by the referral job. The ledger is audited.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { REFERRAL_CODE_MESSAGE } from '@backlay/contract/referral-code';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { pausePlay } from '../account';
import { MESSAGES } from '../account/account-service';
import { accountState, caller, latestCode } from '../account/account-test-kit';
import { adminApp } from '../admin/admin-test-kit';
import { BRAND, casinoKit, must } from '../casino/casino-test-kit';
import { auditLedger, deposit, SOUND_LEDGER } from '../wallet';
import { campaignDraft } from './bonus-test-kit';

const OTHER_BRAND = 'cricbet99.com';

describe.each(TEST_BACKENDS)('a referral code given at sign-up (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof adminApp>>;
  let players: ReturnType<typeof casinoKit>;
  let call: ReturnType<typeof caller>;
  let campaignId: string;
  let ips = 0;

  beforeAll(async () => {
    kit = await adminApp(backend);
    players = casinoKit(kit.app, kit.db);
    call = caller(kit.app);
    const owner = await kit.owner();
    const made = await kit.call(calls.createBonusCampaignRoute, {
      token: owner.token,
      input: campaignDraft({
        title: 'Bring a friend',
        description: 'A bonus for each friend who joins with your code and deposits.',
        type: 'REFERRAL',
        amount: 250,
        minDeposit: 500,
        referralTrigger: 'FIRST_DEPOSIT',
        usesPerPlayer: 10,
      }),
    });
    campaignId = must(made.result).id;
  });

  /** A player's referral code and link, as their bonus page reads them. */
  async function referralOf(player: Awaited<ReturnType<typeof players.player>>) {
    const list = await player.call('GET', 'Bonus/GetBonuses');
    return must(list.body.result.referral) as { code: string; link: string };
  }

  /** A player and a friend signed up with the player's code, the friend's number not verified yet. */
  async function friendSignedUpWithCode() {
    const referrer = await players.player();
    const { code } = await referralOf(referrer);
    const friend = newSignUp();
    expect((await register(friend, code)).body.success).toBe(true);
    return { referrer, friend };
  }

  function newSignUp(host = BRAND) {
    return {
      host,
      ip: `198.51.${++ips % 250}.${(ips * 7) % 250}`,
      userName: `ref${randomBytes(4).toString('hex')}`,
      mobile: `96${String(randomInt(1e8)).padStart(8, '0')}`,
    };
  }

  async function register(signUp: ReturnType<typeof newSignUp>, referralCode?: unknown) {
    return call('POST', 'Account/Register', {
      host: signUp.host,
      ip: signUp.ip,
      body: {
        userName: signUp.userName,
        mobile: signUp.mobile,
        password: 'Cricket2026',
        domain: signUp.host,
        ...(referralCode === undefined ? {} : { referralCode }),
      },
    });
  }

  async function verify(signUp: ReturnType<typeof newSignUp>) {
    const code = await latestCode(kit.db, `+91${signUp.mobile}`);
    const verified = await call('POST', 'Account/VerificationUser', {
      host: signUp.host,
      ip: signUp.ip,
      body: { userName: signUp.userName, code },
    });
    expect(verified.body.success, JSON.stringify(verified.body)).toBe(true);
    const [row] = await kit.db.query<{ id: string }>(
      'SELECT id FROM users WHERE domain = $1 AND user_name = $2',
      [signUp.host, signUp.userName],
    );
    return { id: must(row).id, token: verified.body.result.accessToken as string };
  }

  const referralOfFriend = (friendId: string) =>
    kit.db.query<{ referrer_id: string; domain: string }>(
      'SELECT referrer_id, domain FROM referrals WHERE referred_id = $1',
      [friendId],
    );

  const rewardsOf = (referrerId: string) =>
    kit.db.query<{ source: string; amount_minor: string; status: string }>(
      'SELECT source, amount_minor::text, status FROM player_bonuses WHERE owner_id = $1 AND campaign_id = $2',
      [referrerId, campaignId],
    );

  it('links to the sign-up page with the code', async () => {
    const referrer = await players.player();
    const { code, link } = await referralOf(referrer);
    expect(link).toBe(`https://${BRAND}/auth/signup?ref=${code}`);
  });

  it('records the referral when the number is verified, and the first deposit rewards the friend once', async () => {
    const referrer = await players.player();
    const { code } = await referralOf(referrer);
    const friend = newSignUp();
    // Typed in small letters with spaces around it: the same code.
    const registered = await register(friend, ` ${code.toLowerCase()} `);
    expect(registered.body.success, JSON.stringify(registered.body)).toBe(true);
    const [pending] = await kit.db.query<{ referral_code: string }>(
      `SELECT v.referral_code FROM verification_codes v JOIN users u ON u.id = v.user_id
       WHERE u.domain = $1 AND u.user_name = $2`,
      [BRAND, friend.userName],
    );
    expect(pending?.referral_code).toBe(code);

    const joined = await verify(friend);
    expect(await referralOfFriend(joined.id)).toEqual([
      { referrer_id: referrer.id, domain: BRAND },
    ]);
    // The bonus page knows the friend joined with a code already.
    const again = await call('GET', 'Bonus/Claim', {
      host: BRAND,
      token: joined.token,
      query: { referral: code },
    });
    expect(again.body.result.outcome).toBe('ALREADY_REFERRED');

    // Nothing before the first deposit; after it, one reward however many runs race.
    expect(await kit.app.bonus.rewardAllReferrals(kit.clock.now())).toBe(0);
    const paid = await deposit(kit.db, {
      domain: BRAND,
      ownerId: joined.id,
      amountMinor: 100_000,
      idempotencyKey: `sign-up-referral-deposit-${joined.id}`,
    });
    expect(paid.status).toBe('ok');
    const runs = await Promise.all([
      kit.app.bonus.rewardAllReferrals(kit.clock.now()),
      kit.app.bonus.rewardAllReferrals(kit.clock.now()),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await kit.app.bonus.rewardAllReferrals(kit.clock.now())).toBe(0);
    expect(await rewardsOf(referrer.id)).toEqual([
      { source: `referral:${joined.id}`, amount_minor: '25000', status: 'OFFERED' },
    ]);
    const list = (await referrer.call('GET', 'Bonus/GetBonuses')).body.result;
    expect(list.referral).toMatchObject({ invited: 1, rewarded: 1 });
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('keeps the code with the sign-up when a new code is sent', async () => {
    const { referrer, friend } = await friendSignedUpWithCode();
    kit.clock.advanceSeconds(61);
    const resent = await call('POST', 'Account/ResendVerificationCode', {
      host: friend.host,
      ip: friend.ip,
      body: { userName: friend.userName },
    });
    expect(resent.body.success, JSON.stringify(resent.body)).toBe(true);
    const joined = await verify(friend);
    expect(await referralOfFriend(joined.id)).toEqual([
      { referrer_id: referrer.id, domain: BRAND },
    ]);
  });

  it('joins without a code as before, referred by nobody', async () => {
    const friend = newSignUp();
    expect((await register(friend)).body.success).toBe(true);
    const joined = await verify(friend);
    expect(await referralOfFriend(joined.id)).toEqual([]);
  });

  it('refuses an unknown code, naming the field, and makes no sign-up', async () => {
    const before = await accountState(kit.db);
    const refused = await register(newSignUp(), 'NOSUCH42');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.referralCodeUnknown,
      details: `referralCode: ${MESSAGES.referralCodeUnknown}`,
    });
    expect(await accountState(kit.db)).toBe(before);
  });

  it("refuses another brand's code and makes no sign-up", async () => {
    const elsewhere = await players.player(0, OTHER_BRAND);
    const { code } = await referralOf(elsewhere);
    const before = await accountState(kit.db);
    const refused = await register(newSignUp(), code);
    expect(refused.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.referralCodeUnknown,
    });
    expect(await accountState(kit.db)).toBe(before);
    // On its own brand the same code is good.
    expect((await register(newSignUp(OTHER_BRAND), code)).body.success).toBe(true);
  });

  it('refuses a malformed code with the contract’s message and makes no sign-up', async () => {
    const before = await accountState(kit.db);
    const refused = await register(newSignUp(), 'AB-12');
    expect(refused.body.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: REFERRAL_CODE_MESSAGE,
      details: `referralCode: ${REFERRAL_CODE_MESSAGE}`,
    });
    expect(await accountState(kit.db)).toBe(before);
  });

  // Last: it moves the app's clock a day on.
  it('rewards a friend on a break once the break is over, by the referral job’s own rules', async () => {
    const { referrer, friend } = await friendSignedUpWithCode();
    const joined = await verify(friend);
    const breakEnds = new Date(kit.clock.now().getTime() + 86_400_000);
    await pausePlay(
      kit.db,
      { domain: BRAND, id: referrer.id },
      { kind: 'TIME_OUT', until: breakEnds, now: kit.clock.now() },
    );
    const paid = await deposit(kit.db, {
      domain: BRAND,
      ownerId: joined.id,
      amountMinor: 100_000,
      idempotencyKey: `sign-up-referral-deposit-${joined.id}`,
    });
    expect(paid.status).toBe('ok');
    expect(await kit.app.bonus.rewardAllReferrals(kit.clock.now())).toBe(0);
    expect(await rewardsOf(referrer.id)).toEqual([]);

    kit.clock.advanceSeconds(86_400 + 60);
    expect(await kit.app.bonus.rewardAllReferrals(kit.clock.now())).toBe(1);
    expect(await kit.app.bonus.rewardAllReferrals(kit.clock.now())).toBe(0);
    expect(await rewardsOf(referrer.id)).toEqual([
      { source: `referral:${joined.id}`, amount_minor: '25000', status: 'OFFERED' },
    ]);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
