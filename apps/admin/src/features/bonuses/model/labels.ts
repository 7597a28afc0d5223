import type {
  CAMPAIGN_STATES,
  ELIGIBILITIES,
  PLAYER_SEGMENTS,
} from '@backlay/contract/admin-bonuses';
import type { BonusProduct, BonusType, REFERRAL_TRIGGERS } from '@backlay/contract/bonuses';
import type { BadgeTone } from '../../../shared/ui/badge';

/** What earns each type of campaign's bonus, in a few words. */
export const TYPE_LABELS: Record<BonusType, string> = {
  REGISTRATION: 'Registration',
  FIRST_DEPOSIT: 'First deposit',
  RELOAD: 'Reload',
  LOSSBACK: 'Lossback',
  COUPON: 'Coupon',
  REFERRAL: 'Referral',
};

export const PRODUCT_LABELS: Record<BonusProduct, string> = {
  BETTING: 'Betting',
  CASINO: 'Casino',
};

export const REFERRAL_TRIGGER_LABELS: Record<(typeof REFERRAL_TRIGGERS)[number], string> = {
  FIRST_DEPOSIT: 'The friend’s first deposit',
  NET_LOSS: 'The friend’s net losses',
};

export const ELIGIBILITY_LABELS: Record<(typeof ELIGIBILITIES)[number], string> = {
  ALL: 'Every player of the brand',
  SEGMENT: 'A segment',
  PLAYERS: 'Chosen players',
};

export const SEGMENT_LABELS: Record<(typeof PLAYER_SEGMENTS)[number], string> = {
  NEW_PLAYERS: 'New players (joined in the last 30 days)',
  DEPOSITORS: 'Players who have deposited',
  NON_DEPOSITORS: 'Players who have not deposited yet',
};

/** Where a campaign stands, in a word and a colour. */
export const STATE_BADGES: Record<
  (typeof CAMPAIGN_STATES)[number],
  { label: string; tone: BadgeTone }
> = {
  SCHEDULED: { label: 'Scheduled', tone: 'info' },
  RUNNING: { label: 'Running', tone: 'good' },
  ENDED: { label: 'Ended', tone: 'neutral' },
  PAUSED: { label: 'Paused', tone: 'warning' },
};

/** Options of a select, from a record of labels. */
export function optionsOf<Key extends string>(labels: Record<Key, string>) {
  return (Object.entries(labels) as [Key, string][]).map(([value, label]) => ({ value, label }));
}
