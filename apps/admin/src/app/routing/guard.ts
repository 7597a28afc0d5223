import type { Permission } from '@backlay/contract/admin';
import { matchPath } from 'react-router';
import { paths, safeReturnPath, SIGN_IN_RETURN_PARAM } from '../../shared/paths';
import type { ConsoleRoute } from './route-table';

/** The route of the table a pathname (relative to `/admin`) opens, if any. */
export function matchConsoleRoute(
  routes: readonly ConsoleRoute[],
  pathname: string,
): ConsoleRoute | undefined {
  return routes.find((route) =>
    matchPath({ path: route.path, caseSensitive: false, end: true }, pathname),
  );
}

/** Whether an operator with these permissions may open a route. */
export function isAllowed(route: ConsoleRoute, permissions: readonly Permission[]): boolean {
  return route.permission === null || permissions.includes(route.permission);
}

/** The left navigation: the routes with a label that the operator may open, in table order. */
export function navigationItems(
  routes: readonly ConsoleRoute[],
  permissions: readonly Permission[],
): ConsoleRoute[] {
  return routes.filter((route) => route.navLabel !== undefined && isAllowed(route, permissions));
}

/** Items of the navigation listed together, under their section's heading if they have one. */
export interface NavigationGroup {
  section: string | null;
  routes: ConsoleRoute[];
}

/**
 * The navigation in groups: each run of items of one section goes under the section's
 * heading; items of no section stand alone, a group of one each.
 */
export function navigationGroups(
  routes: readonly ConsoleRoute[],
  permissions: readonly Permission[],
): NavigationGroup[] {
  const groups: NavigationGroup[] = [];
  for (const route of navigationItems(routes, permissions)) {
    const section = route.navSection ?? null;
    const last = groups[groups.length - 1];
    if (section !== null && last?.section === section) last.routes.push(route);
    else groups.push({ section, routes: [route] });
  }
  return groups;
}

/** Where `/admin/` takes a signed-in operator: the first page of the navigation they may open. */
export function landingPath(
  routes: readonly ConsoleRoute[],
  permissions: readonly Permission[],
): string {
  return navigationItems(routes, permissions)[0]?.path ?? paths.sessions.path;
}

export interface GuardInput {
  /** The pathname relative to `/admin` (`/players/…`). */
  pathname: string;
  search: string;
  signedIn: boolean;
  /** The signed-in operator's permissions (from `session/me`); empty when signed out. */
  permissions: readonly Permission[];
}

export type GuardDecision =
  | { kind: 'proceed' }
  | { kind: 'redirect'; to: string }
  /** The operator is signed in but their role does not allow the page: say so in place. */
  | { kind: 'forbidden'; route: ConsoleRoute }
  /** No page has that URL; the router shows its not-found page. */
  | { kind: 'not-found' };

/**
 * The route guard, decided before each navigation: the root sends a signed-in operator to
 * their landing page and anyone else to sign-in; an operator page sends a signed-out visitor
 * to sign-in with the intended URL kept in `to`; a signed-in operator opening sign-in goes on
 * to that `to` (or the landing page); and a page the role does not allow is forbidden.
 */
export function decideNavigation(
  routes: readonly ConsoleRoute[],
  input: GuardInput,
): GuardDecision {
  const { pathname, search, signedIn, permissions } = input;
  if (pathname === '/' || pathname === '') {
    return {
      kind: 'redirect',
      to: signedIn ? landingPath(routes, permissions) : paths.signIn.getHref(),
    };
  }
  const route = matchConsoleRoute(routes, pathname);
  if (!route) return { kind: 'not-found' };

  if (route.access === 'public') {
    if (signedIn && route.path === paths.signIn.path) {
      const returnTo = safeReturnPath(new URLSearchParams(search).get(SIGN_IN_RETURN_PARAM));
      return { kind: 'redirect', to: returnTo ?? landingPath(routes, permissions) };
    }
    return { kind: 'proceed' };
  }
  if (!signedIn) return { kind: 'redirect', to: paths.signIn.getHref(`${pathname}${search}`) };
  if (!isAllowed(route, permissions)) return { kind: 'forbidden', route };
  return { kind: 'proceed' };
}
