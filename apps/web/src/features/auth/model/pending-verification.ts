/** A sign-up waiting for its code, kept for this tab so a reload keeps the countdowns. */
export interface PendingVerification {
  userName: string;
  maskedMobile: string;
  /** When the code sent last stops working, in ms since the epoch. */
  codeExpiresAtMs: number;
  /** When a new code may be asked for, in ms since the epoch. */
  resendAtMs: number;
}

// Session storage, not local storage: it is this tab's sign-up, gone when the tab is.
const KEY = 'pendingVerification';

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The pending sign-up, if any. */
export function readPendingVerification(): PendingVerification | null {
  try {
    const value = JSON.parse(session()?.getItem(KEY) ?? 'null') as Partial<PendingVerification>;
    if (
      typeof value?.userName === 'string' &&
      typeof value.maskedMobile === 'string' &&
      typeof value.codeExpiresAtMs === 'number' &&
      typeof value.resendAtMs === 'number'
    ) {
      return value as PendingVerification;
    }
  } catch {
    // Unreadable means none.
  }
  return null;
}

/** Records a sign-up (or a resent code) and its timings, counted from now. */
export function writePendingVerification(
  userName: string,
  maskedMobile: string,
  timing: { codeExpiresInSeconds: number; resendAfterSeconds: number },
  nowMs: number = Date.now(),
): PendingVerification {
  const pending: PendingVerification = {
    userName,
    maskedMobile,
    codeExpiresAtMs: nowMs + timing.codeExpiresInSeconds * 1000,
    resendAtMs: nowMs + timing.resendAfterSeconds * 1000,
  };
  try {
    session()?.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Without storage the page still works until it is reloaded.
  }
  return pending;
}

/** Forgets the pending sign-up once it is verified. */
export function clearPendingVerification(): void {
  try {
    session()?.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
