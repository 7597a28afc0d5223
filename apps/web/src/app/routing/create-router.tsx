import { findDomain } from '@backlay/domains/hosts';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { launchCrashGame, storeLobbyUrl } from '../../features/casino/api/launch-crash-game';
import { SettingsOverlay } from '../../features/domain/components/settings-overlay';
import { PAGE_REGISTRY } from '../../features/domain/page-registry';
import {
  defaultDomainSettingsQueryOptions,
  domainSettingsQueryOptions,
  reloadDomainSettings,
} from '../../features/domain/settings/domain-settings-query';
import type { SettingsEnvironment } from '../../features/domain/settings/load-domain-settings';
import {
  readSiteSuspended,
  readStoredSetting,
} from '../../features/domain/settings/stored-setting';
import { restoreLanguage } from '../../shared/i18n/language';
import { resetLoadingIndicator } from '../../shared/loading-indicator';
import { logout } from '../../shared/session/session-end';
import { rememberReferralCodeIn } from '../../shared/referral/referral-code';
import { restoreSession } from '../../shared/session/session-store';
import { keepSessionFresh } from '../../shared/session/keep-session-fresh';
import { paths } from '../../shared/paths';
import type { RouteHandle } from '../../shared/routing/route-handle';
import { hasAccessToken } from '../../shared/session/session';
import { RootErrorBoundary } from '../shell/root-error-boundary';
import { RootShell } from '../shell/root-shell';
import { decideNavigation } from './guard';
import { resolveLanding } from './landing';
import { applyNavigationEffects } from './navigation-effects';
import { handleSessionEnds } from './session-ends';
import { handleSiteSuspension } from './site-suspension';
import { APP_ROUTES, type AppRoute, type LayoutName } from './route-table';

export interface AppRoutesDeps {
  queryClient: QueryClient;
  /** The page's hostname; white-labelling keys on it. */
  hostname: string;
  /** The committed location's pathname, or null before the first navigation commits. */
  currentPathname: () => string | null;
  settingsEnv?: SettingsEnvironment;
}

const LAYOUTS: Record<LayoutName, () => Promise<{ default: ComponentType }>> = {
  main: () => import('../layouts/main-layout'),
  casino: () => import('../layouts/casino-layout'),
  auth: () => import('../layouts/auth-layout'),
  'full-page': () => import('../layouts/full-page-layout'),
};

const handleOf = (route: AppRoute): RouteHandle => ({ name: route.name, title: route.title });

/**
 * The view of a route that only forwards (the landing, a redirect): nothing, said so. A matched
 * route without a view makes React Router warn on every render until it forwards.
 */
function NoView() {
  return null;
}

/**
 * The router's route objects, built from the route table. One pathless root route guards
 * every navigation: its loader runs before each one (it always revalidates), first waits
 * for the domain settings to settle and the device's language to load (the overlay shows
 * meanwhile), then applies the guard.
 */
