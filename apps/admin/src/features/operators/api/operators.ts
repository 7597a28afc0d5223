import type { Operator } from '@backlay/contract/admin';
import { operatorsRoute } from '@backlay/contract/admin-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';

/** Every operator (`GET operators`). */
export function fetchOperators(signal?: AbortSignal): Promise<{ items: Operator[] }> {
  return callAdmin(operatorsRoute, {}, { signal });
}

export function operatorsQueryOptions() {
  return queryOptions({
    queryKey: ['operators'] as const,
    queryFn: ({ signal }) => fetchOperators(signal),
  });
}

export function useOperators() {
  return useQuery(operatorsQueryOptions());
}
