/*
 * Referral codes and the link a player shares, kept apart from the bonus schemas: the client
 * reads the link's code on every first visit and the sign-up form checks it, and neither needs
 * a schema of bonuses with it.
 */

/** A referral code as the server makes them (and the database checks): capitals and digits. */
export const REFERRAL_CODE_MIN_LENGTH = 6;
export const REFERRAL_CODE_MAX_LENGTH = 12;
export const REFERRAL_CODE_RULE = new RegExp(
  `^[A-Z0-9]{${REFERRAL_CODE_MIN_LENGTH},${REFERRAL_CODE_MAX_LENGTH}}$`,
);
export const REFERRAL_CODE_MESSAGE = `Referral code: ${REFERRAL_CODE_MIN_LENGTH} to ${REFERRAL_CODE_MAX_LENGTH} letters or digits`;

/** The query parameter of a referral link that carries the code. */
export const REFERRAL_LINK_PARAM = 'ref';

/**
 * Where a referral link lands on the brand's site: the sign-up page, which fills the code in for
 * a guest and takes a logged-in player to the bonus page's offer to use it (`/bonus?ref=CODE`).
 */
export function referralLinkPath(code: string): string {
  return `/auth/signup?${REFERRAL_LINK_PARAM}=${encodeURIComponent(code)}`;
}
