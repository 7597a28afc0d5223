import { clientIpRoute } from '@backlay/contract/profile-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callParsed } from '../../../shared/api/call-api';

/** The address the server sees this device at (`GET Account/GetClientIp`). */
export async function fetchClientIp(signal?: AbortSignal): Promise<string> {
  return (await callParsed(clientIpRoute, { signal })).ip;
}

/** The client IP query; an address seldom changes while a page is open. */
export function clientIpQueryOptions() {
  return queryOptions({
    queryKey: ['client-ip'] as const,
    queryFn: ({ signal }) => fetchClientIp(signal),
    staleTime: 5 * 60_000,
  });
}

/** This device's address as the server sees it. */
export function useClientIp() {
  return useQuery(clientIpQueryOptions());
}
