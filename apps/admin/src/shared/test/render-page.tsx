import type { OperatorMe } from '@backlay/contract/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { meQueryOptions } from '../session/me-query';
import { startSession } from '../session/session';
import { buildMe } from './fixtures';

/** Shows where the router went, for pages that navigate away. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

/**
 * Renders one page at a URL inside a router (every other path renders `Landed`) and a query
 * cache. With `me`, an operator is signed in with those permissions, as the guard would have
 * loaded them; without, nobody is.
 */
export function renderPage(
  Page: ComponentType,
  { path, url = path, me }: { path: string; url?: string; me?: OperatorMe | null },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (me !== null) {
    startSession({
      token: 'test-token',
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    queryClient.setQueryData(meQueryOptions().queryKey, me ?? buildMe());
  }
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', Component: Landed },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
