import type { StudioTable } from '@backlay/contract/admin-studio-tables';
import { studioTablesRoute } from '@backlay/contract/admin-studio-tables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callAdmin } from '../../../shared/api/call-admin';
import { CASINO_QUERY_KEY } from './casino-keys';

/** Every table of the built-in studio with its settings in force (`GET casino/studio-tables`). */
export async function fetchStudioTables(signal?: AbortSignal): Promise<StudioTable[]> {
  return (await callAdmin(studioTablesRoute, {}, { signal })).items;
}

export function studioTablesQueryOptions() {
  return queryOptions({
    queryKey: [...CASINO_QUERY_KEY, 'studio-tables'] as const,
    queryFn: ({ signal }) => fetchStudioTables(signal),
  });
}

export function useStudioTables() {
  return useQuery(studioTablesQueryOptions());
}
