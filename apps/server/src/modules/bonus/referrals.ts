/**
 * Who joined with whose referral code. A code names its owner and brand; a player is referred
 * once (the `referrals` row keyed by them), by a player of their own brand who is not them. The
 * same rule holds whether the code is taken on the bonus page or given at sign-up.
 */
import type { Queryable } from '../../db/database';

/** Whose code it is, and on which brand. */
export interface ReferralCodeOwner {
  ownerId: string;
  domain: string;
}

/** The owner of a referral code (written in any case), or null for a code nobody has. */
export async function findReferralCode(
  q: Queryable,
  code: string,
): Promise<ReferralCodeOwner | null> {
  const [row] = await q.query<{ owner_id: string; domain: string }>(
    'SELECT owner_id, domain FROM referral_codes WHERE code = $1',
    [code.trim().toUpperCase()],
  );
  return row ? { ownerId: row.owner_id, domain: row.domain } : null;
}

/** Whether a code may refer `player`: someone else's code, on the player's brand. */
export function refers(
  owner: ReferralCodeOwner | null,
  player: { id: string | null; domain: string },
): owner is ReferralCodeOwner {
  return owner !== null && owner.domain === player.domain && owner.ownerId !== player.id;
}

/** Records the referral unless the player was referred before; says whether it did. */
export async function insertReferral(
  q: Queryable,
  referral: { referredId: string; referrerId: string; domain: string },
): Promise<boolean> {
  const made = await q.query(
    `INSERT INTO referrals (referred_id, referrer_id, domain) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING referred_id`,
    [referral.referredId, referral.referrerId, referral.domain],
  );
  return made.length > 0;
}

/**
 * Whether a code given at sign-up names a player of the brand (someone joining has no code of
 * their own yet, so it is never theirs).
 */
export async function referralCodeOnBrand(
  q: Queryable,
  domain: string,
  code: string,
): Promise<boolean> {
  return refers(await findReferralCode(q, code), { id: null, domain });
}

/**
 * Records, in the transaction that makes the account, that a player joined with a friend's
 * code given at sign-up. The existing referral job rewards the friend on the player's first
 * deposit, by its own rules (a friend on a break or self-excluded is rewarded once that ends).
 * Answers `unknown_code` when the code names nobody of the brand any more.
 */
export async function recordReferralAtJoin(
  tx: Queryable,
  joined: { playerId: string; domain: string; referralCode: string },
): Promise<'recorded' | 'already_referred' | 'unknown_code'> {
  const owner = await findReferralCode(tx, joined.referralCode);
  if (!refers(owner, { id: joined.playerId, domain: joined.domain })) return 'unknown_code';
  const made = await insertReferral(tx, {
    referredId: joined.playerId,
    referrerId: owner.ownerId,
    domain: joined.domain,
  });
  return made ? 'recorded' : 'already_referred';
}
