import type { LoginAttempt, LoginAttemptResult } from '@backlay/contract/account';
import { userLoginAttemptsRoute } from '@backlay/contract/account-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResult } from '@backlay/contract/route-entry';
import { callParsed } from '../../../shared/api/call-api';

export type { LoginAttempt };
export type LoginAttemptsPage = RouteResult<typeof userLoginAttemptsRoute>;

/** How many login attempts one page of the table shows. */
export const LOGIN_ATTEMPTS_PAGE_SIZE = 10;

export interface LoginAttemptsQuery {
  /** Only attempts with this result; all when null. */
  result: LoginAttemptResult | null;
  /** 0-based page number. */
  page: number;
}

/** One page of the player's login attempts, newest first (`POST Account/GetUserLoginAttempts`). */
export function fetchLoginAttempts(
  { result, page }: LoginAttemptsQuery,
  signal?: AbortSignal,
): Promise<LoginAttemptsPage> {
  return callParsed(userLoginAttemptsRoute, {
    query: {
      Result: result,
      MaxResultCount: LOGIN_ATTEMPTS_PAGE_SIZE,
      SkipCount: page * LOGIN_ATTEMPTS_PAGE_SIZE,
    },
    signal,
  });
}

/** The login-attempts query of one filter and page. */
export function loginAttemptsQueryOptions(query: LoginAttemptsQuery) {
  return queryOptions({
    queryKey: ['login-attempts', query] as const,
    queryFn: ({ signal }) => fetchLoginAttempts(query, signal),
  });
}

/** A page of login attempts; the previous page stays on screen while the next loads. */
export function useLoginAttempts(query: LoginAttemptsQuery) {
  return useQuery({ ...loginAttemptsQueryOptions(query), placeholderData: keepPreviousData });
}
