import type { Queryable } from '../../db/database';

/**
 * Keeps a friend's referral code with a pending sign-up (its verification code's row), to be
 * recorded when the mobile number is verified; an abandoned sign-up takes it with it.
 */
export async function keepSignUpReferralCode(
  tx: Queryable,
  userId: string,
  referralCode: string,
): Promise<void> {
  await tx.query('UPDATE verification_codes SET referral_code = $2 WHERE user_id = $1', [
    userId,
    referralCode,
  ]);
}
