import type { Permission } from '@backlay/contract/admin';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { ADMIN_BASENAME, paths, withoutBasename } from '../../shared/paths';
import type { RouteHandle } from '../../shared/routing/route-handle';
import { meQueryOptions } from '../../shared/session/me-query';
import { isSignedIn, onSessionEnd, restoreSession } from '../../shared/session/session';
import { Loading } from '../../shared/ui/notice';
import { NotFoundPage } from '../shell/not-found-page';
import { RootErrorBoundary } from '../shell/root-error-boundary';
import { RootShell } from '../shell/root-shell';
import { decideNavigation, matchConsoleRoute } from './guard';
import { CONSOLE_ROUTES, type ConsoleRoute, type LayoutName } from './route-table';

/** What the guard tells the layouts about the page being opened. */
export interface GuardData {
  /** The operator's role does not allow the page: the layout says so in its place. */
  forbidden: boolean;
}

const LAYOUTS: Record<LayoutName, () => Promise<{ default: ComponentType }>> = {
  shell: () => import('../layouts/shell-layout'),
  bare: () => import('../layouts/bare-layout'),
};

const handleOf = (route: ConsoleRoute): RouteHandle => ({ name: route.name, title: route.title });

/**
 * The signed-in operator's permissions, loading them once per session; null when signed out.
 * A session the server refuses ends on the spot (the caller ends it), which reads as signed out.
 */
async function signedInPermissions(
  queryClient: QueryClient,
): Promise<readonly Permission[] | null> {
  if (!isSignedIn()) return null;
  try {
    return (await queryClient.ensureQueryData(meQueryOptions())).permissions;
  } catch (error) {
    if (!isSignedIn()) return null;
    throw error;
  }
}

/**
 * The router's route objects, built from the route table. One pathless root route guards every
 * navigation: its loader runs before each one (it always revalidates) and applies the guard.
 */
export function createConsoleRoutes(queryClient: QueryClient): RouteObject[] {
  const guardLoader = async ({ request }: LoaderFunctionArgs): Promise<GuardData> => {
    const url = new URL(request.url);
    const pathname = withoutBasename(url.pathname);
    const wasSignedIn = isSignedIn();
    const permissions = await signedInPermissions(queryClient);
    const decision = decideNavigation(CONSOLE_ROUTES, {
      pathname,
      search: url.search,
      signedIn: permissions !== null,
      permissions: permissions ?? [],
    });
    if (decision.kind === 'redirect') {
      // A session refused while loading its operator is told apart from a visit signed out.
      const refused =
        wasSignedIn && permissions === null && decision.to.startsWith(paths.signIn.path);
      throw redirect(
        refused ? paths.signIn.getHref(pathname + url.search, 'unauthorized') : decision.to,
      );
    }
    return { forbidden: decision.kind === 'forbidden' };
  };

  const toRouteObject = (route: ConsoleRoute): RouteObject => ({
    id: route.name,
    path: route.path,
    handle: handleOf(route),
    lazy: async () => ({ Component: (await route.page()).default }),
  });

  const layoutRoute = (layout: LayoutName): RouteObject => ({
    id: `layout-${layout}`,
    lazy: async () => ({ Component: (await LAYOUTS[layout]()).default }),
    children: CONSOLE_ROUTES.filter((route) => route.layout === layout).map(toRouteObject),
  });

  return [
    {
      id: 'root',
      path: '/',
      loader: guardLoader,
      // The guard must see every navigation, not only those that change the root's params.
      shouldRevalidate: () => true,
      HydrateFallback: () => <Loading />,
      Component: RootShell,
      ErrorBoundary: RootErrorBoundary,
      children: [
        // The guard redirects the root before it renders.
        { index: true, Component: () => null },
        layoutRoute('shell'),
        layoutRoute('bare'),
        {
          id: 'not-found',
          path: '*',
          handle: { name: 'not-found', title: 'Page not found' } satisfies RouteHandle,
          Component: NotFoundPage,
        },
      ],
    },
  ];
}

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * When a session ends (signed out, refused by the server, expired), the cached data of the
 * operator goes, and an operator page gives way to sign-in, which says why and keeps where
 * the operator was (but after a sign-out, which is a choice to leave).
 */
export function handleSessionEnds(router: () => Router | null, queryClient: QueryClient) {
  return onSessionEnd((reason) => {
    queryClient.clear();
    const current = router();
    if (!current) return;
    const { pathname, search } = current.state.location;
    const here = withoutBasename(pathname);
    if (matchConsoleRoute(CONSOLE_ROUTES, here)?.access === 'public') return;
    const returnTo = reason === 'signed-out' ? undefined : `${here}${search}`;
    void current.navigate(paths.signIn.getHref(returnTo, reason), { replace: true });
  });
}

/**
 * Creates the console's router with the given factory (browser or memory): restores the
 * session first, so the guard sees it, and answers the session's end.
 */
export function createConsoleRouter(
  queryClient: QueryClient,
  create: (routes: RouteObject[], basename: string) => Router = (routes, basename) =>
    createBrowserRouter(routes, { basename }),
): Router {
  restoreSession();
  let router: Router | null = null;
  handleSessionEnds(() => router, queryClient);
  router = create(createConsoleRoutes(queryClient), ADMIN_BASENAME);
  return router;
}
