import { REFERRAL_LINK_PARAM } from '@backlay/contract/referral-code';

/*
 * A friend's referral code that a visitor's link carried (`?ref=CODE`), kept for this tab so it
 * is still there when they reach the sign-up form, whichever page the link opened first.
 */

// Session storage, not local storage: the code came with this tab's visit, and goes with it.
const KEY = 'referralCode';

/** Kept codes are bounded: the link is the visitor's to edit, the storage is ours. */
const MAX_KEPT_LENGTH = 40;

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The referral code a URL's query carries, trimmed and in capitals; null when none. */
export function referralCodeIn(search: string): string | null {
  const code = new URLSearchParams(search).get(REFERRAL_LINK_PARAM)?.trim().toUpperCase();
  return code ? code.slice(0, MAX_KEPT_LENGTH) : null;
}

/** Remembers the code a URL's query carries, if it carries one (a later link's code wins). */
export function rememberReferralCodeIn(search: string): void {
  const code = referralCodeIn(search);
  if (code === null) return;
  try {
    session()?.setItem(KEY, code);
  } catch {
    // Without storage the code is still read from the sign-up page's own URL.
  }
}

/** The code remembered in this tab, or null. */
export function rememberedReferralCode(): string | null {
  try {
    return session()?.getItem(KEY) || null;
  } catch {
    return null;
  }
}

/** Forgets the remembered code once a sign-up has used it. */
export function forgetReferralCode(): void {
  try {
    session()?.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
