/**
 * Bonuses on PGlite and PostgreSQL: the seeded first-deposit offer read, claimed once (also when
 * two claims race), wagered through settled stakes (the minimum price, the hedge rule) and
 * converted once; expiry once, even when two runs race; the editor's refusals (10x, one product)
 * and its audit; the lossback job run twice at once; a coupon's total under a burst; a
 * withdrawal of the deposit during an active bonus; a claim by a player on a break. The ledger
 * is audited after each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { priceToTick } from '@backlay/exchange/ladder';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { pausePlay } from '../account';
import { adminApp } from '../admin/admin-test-kit';
import { BRAND, casinoKit, must } from '../casino/casino-test-kit';
import { campaignDraft } from './bonus-test-kit';
import { silentFeedRunner, seedEvent } from '../exchange/exchange-test-kit';
import { auditLedger, deposit, getBalances, holdWithdrawal, SOUND_LEDGER } from '../wallet';
import { bettingWagerMinor, casinoWagerMinor } from './bonus-maths';
import { indiaDay } from './bonus-service';
import { countSettledMarket } from './wagering';

const tick = (price: number) => must(priceToTick(price));

describe('wagering maths', () => {
  const rule = { minPrice: 1.5, percent: 100 };

  it('counts matched stakes at or above the minimum price, not below it', () => {
    const fills = [
      { priceTick: tick(1.5), stakeMinor: 10_000 },
      { priceTick: tick(2.0), stakeMinor: 5_000 },
      { priceTick: tick(1.49), stakeMinor: 7_000 },
    ];
    expect(bettingWagerMinor({ netRiskMinor: 1_000_000, fills }, rule)).toBe(15_000);
    expect(bettingWagerMinor({ netRiskMinor: 1_000_000, fills }, { ...rule, percent: 50 })).toBe(
      7_500,
    );
  });

  it('counts a hedged position only at the net risk it leaves', () => {
    // Back and lay ₹100 on one runner at 2.0: nothing can be lost, nothing counts.
    const hedged = [
      { priceTick: tick(2.0), stakeMinor: 10_000 },
      { priceTick: tick(2.0), stakeMinor: 10_000 },
    ];
    expect(bettingWagerMinor({ netRiskMinor: 0, fills: hedged }, rule)).toBe(0);
    // Partly hedged: ₹30 still at risk counts ₹30, not the ₹200 matched.
    expect(bettingWagerMinor({ netRiskMinor: 3_000, fills: hedged }, rule)).toBe(3_000);
  });

  it('counts casino stakes by category, and nothing for a category not listed', () => {
    const casino = {
      categories: [
        { category: 'slots', percent: 100 },
        { category: 'live', percent: 10 },
      ],
    };
    expect(casinoWagerMinor({ category: 'Slots', stakeMinor: 2_000 }, casino)).toBe(2_000);
    expect(casinoWagerMinor({ category: 'live', stakeMinor: 2_000 }, casino)).toBe(200);
    expect(casinoWagerMinor({ category: 'crash', stakeMinor: 2_000 }, casino)).toBe(0);
  });

  it('reads lossback days as India calendar days', () => {
    const day = indiaDay(new Date('2026-11-24T20:00:00Z'));
    expect(day.day).toBe('2026-11-25');
    expect(day.start.toISOString()).toBe('2026-11-24T18:30:00.000Z');
  });
});

describe.each(TEST_BACKENDS)('bonuses (%s)', (backend: Backend) => {
  let kit: Awaited<ReturnType<typeof adminApp>>;
  let players: ReturnType<typeof casinoKit>;
  let owner: Awaited<ReturnType<typeof kit.owner>>;
  let welcomeId: string;
  beforeAll(async () => {
    kit = await adminApp(backend);
    players = casinoKit(kit.app, kit.db);
    owner = await kit.owner();
    const [row] = await kit.db.query<{ id: string }>(
      `SELECT id FROM bonus_campaigns WHERE domain = $1 AND seed_key = 'welcome-first-deposit'`,
      [BRAND],
    );
    welcomeId = must(row).id;
  });

  async function expectSound() {
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  }

  async function transfers(code: string, ownerId: string) {
    const rows = await kit.db.query<{ n: number }>(
      `SELECT count(DISTINCT t.id)::int AS n FROM ledger_transfers t
       JOIN ledger_entries e ON e.transfer_id = t.id
       JOIN ledger_accounts a ON a.id = e.account_id
       WHERE t.code = $1 AND a.owner_id = $2`,
      [code, ownerId],
    );
    return rows[0]?.n ?? 0;
  }

  type Player = Awaited<ReturnType<typeof players.player>>;
  const bonuses = async (player: Player, query: Record<string, unknown> = {}) =>
    (await player.call('GET', 'Bonus/GetBonuses', query)).body;
  const claim = async (player: Player, query: Record<string, unknown>) =>
    (await player.call('GET', 'Bonus/Claim', query)).body;

  it('shows the first-deposit offer with its terms, and claims it once after a deposit', async () => {
    const player = await players.player();
    const before = await bonuses(player);
    const offer = before.result.available.find((o: { id: string }) => o.id === welcomeId);
    expect(offer).toMatchObject({
      claimable: false,
      blocked: 'DEPOSIT_FIRST',
      amount: null,
      terms: {
        type: 'FIRST_DEPOSIT',
        percent: 100,
        maxAmount: 5000,
        minDeposit: 500,
        wageringMultiplier: 5,
        product: 'BETTING',
        betting: { minPrice: 1.5, percent: 100 },
      },
    });
    expect((await claim(player, { bonusId: welcomeId })).success).toBe(false);

    const depositor = await players.player(1_000);
    const ready = (await bonuses(depositor)).result.available.find(
      (o: { id: string }) => o.id === welcomeId,
    );
    expect(ready).toMatchObject({ claimable: true, amount: 1000, required: 5000 });
    const first = await claim(depositor, { bonusId: welcomeId });
    expect(first.result).toMatchObject({ outcome: 'CLAIMED', bonusBalance: 1000, balance: 1000 });
    expect(first.result.bonus).toMatchObject({ status: 'ACTIVE', wagered: 0, required: 5000 });
    const again = await claim(depositor, { bonusId: welcomeId });
    expect(again.result).toMatchObject({ outcome: 'ALREADY_CLAIMED', bonusBalance: 1000 });
    expect(again.result.bonus.id).toBe(first.result.bonus.id);
    expect(await transfers('bonus_grant', depositor.id)).toBe(1);
    const after = (await bonuses(depositor)).result;
    expect(after.active).toHaveLength(1);
    expect(after.available.some((o: { id: string }) => o.id === welcomeId)).toBe(false);
    // The header's figure: the bonus wallet beside cash, never in it.
    const info = await depositor.call('GET', 'Setting/GetSetting');
    expect(info.body.result).toMatchObject({ balance: 1000, bonus: 1000 });
    await expectSound();
  });

  it('claims once when two claims of one bonus race', async () => {
    const player = await players.player(800);
    const answers = await Promise.all([
      claim(player, { bonusId: welcomeId }),
      claim(player, { bonusId: welcomeId }),
    ]);
    expect(answers.map((a) => a.result.outcome).sort()).toEqual(['ALREADY_CLAIMED', 'CLAIMED']);
    expect(await transfers('bonus_grant', player.id)).toBe(1);
    const balances = await getBalances(kit.db, { domain: BRAND, ownerId: player.id, book: 'real' });
    expect(balances.bonusMinor).toBe(80_000);
    await expectSound();
  });

  it('counts settled stakes by the terms and converts the bonus to cash once', async () => {
    const player = await players.player(1_000);
    const claimed = (await claim(player, { bonusId: welcomeId })).result.bonus;
    const settle = (netRiskMinor: number, fills: { price: number; stakeMinor: number }[]) =>
      kit.db.transaction((tx) =>
        countSettledMarket(tx, {
          marketId: `m-${Math.random()}`,
          voided: false,
          positions: [
            {
              ownerId: player.id,
              domain: BRAND,
              book: 'real',
              netRiskMinor,
              profitMinor: -netRiskMinor,
              fills: fills.map((f) => ({
                side: 'back' as const,
                priceTick: tick(f.price),
                stakeMinor: f.stakeMinor,
              })),
            },
          ],
        }),
      );
    const wagered = async () =>
      (await bonuses(player)).result.active.find((b: { id: string }) => b.id === claimed.id)
        ?.wagered;
    // Below the minimum price: nothing. A hedge: only its net risk.
    await settle(20_000, [{ price: 1.2, stakeMinor: 20_000 }]);
    expect(await wagered()).toBe(0);
    await settle(5_000, [
      { price: 2, stakeMinor: 100_000 },
      { price: 2, stakeMinor: 100_000 },
    ]);
    expect(await wagered()).toBe(50);
    // A void market counts nothing.
    await kit.db.transaction((tx) =>
      countSettledMarket(tx, {
        marketId: 'void',
        voided: true,
        positions: [
          {
            ownerId: player.id,
            domain: BRAND,
            book: 'real',
            netRiskMinor: 400_000,
            profitMinor: 0,
            fills: [{ side: 'back', priceTick: tick(3), stakeMinor: 400_000 }],
          },
        ],
      }),
    );
    expect(await wagered()).toBe(50);
    // The rest: ₹4,950 more reaches ₹5,000 and the bonus becomes cash.
    await settle(495_000, [{ price: 1.5, stakeMinor: 495_000 }]);
    const after = (await bonuses(player)).result;
    expect(after.active).toHaveLength(0);
    expect(after.past[0]).toMatchObject({
      id: claimed.id,
      status: 'CONVERTED',
      settledAmount: 1000,
    });
    expect(after.bonusBalance).toBe(0);
    const balances = await getBalances(kit.db, { domain: BRAND, ownerId: player.id, book: 'real' });
    expect(balances.availableMinor).toBe(200_000);
    // More settled stakes, a retried conversion or an expiry run change nothing now.
    await settle(100_000, [{ price: 2, stakeMinor: 100_000 }]);
    await kit.app.bonus.expireDue(new Date(new Date(claimed.expiresAt).getTime() + 1_000));
    expect(await transfers('bonus_convert', player.id)).toBe(1);
    expect(await transfers('bonus_expire', player.id)).toBe(0);
    const statement = await player.call('GET', 'Transaction/GetHistory', { type: 'BONUS' });
    expect(statement.body.result.items.map((i: { amount: number }) => i.amount)).toContain(1000);
    await expectSound();
  });

  it('expires a bonus once, whatever runs race, and gives back what was left', async () => {
    const player = await players.player(600);
    const claimed = (await claim(player, { bonusId: welcomeId })).result.bonus;
    const due = new Date(new Date(claimed.expiresAt).getTime() + 1_000);
    // Not yet due: nothing.
    expect(await kit.app.bonus.expireDue(kit.clock.now())).toBe(0);
    const runs = await Promise.all([kit.app.bonus.expireDue(due), kit.app.bonus.expireDue(due)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await transfers('bonus_expire', player.id)).toBe(1);
    const row = (await bonuses(player)).result.past.find(
      (b: { id: string }) => b.id === claimed.id,
    );
    expect(row).toMatchObject({ status: 'EXPIRED', settledAmount: 600 });
    const balances = await getBalances(kit.db, { domain: BRAND, ownerId: player.id, book: 'real' });
    expect(balances).toMatchObject({ bonusMinor: 0, availableMinor: 60_000 });
    await expectSound();
  });

  const campaign = campaignDraft;

  it('refuses wagering above 10x and a bonus counting both products, and audits what it makes', async () => {
    const create = (overrides: Record<string, unknown>) =>
      kit.call(calls.createBonusCampaignRoute, { token: owner.token, input: campaign(overrides) });
    const tooMuch = await create({ wageringMultiplier: 10.5 });
    expect(tooMuch.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: 'WAGERING_ABOVE_CAP',
    });
    const both = await create({ casino: { categories: [{ category: 'slots', percent: 100 }] } });
    expect(both.error).toMatchObject({ code: 'VALIDATION_FAILED', details: 'ONE_PRODUCT_ONLY' });
    expect(
      (await kit.db.query(`SELECT 1 FROM bonus_campaigns WHERE title = 'Weekend reload'`)).length,
    ).toBe(0);

    const made = await create({ wageringMultiplier: 10 });
    expect(made.result).toMatchObject({ wageringMultiplier: 10, state: 'RUNNING', version: 0 });
    const id = must(made.result).id;
    // An edit past the cap is refused too; the campaign stays as it was.
    const edit = await kit.call(calls.updateBonusCampaignRoute, {
      token: owner.token,
      input: { ...campaign({ wageringMultiplier: 12 }), id, version: 0 },
    });
    expect(edit.error).toMatchObject({ details: 'WAGERING_ABOVE_CAP' });
    const paused = await kit.call(calls.pauseBonusCampaignRoute, {
      token: owner.token,
      input: { id, version: 0, paused: true },
    });
    expect(paused.result).toMatchObject({ status: 'PAUSED', state: 'PAUSED' });
    const actions = await kit.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`,
      [id],
    );
    expect(actions.map((a) => a.action)).toEqual(['bonus.campaign.create', 'bonus.campaign.pause']);
  });

  it('holds a coupon to its total under a burst of claims', async () => {
    const made = await kit.call(calls.createBonusCampaignRoute, {
      token: owner.token,
      input: campaign({
        title: 'Coupon burst',
        type: 'COUPON',
        couponCode: 'BURST7',
        usesTotal: 3,
      }),
    });
    const id = must(made.result).id;
    const crowd = await Promise.all(Array.from({ length: 8 }, () => players.player()));
    const offer = (await bonuses(must(crowd[0]), { coupon: 'burst7' })).result.available.find(
      (o: { id: string }) => o.id === id,
    );
    expect(offer).toMatchObject({ claimable: true, amount: 100, terms: { type: 'COUPON' } });
    const answers = await Promise.all(
      crowd.map((player) => claim(player, { bonusId: id, coupon: 'BURST7' })),
    );
    expect(answers.filter((a) => a.result?.outcome === 'CLAIMED')).toHaveLength(3);
    expect(answers.filter((a) => !a.success)).toHaveLength(5);
    const figures = await kit.call(calls.bonusCampaignFiguresRoute, {
      token: owner.token,
      input: { id },
    });
    expect(figures.result).toMatchObject({ claimed: { count: 3, amount: 300 }, cost: 0 });
    await expectSound();
  });

  it('offers a day’s lossback once when the job runs twice at once', async () => {
    const made = await kit.call(calls.createBonusCampaignRoute, {
      token: owner.token,
      input: campaign({
        title: 'Daily lossback',
        type: 'LOSSBACK',
        amountKind: 'PERCENT',
        amount: null,
        percent: 10,
        maxAmount: 1000,
        minLoss: 100,
      }),
    });
    const id = must(made.result).id;
    const loser = await players.player(2_000);
    const feed = silentFeedRunner(kit.db);
    const event = await seedEvent(kit.db, feed);
    const marketId = must(Object.values(event.markets)[0]);
    const yesterday = indiaDay(new Date(kit.clock.now().getTime() - 86_400_000));
    await kit.db.query(
      `INSERT INTO market_settlements (market_id, owner_id, domain, book, profit_minor,
         commission_minor, settled_at) VALUES ($1, $2, $3, 'real', -150000, 0, $4)`,
      [marketId, loser.id, BRAND, new Date(yesterday.start.getTime() + 3_600_000)],
    );
    const runs = await Promise.all([
      kit.app.bonus.runLossback(kit.clock.now()),
      kit.app.bonus.runLossback(kit.clock.now()),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const offered = (await bonuses(loser)).result.available.filter(
      (o: { campaignId: string }) => o.campaignId === id,
    );
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ amount: 150, qualifyingAmount: 1500 });
    const claimed = await claim(loser, { bonusId: offered[0].id });
    expect(claimed.result).toMatchObject({ outcome: 'CLAIMED', bonusBalance: 150 });
    expect((await claim(loser, { bonusId: offered[0].id })).result.outcome).toBe('ALREADY_CLAIMED');
    expect(await transfers('bonus_grant', loser.id)).toBe(1);
    await expectSound();
  });

  it('offers a casino lossback on the day’s net casino loss, once', async () => {
    const made = await kit.call(calls.createBonusCampaignRoute, {
      token: owner.token,
      input: campaign({
        title: 'Casino cashback',
        type: 'LOSSBACK',
        amountKind: 'PERCENT',
        amount: null,
        percent: 10,
        maxAmount: 1000,
        minLoss: 100,
        product: 'CASINO',
        betting: null,
        casino: { categories: [{ category: 'crash', percent: 100 }] },
      }),
    });
    const id = must(made.result).id;
    const loser = await players.player(2_000);
    const mac = players.provider('mac');
    const token = await loser.launch();
    // Two rounds: ₹500 lost, then ₹300 staked and ₹100 won back: ₹700 lost on the day.
    const first = 'lossback-round-1';
    await mac.debit(token, 50_000, { round: first });
    await mac.credit(token, 0, first);
    const second = 'lossback-round-2';
    await mac.debit(token, 30_000, { round: second });
    await mac.credit(token, 10_000, second);
    const [round] = await kit.db.query<{ closed_at: Date }>(
      `SELECT max(closed_at) AS closed_at FROM casino_rounds WHERE player_id = $1`,
      [loser.id],
    );
    // The job the day after the rounds closed offers on that day's net loss.
    const dayAfter = new Date(must(round).closed_at.getTime() + 86_400_000);
    const runs = await Promise.all([
      kit.app.bonus.runLossback(dayAfter),
      kit.app.bonus.runLossback(dayAfter),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const offered = (await bonuses(loser)).result.available.filter(
      (o: { campaignId: string }) => o.campaignId === id,
    );
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ amount: 70, qualifyingAmount: 700 });
    await expectSound();
  });

  it('rewards a referrer once for a friend’s first deposit, however often the job runs', async () => {
    const made = await kit.call(calls.createBonusCampaignRoute, {
      token: owner.token,
      input: campaign({
        title: 'Bring a friend',
        type: 'REFERRAL',
        amountKind: 'FIXED',
        amount: 200,
        minDeposit: 500,
        referralTrigger: 'FIRST_DEPOSIT',
      }),
    });
    const id = must(made.result).id;
    const referrer = await players.player(0);
    const link = must((await bonuses(referrer)).result.referral) as { code: string; link: string };
    expect(link.link).toContain(`ref=${link.code}`);

    const friend = await players.player(0);
    expect((await claim(friend, { referral: link.code })).result.outcome).toBe('REFERRED');
    expect((await claim(friend, { referral: link.code })).result.outcome).toBe('ALREADY_REFERRED');
    // A player cannot take their own code, nor an unknown one.
    expect((await claim(referrer, { referral: link.code })).success).toBe(false);
    expect((await claim(referrer, { referral: 'NOSUCHCODE' })).success).toBe(false);

    // Before the friend deposits, nothing is offered; after, once, whatever runs race.
    expect(await kit.app.bonus.rewardAllReferrals(kit.clock.now())).toBe(0);
    const paid = await deposit(kit.db, {
      domain: BRAND,
      ownerId: friend.id,
      amountMinor: 100_000,
      idempotencyKey: `referral-deposit-${friend.id}`,
    });
    expect(paid.status).toBe('ok');
    const runs = await Promise.all([
      kit.app.bonus.rewardAllReferrals(kit.clock.now()),
      kit.app.bonus.rewardAllReferrals(kit.clock.now()),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    const list = (await bonuses(referrer)).result;
    const offered = list.available.filter((o: { campaignId: string }) => o.campaignId === id);
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({ amount: 200 });
    expect(list.referral).toMatchObject({ invited: 1, rewarded: 1 });
    expect(await kit.app.bonus.rewardAllReferrals(kit.clock.now())).toBe(0);
    await expectSound();
  });

  it('lets the deposit be withdrawn during an active bonus, and says the bonus stays', async () => {
    const player = await players.player(1_000);
    await claim(player, { bonusId: welcomeId });
    const info = (await player.call('GET', 'Account/GetPaymentInfo')).body.result;
    expect(info.withdrawable).toBe(1000);
    expect(info.bonus).toEqual({ amount: 1000, wagered: 0, required: 5000, outcome: 'KEPT' });
    const held = await holdWithdrawal(kit.db, {
      domain: BRAND,
      ownerId: player.id,
      amountMinor: 100_000,
      idempotencyKey: `w-${player.id}`,
      reference: `w-${player.id}`,
    });
    expect(held.status).toBe('ok');
    const balances = await getBalances(kit.db, { domain: BRAND, ownerId: player.id, book: 'real' });
    expect(balances).toMatchObject({ availableMinor: 0, bonusMinor: 100_000 });
    expect((await bonuses(player)).result.active).toHaveLength(1);
    await expectSound();
  });

  it('refuses a claim by a player on a break, and moves nothing', async () => {
    const player = await players.player(1_000);
    await pausePlay(
      kit.db,
      { domain: BRAND, id: player.id },
      {
        kind: 'TIME_OUT',
        until: new Date(kit.clock.now().getTime() + 86_400_000),
        now: kit.clock.now(),
      },
    );
    const refused = await claim(player, { bonusId: welcomeId });
    expect(refused.success).toBe(false);
    expect(await transfers('bonus_grant', player.id)).toBe(0);
    // The service refuses it too, whatever let the call through.
    await expect(
      kit.app.bonus.claim({ id: player.id, domain: BRAND, demo: false }, { bonusId: welcomeId }),
    ).rejects.toThrow(/break/);
    await expectSound();
  });

  it('lists public campaigns in the brand’s settings response', async () => {
    const res = await kit.app.inject({ method: 'GET', url: `/cdn/settings/${BRAND}.json` });
    const ids = (res.json() as { bonuses: { id: string }[] }).bonuses.map((b) => b.id);
    expect(ids).toContain(welcomeId);
  });
});
