import { QueryClient } from '@tanstack/react-query';

/** The application's query cache: the one home of server data. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: 1,
      },
    },
  });
}
