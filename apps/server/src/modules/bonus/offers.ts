/**
 * What a player may claim now and on what terms: each running campaign of their brand is
 * matched against the player (eligibility, uses, a qualifying deposit, one active bonus per
 * product), and the amount a claim would give is worked out from the same rules the claim
 * applies, so the offer a player reads is the bonus they get.
 */
import type { BonusOffer, OfferBlock } from '@backlay/contract/bonuses';
import type { CreditedDeposit } from '../wallet';
import { bonusAmountMinor, requiredMinor } from './bonus-maths';
import { campaignState, minorOrNull, rupeesOrNull, termsOf, type CampaignRow } from './campaigns';
import type { BonusRow } from './player-bonuses';

/** Joining this recently makes a player one of the NEW_PLAYERS segment. */
export const NEW_PLAYER_DAYS = 30;

/** What offers are worked out from, read once per request. */
export interface PlayerFacts {
  id: string;
  createdAt: Date;
  /** Credited deposits, oldest first. */
  deposits: CreditedDeposit[];
  /** The player's bonuses, any state. */
  bonuses: BonusRow[];
}

/** Whether the campaign is for this player (its eligibility). */
export function eligible(campaign: CampaignRow, player: PlayerFacts, now: Date): boolean {
  if (campaign.eligibility === 'ALL') return true;
  if (campaign.eligibility === 'PLAYERS') {
    return campaign.players.some((id) => id.toLowerCase() === player.id.toLowerCase());
  }
  switch (campaign.segment) {
    case 'NEW_PLAYERS':
      return now.getTime() - player.createdAt.getTime() <= NEW_PLAYER_DAYS * 86_400_000;
    case 'DEPOSITORS':
      return player.deposits.length > 0;
    case 'NON_DEPOSITORS':
      return player.deposits.length === 0;
    default:
      return false;
  }
}

/**
 * The deposit a deposit campaign's claim would be earned on: the first deposit (FIRST_DEPOSIT),
 * or the latest since the campaign started that no bonus was earned on (RELOAD); it must reach
 * the minimum. Null: no such deposit (yet).
 */
export function qualifyingDeposit(
  campaign: CampaignRow,
  player: PlayerFacts,
): CreditedDeposit | null {
  const min = minorOrNull(campaign.min_deposit_minor) ?? 0;
  const used = new Set(player.bonuses.map((b) => b.deposit_transfer_id).filter(Boolean));
  if (campaign.type === 'FIRST_DEPOSIT') {
    const first = player.deposits[0];
    return first && first.amountMinor >= min && !used.has(first.transferId) ? first : null;
  }
  if (campaign.type === 'RELOAD') {
    // The first deposit is a first-deposit bonus's; reloads are the ones after it.
    for (const deposit of player.deposits.slice(1).reverse()) {
      if (deposit.at < new Date(campaign.starts_at)) break;
      if (!used.has(deposit.transferId) && deposit.amountMinor >= min) return deposit;
    }
  }
  return null;
}

/** The offer of a campaign to a player, or null when it is not for them (or not running). */
export function campaignOffer(
  campaign: CampaignRow,
  player: PlayerFacts,
  now: Date,
): BonusOffer | null {
  if (campaignState(campaign, now) !== 'RUNNING' || !eligible(campaign, player, now)) return null;
  if (campaign.type === 'LOSSBACK' || campaign.type === 'REFERRAL') return null;
  const terms = termsOf(campaign);
  const mine = player.bonuses.filter((b) => b.campaign_id === campaign.id);
  const usesLeft = Math.max(0, campaign.uses_per_player - mine.length);
  // Had as many times as one player may: it shows among their bonuses, not as an offer.
  if (usesLeft === 0) return null;
  const deposit =
    campaign.type === 'FIRST_DEPOSIT' || campaign.type === 'RELOAD'
      ? qualifyingDeposit(campaign, player)
      : null;
  const needsDeposit = campaign.type === 'FIRST_DEPOSIT' || campaign.type === 'RELOAD';
  // A first-deposit bonus is for a player whose first deposit did not already earn one elsewhere.
  if (campaign.type === 'FIRST_DEPOSIT' && player.deposits.length > 0 && !deposit) {
    return null;
  }
  const amountMinor = bonusAmountMinor(terms, needsDeposit ? (deposit?.amountMinor ?? null) : null);
  let blocked: OfferBlock | null = null;
  if (campaign.uses_total !== null && campaign.claims >= campaign.uses_total) {
    blocked = 'ALL_CLAIMED';
  } else if (needsDeposit && !deposit) blocked = 'DEPOSIT_FIRST';
  else if (player.bonuses.some((b) => b.status === 'ACTIVE' && b.product === campaign.product)) {
    blocked = 'ONE_ACTIVE';
  }
  const known = amountMinor !== null && amountMinor > 0;
  return {
    id: campaign.id,
    campaignId: campaign.id,
    title: campaign.title,
    description: campaign.description,
    terms,
    amount: known ? amountMinor / 100 : null,
    required: known ? requiredMinor(amountMinor, terms.wageringMultiplier) / 100 : null,
    qualifyingAmount: deposit ? deposit.amountMinor / 100 : null,
    claimable: blocked === null && known,
    blocked,
    claimBy: terms.endsAt,
    usesLeft,
  };
}

/** An offered bonus (a lossback, a referral reward) as an offer to claim. */
export function offeredBonusOffer(row: BonusRow, player: PlayerFacts): BonusOffer {
  const { title, description, ...terms } = (
    typeof row.terms === 'string' ? JSON.parse(row.terms) : row.terms
  ) as BonusOffer['terms'] & { title: string; description: string };
  const amountMinor = minorOrNull(row.amount_minor) ?? 0;
  const oneActive = player.bonuses.some((b) => b.status === 'ACTIVE' && b.product === row.product);
  return {
    id: row.id,
    campaignId: row.campaign_id,
    title,
    description,
    terms,
    amount: amountMinor / 100,
    required: (minorOrNull(row.required_minor) ?? 0) / 100,
    qualifyingAmount: rupeesOrNull(minorOrNull(row.qualifying_minor)),
    claimable: !oneActive,
    blocked: oneActive ? 'ONE_ACTIVE' : null,
    claimBy: new Date(row.expires_at).toISOString(),
    usesLeft: 1,
  };
}
