import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from './app';
import { createAppRouter } from './routing/create-router';

/** The whole app rendered at `initialPath` in memory, as the app tests drive it. */
export function renderApp(initialPath: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ queryClient, hostname: 'localhost' }, (routes) =>
    createMemoryRouter(routes, { initialEntries: [initialPath] }),
  );
  render(<App queryClient={queryClient} router={router} />);
  return { router, queryClient };
}
