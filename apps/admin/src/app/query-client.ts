import { QueryClient } from '@tanstack/react-query';
import { AdminApiError } from '../shared/api/admin-api-error';

/** Queries try once more, and only where another attempt could help: no answer, or a 5xx. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof AdminApiError)) return false;
  return error.code === 'NETWORK' || (error.status !== null && error.status >= 500);
}

/** The console's query cache: the one home of server data. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 15_000, retry: shouldRetryQuery },
      mutations: { retry: false },
    },
  });
}
