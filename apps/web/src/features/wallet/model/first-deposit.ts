import type { PaymentRequest } from '@backlay/contract/wallet';
import { paths } from '../../../shared/paths';
import type { UserInfo } from '../../../shared/session/session-store';

/**
 * Whether a player may still be new to funding: a real-money player with nothing in the account
 * (no cash, nothing held for bets), as the header reads it. A demo player's money is play money;
 * a balance not yet read (right after a login) is not zero.
 */
export function mayNeedFirstDeposit(
  info: Pick<UserInfo, 'isDemo' | 'balance' | 'exposure'> | null,
): boolean {
  return info !== null && !info.isDemo && info.balance === 0 && info.exposure === 0;
}

/**
 * Whether the player has yet to make a first deposit, from their latest deposit requests: none
 * waits for finance or was credited (a refused or cancelled one leaves them where they started).
 */
export function noDepositYet(deposits: readonly Pick<PaymentRequest, 'status'>[]): boolean {
  return deposits.every(
    (request) => request.status === 'REJECTED' || request.status === 'CANCELLED',
  );
}

/**
 * Pages where the welcome would be in the way: an event's prices (which come first on a
 * phone) and the deposit page itself.
 */
const NOT_ON = [paths.markets.getHref(''), paths.depositW.getHref()];

/** Whether the first-deposit welcome may show on a page, by its path. */
export function welcomesOn(pathname: string): boolean {
  return !NOT_ON.some((prefix) => pathname.startsWith(prefix));
}
