import type { ClaimBonusResult } from '@backlay/contract/bonuses';

/** Which sentence tells the player what a claim did. */
export type ClaimNoticeKey =
  'claimed' | 'claimedAsCash' | 'alreadyClaimed' | 'referred' | 'alreadyReferred';

/**
 * What to tell the player after a claim: claimed into the bonus wallet, or straight to cash (a
 * bonus with nothing to wager), claimed before (nothing moved again), or a referral code taken.
 */
export function claimNoticeKey(result: ClaimBonusResult): ClaimNoticeKey {
  switch (result.outcome) {
    case 'CLAIMED':
      return result.bonus?.status === 'CONVERTED' ? 'claimedAsCash' : 'claimed';
    case 'ALREADY_CLAIMED':
      return 'alreadyClaimed';
    case 'REFERRED':
      return 'referred';
    case 'ALREADY_REFERRED':
      return 'alreadyReferred';
  }
}
