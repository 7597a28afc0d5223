/**
 * The bonus service: what a player reads (`Bonus/GetBonuses`) and claims (`Bonus/Claim`), what a
 * withdrawal says about an active bonus, the brand's public offers, and the jobs (expiry, the
 * daily lossback, referral rewards, casino wagering). Every money step is one move of a bonus's
 * state machine (`player-bonuses.ts`) with its wallet transfer, so it happens once however often
 * a job runs and on however many instances.
 */
import { randomBytes } from 'node:crypto';
import type { BonusList, BonusOffer, ClaimBonusResult } from '@backlay/contract/bonuses';
import { referralLinkPath } from '@backlay/contract/referral-code';
import type { z } from 'zod';
import type { domainBonusSchema } from '@backlay/contract/domain-settings';
import type { WithdrawalBonus } from '@backlay/contract/wallet';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import { findUserById, pauseInForce, playerProfile } from '../account';
import { casinoResultsBetween } from '../casino';
import { settledResultSince, settledResultsBetween } from '../exchange';
import type { RateLimits } from '../limits';
import { casinoResultSince, claimBonus, creditedDeposits, getBalances, toMinor } from '../wallet';
import { bonusAmountMinor, requiredMinor } from './bonus-maths';
import {
  readCampaign,
  runningCampaigns,
  runningCampaignsOfType,
  termsOf,
  minorOrNull,
  type CampaignRow,
} from './campaigns';
import {
  campaignOffer,
  eligible,
  offeredBonusOffer,
  qualifyingDeposit,
  type PlayerFacts,
} from './offers';
import {
  assertMoved,
  bonusView,
  claimOffered,
  convert,
  endBonus,
  lockPlayerMoney,
  playerBonusRows,
  readBonus,
  type BonusRow,
} from './player-bonuses';
import { findReferralCode, insertReferral, refers } from './referrals';
import { activeCasinoBonusIds, sweepCasinoWagering } from './wagering';

type DomainBonus = z.infer<typeof domainBonusSchema>;

export interface BonusServiceDeps {
  db: Database;
  now: () => Date;
  limits: Pick<RateLimits, 'take'>;
}

const PAST_SHOWN = 50;
const ONE_DAY_MS = 86_400_000;
/** India's offset: lossback days are India's calendar days. */
const IST_OFFSET_MS = 330 * 60_000;
/** A referral code may be taken this soon after joining, before any deposit. */
const REFERRAL_JOIN_DAYS = 7;

const NOT_FOR_YOU = 'This bonus is not available to you.';
const ONE_ACTIVE =
  'You have a bonus of this kind being wagered: finish it (or let it expire) before claiming another.';

/** Thrown inside a claim's transaction when the same bonus was claimed first (rolls it back). */
class AlreadyClaimed extends Error {
  constructor(readonly bonusId: string | null) {
    super('already claimed');
  }
}

/** The India calendar day `at` falls on, and its bounds. */
export function indiaDay(at: Date): { day: string; start: Date; end: Date } {
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  const day = shifted.toISOString().slice(0, 10);
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
  return { day, start, end: new Date(start.getTime() + ONE_DAY_MS) };
}

export type BonusService = ReturnType<typeof createBonusService>;

