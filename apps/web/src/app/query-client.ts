import { QueryClient } from '@tanstack/react-query';
import { RequestError } from '../shared/api/request-error';

/** Queries try once more, but only where another attempt could help. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof RequestError && !error.retryable) return false;
  return failureCount < 1;
}

/** The application's query cache: the one home of server data. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetryQuery,
      },
    },
  });
}
