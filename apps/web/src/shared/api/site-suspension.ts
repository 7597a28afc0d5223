import type { ErrorCode } from '@backlay/contract/errors';

/** The envelope error code of a suspended brand's refusals (logins, sign-ups, bets). */
export const SITE_SUSPENDED_CODE = 'SITE_SUSPENDED' satisfies ErrorCode;

type SiteSuspendedHandler = (message: string) => void;

let handler: SiteSuspendedHandler | null = null;

/**
 * Registers what the application does when a call is refused because the site is
 * suspended: what a settings load saying so does. One handler at a time; the returned
 * function removes it.
 */
export function onSiteSuspended(next: SiteSuspendedHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Forgets the handler: a test's app no longer answers for the next test's pages. */
export function forgetSiteSuspendedHandler(): void {
  handler = null;
}

/** Tells the application that the server refused a call with SITE_SUSPENDED and this message. */
export function reportSiteSuspended(message: string): void {
  handler?.(message);
}