export function createBonusService({ db, now, limits }: BonusServiceDeps) {
  /** Why the player may be offered nothing now, or null. */
  async function restrictionOf(q: Queryable, player: Player): Promise<BonusList['restriction']> {
    if (player.demo) return 'DEMO';
    const user = await findUserById(q, player.domain, player.id);
    if (!user) throw new ApiError('UNAUTHORIZED', 'Your session has ended. Please log in again.');
    const pause = pauseInForce(user, now());
    if (pause) return pause.kind === 'SELF_EXCLUSION' ? 'SELF_EXCLUDED' : 'BREAK';
    return null;
  }

  async function factsOf(q: Queryable, player: Player): Promise<PlayerFacts> {
    const profile = await playerProfile(q, player.id);
    return {
      id: player.id,
      createdAt: new Date(profile?.createdAt ?? now()),
      deposits: await creditedDeposits(q, { domain: player.domain, ownerId: player.id }),
      bonuses: await playerBonusRows(q, player.id),
    };
  }

  /** The sum of the player's active bonuses, in minor units. */
  function bonusBalanceOf(rows: readonly BonusRow[]): number {
    return rows
      .filter((row) => row.status === 'ACTIVE')
      .reduce((sum, row) => sum + toMinor(row.amount_minor), 0);
  }

  /** Brings the player's casino wagering up to date (their active casino bonus). */
  async function sweepPlayer(ownerId: string): Promise<void> {
    for (const id of await activeCasinoBonusIds(db, ownerId)) {
      await db.transaction((tx) => sweepCasinoWagering(tx, id));
    }
  }

  async function couponCampaign(domain: string, coupon: string): Promise<CampaignRow | null> {
    const code = coupon.trim().toUpperCase();
    const running = await runningCampaigns(db, domain, now());
    return running.find((c) => c.type === 'COUPON' && c.coupon_code === code) ?? null;
  }

  async function getBonuses(player: Player, coupon?: string): Promise<BonusList> {
    if (!player.demo) {
      await sweepPlayer(player.id);
      await rewardReferralsOf(player);
    }
    const facts = await factsOf(db, player);
    const restriction = await restrictionOf(db, player);
    const available: BonusOffer[] = [];
    if (restriction === null) {
      for (const campaign of await runningCampaigns(db, player.domain, now())) {
        if (campaign.type === 'COUPON') continue;
        const offer = campaignOffer(campaign, facts, now());
        if (offer) available.push(offer);
      }
      if (coupon) {
        const campaign = await couponCampaign(player.domain, coupon);
        const offer = campaign ? campaignOffer(campaign, facts, now()) : null;
        if (offer) available.push(offer);
      }
      for (const row of facts.bonuses) {
        if (row.status === 'OFFERED' && new Date(row.expires_at) > now()) {
          available.push(offeredBonusOffer(row, facts));
        }
      }
    }
    const active = facts.bonuses
      .filter((row) => row.status === 'ACTIVE')
      .sort((a, b) => new Date(a.expires_at).getTime() - new Date(b.expires_at).getTime());
    const past = facts.bonuses
      .filter((row) => row.status !== 'ACTIVE' && row.status !== 'OFFERED')
      .slice(0, PAST_SHOWN);
    return {
      bonusBalance: bonusBalanceOf(facts.bonuses) / 100,
      available,
      active: active.map(bonusView),
      past: past.map(bonusView),
      referral: player.demo ? null : await referralOf(player),
      restriction,
    };
  }

  /** Claims a campaign's offer for the player: the checks, the total count, the grant. */
  async function claimCampaign(
    tx: Queryable,
    player: Player,
    campaign: CampaignRow,
  ): Promise<string> {
    const facts = await factsOf(tx, player);
    const mine = facts.bonuses.filter((b) => b.campaign_id === campaign.id);
    if (mine.length >= campaign.uses_per_player) throw new AlreadyClaimed(mine[0]?.id ?? null);
    const offer = campaignOffer(campaign, facts, now());
    if (!offer) throw new ApiError('FORBIDDEN', NOT_FOR_YOU);
    if (offer.blocked === 'ONE_ACTIVE') throw new ApiError('CONFLICT', ONE_ACTIVE);
    if (offer.blocked === 'DEPOSIT_FIRST') {
      throw new ApiError('CONFLICT', 'This bonus is earned on a deposit: make one first.');
    }
    if (offer.blocked === 'ALL_CLAIMED' || !offer.claimable || offer.amount === null) {
      throw new ApiError('CONFLICT', 'Every bonus of this offer has been claimed.');
    }
    // Takes one of the campaign's claims under its row lock, never past its total.
    const [taken] = await tx.query<{ id: string }>(
      `UPDATE bonus_campaigns SET claims = claims + 1
       WHERE id = $1 AND status = 'ACTIVE' AND (uses_total IS NULL OR claims < uses_total)
       RETURNING id`,
      [campaign.id],
    );
    if (!taken) throw new ApiError('CONFLICT', 'Every bonus of this offer has been claimed.');
    const deposit = qualifyingDeposit(campaign, facts);
    const amountMinor = Math.round(offer.amount * 100);
    const terms = {
      ...termsOf(campaign),
      title: campaign.title,
      description: campaign.description,
    };
    const claimedAt = now();
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO player_bonuses (campaign_id, domain, owner_id, source, status, product,
         amount_minor, required_minor, qualifying_minor, deposit_transfer_id, terms, created_at,
         claimed_at, expires_at)
       VALUES ($1, $2, $3, $4, 'ACTIVE', $5, $6, $7, $8, $9, $10::jsonb, $11, $11, $12)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        campaign.id,
        player.domain,
        player.id,
        `use:${mine.length + 1}`,
        campaign.product,
        amountMinor,
        requiredMinor(amountMinor, terms.wageringMultiplier),
        deposit?.amountMinor ?? null,
        deposit?.transferId ?? null,
        JSON.stringify(terms),
        claimedAt,
        new Date(claimedAt.getTime() + terms.expiryDays * ONE_DAY_MS),
      ],
    );
    if (!row) throw new AlreadyClaimed(null);
    assertMoved(
      await claimBonus(tx, {
        domain: player.domain,
        ownerId: player.id,
        bonusId: row.id,
        amountMinor,
      }),
      `claiming bonus ${row.id}`,
    );
    if (terms.wageringMultiplier === 0) await convert(tx, row.id);
    return row.id;
  }

  async function claimResult(
    player: Player,
    outcome: ClaimBonusResult['outcome'],
    bonusId: string | null,
  ): Promise<ClaimBonusResult> {
    const bonus = bonusId ? await readBonus(db, bonusId) : null;
    const balances = await getBalances(db, {
      domain: player.domain,
      ownerId: player.id,
      book: 'real',
    });
    return {
      outcome,
      bonus: bonus ? bonusView(bonus) : null,
      bonusBalance: balances.bonusMinor / 100,
      balance: balances.balanceMinor / 100,
      exposure: balances.exposureMinor / 100,
    };
  }

  /** `Bonus/Claim`: an offer (a campaign's or one offered to the player), or a referral code. */
  async function claim(
    player: Player,
    input: {
      bonusId?: string | undefined;
      coupon?: string | undefined;
      referral?: string | undefined;
    },
  ): Promise<ClaimBonusResult> {
    if (player.demo) throw new ApiError('FORBIDDEN', 'Bonuses are for registered players.');
    const restriction = await restrictionOf(db, player);
    if (restriction !== null) {
      throw new ApiError(
        'FORBIDDEN',
        restriction === 'SELF_EXCLUDED'
          ? 'You excluded yourself: no bonus can be claimed until your exclusion ends.'
          : 'You are taking a break: no bonus can be claimed until it ends.',
      );
    }
    await limits.take('bonusClaimsPlayer', player.id);
    if (input.referral !== undefined) return takeReferral(player, input.referral);
    const bonusId = input.bonusId ?? '';
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(bonusId);
    if (!uuid) throw new ApiError('NOT_FOUND', 'There is no such bonus.');

    const offered = await readBonus(db, bonusId);
    if (offered) {
      if (offered.owner_id !== player.id)
        throw new ApiError('NOT_FOUND', 'There is no such bonus.');
      if (offered.status !== 'OFFERED') {
        return claimResult(player, 'ALREADY_CLAIMED', offered.id);
      }
      const result = await db.transaction(async (tx) => {
        await lockPlayerMoney(tx, { domain: player.domain, ownerId: player.id });
        const [active] = await tx.query(
          `SELECT 1 FROM player_bonuses WHERE owner_id = $1 AND product = $2 AND status = 'ACTIVE'`,
          [player.id, offered.product],
        );
        const [current] = await tx.query<{ status: string }>(
          'SELECT status FROM player_bonuses WHERE id = $1',
          [offered.id],
        );
        if (current?.status !== 'OFFERED') return 'already' as const;
        if (active) throw new ApiError('CONFLICT', ONE_ACTIVE);
        if (new Date(offered.expires_at) <= now()) {
          throw new ApiError('CONFLICT', 'This offer has expired.');
        }
        const moved = await claimOffered(tx, offered.id, player.id, now());
        if (moved.outcome !== 'moved') return 'already' as const;
        if (keptWagering(moved.after) === 0) await convert(tx, offered.id);
        return 'claimed' as const;
      });
      return claimResult(player, result === 'claimed' ? 'CLAIMED' : 'ALREADY_CLAIMED', offered.id);
    }

    const campaign = await readCampaign(db, bonusId);
    if (!campaign || campaign.domain !== player.domain) {
      throw new ApiError('NOT_FOUND', 'There is no such bonus.');
    }
    if (campaign.type === 'COUPON') {
      const code = (input.coupon ?? '').trim().toUpperCase();
      if (code !== campaign.coupon_code) throw new ApiError('NOT_FOUND', 'That code is not valid.');
    }
    if (campaign.type === 'LOSSBACK' || campaign.type === 'REFERRAL') {
      throw new ApiError('FORBIDDEN', NOT_FOR_YOU);
    }
    try {
      const id = await db.transaction(async (tx) => {
        await lockPlayerMoney(tx, { domain: player.domain, ownerId: player.id });
        const locked = await readCampaign(tx, campaign.id);
        if (!locked) throw new ApiError('NOT_FOUND', 'There is no such bonus.');
        return claimCampaign(tx, player, locked);
      });
      return claimResult(player, 'CLAIMED', id);
    } catch (error) {
      if (!(error instanceof AlreadyClaimed)) throw error;
      const [latest] = await db.query<{ id: string }>(
        `SELECT id FROM player_bonuses WHERE campaign_id = $1 AND owner_id = $2
         ORDER BY created_at DESC LIMIT 1`,
        [campaign.id, player.id],
      );
      return claimResult(player, 'ALREADY_CLAIMED', error.bonusId ?? latest?.id ?? null);
    }
  }

  function keptWagering(row: BonusRow): number {
    return toMinor(row.required_minor);
  }

  // Referrals ------------------------------------------------------------------------------

  /** The player's referral code, made on first use. */
  async function referralCodeOf(player: Player): Promise<string> {
    const [existing] = await db.query<{ code: string }>(
      'SELECT code FROM referral_codes WHERE owner_id = $1',
      [player.id],
    );
    if (existing) return existing.code;
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = randomBytes(6)
        .toString('base64url')
        .toUpperCase()
        .replace(/[^A-Z0-9]/g, '');
      if (code.length < 6) continue;
      const [made] = await db.query<{ code: string }>(
        `INSERT INTO referral_codes (owner_id, domain, code) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING code`,
        [player.id, player.domain, code.slice(0, 8)],
      );
      if (made) return made.code;
      const [raced] = await db.query<{ code: string }>(
        'SELECT code FROM referral_codes WHERE owner_id = $1',
        [player.id],
      );
      if (raced) return raced.code;
    }
    throw new Error('no referral code could be made');
  }

  async function referralOf(player: Player): Promise<BonusList['referral']> {
    const code = await referralCodeOf(player);
    const [counts] = await db.query<{ invited: number; rewarded: number }>(
      `SELECT count(*)::int AS invited,
         (SELECT count(*)::int FROM player_bonuses WHERE owner_id = $1
           AND source LIKE 'referral:%') AS rewarded
       FROM referrals WHERE referrer_id = $1`,
      [player.id],
    );
    const host = player.domain === 'test' ? 'localhost' : player.domain;
    return {
      code,
      link: `https://${host}${referralLinkPath(code)}`,
      invited: counts?.invited ?? 0,
      rewarded: counts?.rewarded ?? 0,
    };
  }

  /** Takes a friend's referral code: once, on the same brand, soon after joining, before a deposit. */
  async function takeReferral(player: Player, code: string): Promise<ClaimBonusResult> {
    const owner = await findReferralCode(db, code);
    if (!refers(owner, player)) {
      throw new ApiError('NOT_FOUND', 'That referral code is not valid.');
    }
    const [already] = await db.query('SELECT 1 FROM referrals WHERE referred_id = $1', [player.id]);
    if (already) return claimResult(player, 'ALREADY_REFERRED', null);
    const facts = await factsOf(db, player);
    if (
      facts.deposits.length > 0 ||
      now().getTime() - facts.createdAt.getTime() > REFERRAL_JOIN_DAYS * ONE_DAY_MS
    ) {
      throw new ApiError(
        'CONFLICT',
        'A referral code is taken by new players, before their first deposit.',
      );
    }
    const made = await insertReferral(db, {
      referredId: player.id,
      referrerId: owner.ownerId,
      domain: player.domain,
    });
    return claimResult(player, made ? 'REFERRED' : 'ALREADY_REFERRED', null);
  }

  /**
   * Offers each referrer the reward of every friend who qualified (their first deposit, or net
   * losses, per the brand's referral campaigns): once per friend and campaign.
   */
  async function rewardReferrals(
    campaigns: CampaignRow[],
    referrals: { referred_id: string; referrer_id: string; domain: string; created_at: Date }[],
  ): Promise<number> {
    let offered = 0;
    for (const campaign of campaigns) {
      const terms = termsOf(campaign);
      for (const referral of referrals) {
        if (referral.domain !== campaign.domain) continue;
        let qualifyingMinor: number | null = null;
        if (campaign.referral_trigger === 'FIRST_DEPOSIT') {
          const [first] = await creditedDeposits(
            db,
            {
              domain: referral.domain,
              ownerId: referral.referred_id,
            },
            1,
          );
          const min = minorOrNull(campaign.min_deposit_minor) ?? 0;
          if (first && first.amountMinor >= min) qualifyingMinor = first.amountMinor;
        } else {
          const since = new Date(referral.created_at);
          const result =
            campaign.product === 'CASINO'
              ? await casinoResultSince(
                  db,
                  { domain: referral.domain, ownerId: referral.referred_id, book: 'real' },
                  since,
                )
              : await settledResultSince(db, referral.referred_id, since);
          const min = minorOrNull(campaign.min_loss_minor) ?? 1;
          if (-result >= min) qualifyingMinor = -result;
        }
        if (qualifyingMinor === null) continue;
        const referrer: Player = { id: referral.referrer_id, domain: referral.domain, demo: false };
        const facts = await factsOf(db, referrer);
        if (!eligible(campaign, facts, now())) continue;
        const rewards = facts.bonuses.filter((b) => b.campaign_id === campaign.id).length;
        if (rewards >= campaign.uses_per_player) continue;
        if ((await restrictionOf(db, referrer)) !== null) continue;
        const amountMinor = bonusAmountMinor(terms, qualifyingMinor);
        if (!amountMinor || amountMinor <= 0) continue;
        if (
          await offer(
            campaign,
            referrer.id,
            `referral:${referral.referred_id}`,
            amountMinor,
            qualifyingMinor,
          )
        ) {
          offered++;
        }
      }
    }
    return offered;
  }

  async function rewardReferralsOf(player: Player): Promise<void> {
    const referrals = await db.query<{
      referred_id: string;
      referrer_id: string;
      domain: string;
      created_at: Date;
    }>(
      'SELECT referred_id, referrer_id, domain, created_at FROM referrals WHERE referrer_id = $1',
      [player.id],
    );
    if (referrals.length === 0) return;
    const campaigns = (await runningCampaigns(db, player.domain, now())).filter(
      (c) => c.type === 'REFERRAL',
    );
    await rewardReferrals(campaigns, referrals);
  }

  /**
   * Offers a bonus to one player (a lossback, a referral reward): written OFFERED, nothing moves
   * until they claim it. Once per campaign, player and source, whoever runs it.
   */
  async function offer(
    campaign: CampaignRow,
    ownerId: string,
    source: string,
    amountMinor: number,
    qualifyingMinor: number,
    q: Queryable = db,
  ): Promise<boolean> {
    const terms = {
      ...termsOf(campaign),
      title: campaign.title,
      description: campaign.description,
    };
    const at = now();
    const [row] = await q.query<{ id: string }>(
      `INSERT INTO player_bonuses (campaign_id, domain, owner_id, source, status, product,
         amount_minor, required_minor, qualifying_minor, terms, created_at, expires_at)
       VALUES ($1, $2, $3, $4, 'OFFERED', $5, $6, $7, $8, $9::jsonb, $10, $11)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        campaign.id,
        campaign.domain,
        ownerId,
        source,
        campaign.product,
        amountMinor,
        requiredMinor(amountMinor, terms.wageringMultiplier),
        qualifyingMinor,
        JSON.stringify(terms),
        at,
        new Date(at.getTime() + terms.expiryDays * ONE_DAY_MS),
      ],
    );
    return Boolean(row);
  }

  // Jobs -------------------------------------------------------------------------------------

  /**
   * The daily lossback for the India day before `at`: each running lossback campaign offers each
   * eligible player its share of their net loss that day (the settled results a loss limit
   * counts), once per player and day. A campaign's day is taken by the first run (its row in
   * `lossback_runs`, written in the run's transaction), so a second run, on this instance or
   * another, at the same time or later, offers nothing again.
   */
  async function runLossback(at: Date = now()): Promise<number> {
    const yesterday = indiaDay(new Date(at.getTime() - ONE_DAY_MS));
    let offered = 0;
    for (const campaign of await runningCampaignsOfType(db, 'LOSSBACK', at)) {
      offered += await db.transaction(async (tx) => {
        const [run] = await tx.query(
          `INSERT INTO lossback_runs (campaign_id, day) VALUES ($1, $2)
           ON CONFLICT DO NOTHING RETURNING day`,
          [campaign.id, yesterday.day],
        );
        if (!run) return 0;
        const terms = termsOf(campaign);
        const results =
          campaign.product === 'BETTING'
            ? await settledResultsBetween(tx, campaign.domain, yesterday.start, yesterday.end)
            : await casinoResultsBetween(tx, campaign.domain, yesterday.start, yesterday.end);
        const minLoss = minorOrNull(campaign.min_loss_minor) ?? 1;
        let count = 0;
        for (const result of results) {
          const loss = -result.resultMinor;
          if (loss < minLoss) continue;
          const player: Player = { id: result.ownerId, domain: campaign.domain, demo: false };
          if ((await restrictionOf(tx, player)) !== null) continue;
          const facts = await factsOf(tx, player);
          if (!eligible(campaign, facts, at)) continue;
          const amountMinor = bonusAmountMinor(terms, loss);
          if (!amountMinor || amountMinor <= 0) continue;
          if (
            await offer(campaign, player.id, `lossback:${yesterday.day}`, amountMinor, loss, tx)
          ) {
            count++;
          }
        }
        await tx.query(
          'UPDATE lossback_runs SET offered = $3 WHERE campaign_id = $1 AND day = $2',
          [campaign.id, yesterday.day, count],
        );
        return count;
      });
    }
    return offered;
  }

  /** Expires what is due: offers not claimed, and active bonuses not wagered, in time. */
  async function expireDue(at: Date = now()): Promise<number> {
    const due = await db.query<{ id: string; domain: string; owner_id: string }>(
      `SELECT id, domain, owner_id FROM player_bonuses
       WHERE status IN ('OFFERED', 'ACTIVE') AND expires_at <= $1
       ORDER BY expires_at LIMIT 1000`,
      [at],
    );
    let expired = 0;
    for (const row of due) {
      const moved = await db.transaction(async (tx) => {
        // Casino play up to the deadline counts first: it may have converted the bonus.
        await sweepCasinoWagering(tx, row.id);
        await lockPlayerMoney(tx, { domain: row.domain, ownerId: row.owner_id });
        return endBonus(tx, row.id, { to: 'EXPIRED', now: at });
      });
      if (moved.outcome === 'moved') expired++;
    }
    return expired;
  }

  /** Referral rewards of every brand's referral campaigns (the job). */
  async function rewardAllReferrals(at: Date = now()): Promise<number> {
    const campaigns = await runningCampaignsOfType(db, 'REFERRAL', at);
    if (campaigns.length === 0) return 0;
    const referrals = await db.query<{
      referred_id: string;
      referrer_id: string;
      domain: string;
      created_at: Date;
    }>(
      `SELECT r.referred_id, r.referrer_id, r.domain, r.created_at FROM referrals r
       WHERE r.domain = ANY ($1::text[])
         AND NOT EXISTS (SELECT 1 FROM player_bonuses b WHERE b.owner_id = r.referrer_id
           AND b.source = 'referral:' || r.referred_id::text)
       LIMIT 5000`,
      [[...new Set(campaigns.map((c) => c.domain))]],
    );
    return rewardReferrals(campaigns, referrals);
  }

  /** Casino wagering of every active casino bonus (the job). */
  async function sweepAllCasino(): Promise<void> {
    for (const id of await activeCasinoBonusIds(db, null)) {
      await db.transaction((tx) => sweepCasinoWagering(tx, id));
    }
  }

  // Elsewhere: withdrawals, the header, the settings response ---------------------------------

  /** What a withdrawal would do to the player's active bonuses (null: none active). */
  async function withdrawalNotice(player: Player): Promise<WithdrawalBonus | null> {
    if (player.demo) return null;
    const rows = (await playerBonusRows(db, player.id)).filter((row) => row.status === 'ACTIVE');
    if (rows.length === 0) return null;
    const sum = (pick: (row: BonusRow) => number) => rows.reduce((s, row) => s + pick(row), 0);
    return {
      amount: sum((row) => toMinor(row.amount_minor)) / 100,
      wagered:
        sum((row) => Math.min(toMinor(row.wagered_minor), toMinor(row.required_minor))) / 100,
      required: sum((row) => toMinor(row.required_minor)) / 100,
      outcome: 'KEPT',
    };
  }

  /** A brand's public running campaigns, as its settings response lists them. */
  async function publicOffers(domain: string): Promise<DomainBonus[]> {
    return (await runningCampaigns(db, domain, now()))
      .filter((campaign) => campaign.public)
      .map((campaign) => ({
        id: campaign.id,
        title: campaign.title,
        description: campaign.description,
      }));
  }

  /** An operator's forfeit of a player's offered or active bonus. */
  async function forfeit(
    tx: Queryable,
    bonusId: string,
    operator: { id: string; userName: string },
    reason: string,
  ) {
    const row = await readBonus(tx, bonusId);
    if (!row) return { outcome: 'missing' as const };
    await lockPlayerMoney(tx, { domain: row.domain, ownerId: row.owner_id });
    return endBonus(tx, bonusId, { to: 'FORFEITED', operator, reason });
  }

  return {
    getBonuses,
    claim,
    withdrawalNotice,
    publicOffers,
    forfeit,
    runLossback,
    expireDue,
    rewardAllReferrals,
    sweepAllCasino,
    sweepPlayer,
  };
}
