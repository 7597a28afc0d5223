/**
 * The bonus module's entry: each brand's campaigns (made by operators, seeded on a fresh
 * install), each player's bonuses kept apart from cash in their bonus wallet, wagering counted
 * from settled exchange stakes (inside each market's settlement) and closed casino rounds, and
 * the jobs (expiry, daily lossback, referral rewards). Every movement of money goes through the
 * wallet's door, one transfer per move of a bonus's state machine.
 */
// The plugin the app registers, and the service it decorates the app with.
export { bonusPlugin, BONUS_JOB_INTERVAL_MS, type BonusPluginOptions } from './bonus-plugin';
export { createBonusService, indiaDay, type BonusService } from './bonus-service';

// Campaigns as the back office lists, makes, changes and pauses them.
export {
  campaignView,
  createCampaign,
  listCampaigns,
  pauseCampaign,
  readCampaign,
  updateCampaign,
  CODE_TAKEN,
  type CampaignChange,
  type CampaignRow,
} from './campaigns';
export { adminBonusView, campaignFigures, playerBonusesView } from './bonus-figures';
export { readBonus } from './player-bonuses';

// A friend's referral code given at sign-up: checked when the player registers, recorded in
// the transaction that makes their account.
export { recordReferralAtJoin, referralCodeOnBrand } from './referrals';

// The arithmetic, for tests and benchmarks.
export {
  bettingWagerMinor,
  casinoWagerMinor,
  bonusAmountMinor,
  requiredMinor,
} from './bonus-maths';