export function createAppRoutes(deps: AppRoutesDeps): RouteObject[] {
  const { queryClient, hostname } = deps;
  const indexLandingHost = findDomain(hostname, PAGE_REGISTRY)?.indexLanding ?? false;

  // The first settings load gates the first view; later navigations use what it stored.
  // The first view also waits for the language, so it is never painted in the wrong one; a
  // language whose translations cannot be loaded leaves the site in English.
  let firstSettle: Promise<void> | null = null;
  const whenSettingsSettled = (): { promise: Promise<void>; first: boolean } => {
    if (firstSettle) return { promise: firstSettle, first: false };
    void queryClient.prefetchQuery(defaultDomainSettingsQueryOptions(deps.settingsEnv));
    firstSettle = Promise.all([
      queryClient.fetchQuery(domainSettingsQueryOptions(deps.settingsEnv)).then(
        () => undefined,
        () => undefined,
      ),
      restoreLanguage().catch((error: unknown) =>
        console.error('The chosen language could not be loaded; the site shows English.', error),
      ),
    ]).then(() => undefined);
    return { promise: firstSettle, first: true };
  };

  const guardLoader = async ({ request }: LoaderFunctionArgs) => {
    const settle = whenSettingsSettled();
    await settle.promise;
    const url = new URL(request.url);
    // A referral link's code is kept for the sign-up form, wherever the link led a guest first.
    rememberReferralCodeIn(url.search);
    const decision = decideNavigation(APP_ROUTES, {
      to: { pathname: url.pathname, search: url.search },
      fromPathname: deps.currentPathname(),
      hasAccessToken: hasAccessToken(),
      siteSuspended: readSiteSuspended(),
      indexLandingHost,
    });
    applyNavigationEffects(decision, {
      queryClient,
      // Settings that were loaded for this very navigation need no second load.
      reloadSettings: () => {
        if (!settle.first) void reloadDomainSettings(queryClient, deps.settingsEnv);
      },
    });
    if (decision.redirectTo) throw redirect(decision.redirectTo);
    return null;
  };

  const landingLoader = async () => {
    await whenSettingsSettled().promise;
    // A suspended site is the guard's to redirect; no game is launched for it.
    if (readSiteSuspended()) return null;
    const target = await resolveLanding({
      hasAccessToken: hasAccessToken(),
      // The loaded settings first: a logout clears storage, not the site's settings.
      storedSettingDomain:
        queryClient.getQueryData(domainSettingsQueryOptions(deps.settingsEnv).queryKey)?.setting
          .domain ??
        readStoredSetting()?.domain ??
        null,
      isCasinoOnlyDomain: (domain) => findDomain(domain, PAGE_REGISTRY)?.casinoOnly ?? false,
      indexLandingHost,
      launchCrashGame: () => launchCrashGame(deps.settingsEnv?.fetchImpl),
      storeLobbyUrl,
    });
    throw redirect(target);
  };

  const toRouteObject = (route: AppRoute): RouteObject => {
    switch (route.kind) {
      case 'landing':
        return { id: route.name, index: true, loader: landingLoader, Component: NoView };
      case 'redirect':
        return {
          id: route.name,
          path: route.path,
          handle: handleOf(route),
          Component: NoView,
          loader: () => {
            if (route.endsSession) logout();
            return redirect(route.to);
          },
        };
      case 'page':
        return {
          id: route.name,
          path: route.path,
          handle: handleOf(route),
          lazy: async () => ({ Component: (await route.page()).default }),
        };
    }
  };

  const layoutRoute = (layout: LayoutName): RouteObject => ({
    id: `layout-${layout}`,
    lazy: async () => ({ Component: (await LAYOUTS[layout]()).default }),
    children: APP_ROUTES.filter((r) => r.kind === 'page' && r.layout === layout).map(toRouteObject),
  });

  return [
    {
      id: 'root',
      path: '/',
      loader: guardLoader,
      // The guard must see every navigation, not only those that change the root's params.
      shouldRevalidate: () => true,
      HydrateFallback: SettingsOverlay,
      Component: RootShell,
      ErrorBoundary: RootErrorBoundary,
      children: [
        // Routes without a view of their own need no layout chunk before they forward.
        ...APP_ROUTES.filter((r) => r.kind !== 'page').map(toRouteObject),
        layoutRoute('main'),
        layoutRoute('casino'),
        layoutRoute('auth'),
        layoutRoute('full-page'),
        { id: 'not-found', path: '*', loader: () => redirect(paths.error404.path) },
      ],
    },
  ];
}

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * Creates the application's router with the given factory (browser or memory): restores
 * the session, keeps it renewed, answers its end and a suspended site's refusals, and hides
 * the loading indicator after each navigation (spec §4).
 */
export function createAppRouter(
  deps: Omit<AppRoutesDeps, 'currentPathname'>,
  create: (routes: RouteObject[]) => Router = (routes) => createBrowserRouter(routes),
): Router {
  // The session comes back (or, expired, is cleared) before the guard sees a navigation.
  restoreSession();
  let router: Router | null = null;
  // Before the router exists: its first navigation's loaders run as it is created, and
  // opening `/auth/logout` ends the session in one of them.
  handleSessionEnds(() => router, deps.queryClient, deps.settingsEnv);
  const routes = createAppRoutes({
    ...deps,
    currentPathname: () => (router?.state.initialized ? router.state.location.pathname : null),
  });
  router = create(routes);
  handleSiteSuspension(router);
  keepSessionFresh();
  let lastKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.navigation.state === 'idle' && state.location.key !== lastKey) {
      lastKey = state.location.key;
      resetLoadingIndicator();
    }
  });
  return router;
}
