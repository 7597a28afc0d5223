import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import type { createConsoleRouter } from './routing/create-router';

export interface AppProps {
  queryClient: QueryClient;
  router: ReturnType<typeof createConsoleRouter>;
}

/** The back office: the query cache and the router. */
export function App({ queryClient, router }: AppProps) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
}
