import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import type { DomainSportFlags, SiteContext } from '../routing/site-context';
import { Toaster } from '../toasts/toaster';

/** Shows where the router went, for pages that navigate away. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
}

/** A domain that offers every sport. */
export const ALL_SPORTS_ON: DomainSportFlags = {
  football: true,
  tennis: true,
  cricket: true,
  kabaddi: true,
  horseRacing: true,
};

/**
 * Renders one page at a URL inside a router (every other path renders `Landed`), a query
 * cache and the toasts, as the app would; `domain` and `sportFlags` are what the layout
 * tells the page.
 */
export function renderPage(
  Page: ComponentType,
  {
    path,
    url = path,
    domain = 'test',
    sportFlags = ALL_SPORTS_ON,
    staleTimeMs = 0,
  }: {
    path: string;
    url?: string;
    domain?: string | null;
    sportFlags?: DomainSportFlags | null;
    /** How long fetched data counts as fresh (the app's query client keeps it 30 s). */
    staleTimeMs?: number;
  },
) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: staleTimeMs },
      mutations: { retry: false },
    },
  });
  const router = createMemoryRouter(
    [
      {
        element: <Outlet context={{ domain, sportFlags } satisfies SiteContext} />,
        children: [
          { path, Component: Page },
          { path: '*', Component: Landed },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** A call as a test reads it back. */
export interface SeenRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The JSON body, parsed; undefined when none was sent. */
  json: unknown;
}

/** A fetch that answers by API path (`Account/Authenticate`); unknown paths fail the call. */
export function apiFetch(
  answers: Record<string, (request: SeenRequest) => Response | Promise<Response>>,
) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), window.location.origin);
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const request: SeenRequest = {
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      json: body === undefined ? undefined : (JSON.parse(body) as unknown),
    };
    const answer = answers[url.pathname.replace(/^\/api\//, '')];
    if (!answer) throw new Error(`unexpected call to ${url.pathname}`);
    return answer(request);
  };
}

/**
 * Answers the page's calls with `apiFetch` and records each request (URL, method, headers,
 * JSON body) so a test can check what the page sent.
 */
export function serveApi(answers: Parameters<typeof apiFetch>[0]): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const inner = apiFetch(answers);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({
      url: new URL(String(input), window.location.origin),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      json: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return inner(input, init);
  });
  return seen;
}
