import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { paths } from '../../../shared/paths';
import { ROUTE_TITLES } from '../../../shared/routing/route-titles';
import CasinoPage from '../pages/casino-page';
import LobbyPage from '../pages/lobby-page';
import LobbySectionPage from '../pages/lobby-section-page';

/** Shows where the router went, for a way out of the casino. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

/**
 * The casino's three pages under their routes (each named and titled as the route table has
 * it), a query cache, and every other path showing where it went.
 */
export function renderCasino(url: string | { pathname: string; state: unknown }) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: paths.casino.path,
        handle: { name: 'casino', title: ROUTE_TITLES.casino },
        Component: CasinoPage,
      },
      {
        path: paths.lobbyPage.path,
        handle: { name: 'lobby-page', title: ROUTE_TITLES['lobby-page'] },
        Component: LobbySectionPage,
      },
      {
        path: paths.lobby.path,
        handle: { name: 'lobby', title: ROUTE_TITLES.lobby },
        Component: LobbyPage,
      },
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
