import type { DemoTopUpResult } from '@backlay/contract/hub';
import { topUpDemoBalanceRoute } from '@backlay/contract/wallet-calls';
import type { QueryClient } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';
import { userInfoQueryOptions } from '../../../shared/session/user-info-query';

/**
 * How long the header waits for the hub to push the topped-up balance before it fetches
 * the user info instead.
 */
export const TOP_UP_PUSH_GRACE_MS = 5_000;

/**
 * Tops up a demo player's play money (`Account/TopUpDemoBalance`). The new balance reaches
 * the header through the hub's push, not through this call's answer, so the cache keeps one
 * writer for it; if no update of the user info arrives within the grace period, the user
 * info is fetched again so the header is right without the hub too.
 */
export async function topUpDemoBalance(
  queryClient: QueryClient,
  graceMs: number = TOP_UP_PUSH_GRACE_MS,
): Promise<DemoTopUpResult> {
  const { queryKey } = userInfoQueryOptions();
  const before = queryClient.getQueryState(queryKey)?.dataUpdatedAt;
  const result = await callParsed(topUpDemoBalanceRoute);
  setTimeout(() => {
    if (queryClient.getQueryState(queryKey)?.dataUpdatedAt === before) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, graceMs);
  return result;
}
