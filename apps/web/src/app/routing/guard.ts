import { matchPath } from 'react-router';
import { paths } from '../../shared/paths';
import type { AppRoute } from './route-table';

/** The route of the table a pathname opens, if any (URLs match case-insensitively). */
export function matchAppRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  return routes.find((route) =>
    matchPath({ path: route.path, caseSensitive: false, end: true }, pathname),
  );
}

/** Whether opening a route needs a stored access token. */
export function needsAuth(route: AppRoute | undefined, indexLandingHost: boolean): boolean {
  if (!route) return false;
  if (route.access === 'player-unless-index-landing') return !indexLandingHost;
  return route.access === 'player';
}

export interface GuardInput {
  to: { pathname: string; search: string };
  /** The committed location's pathname; null on the first navigation. */
  fromPathname: string | null;
  hasAccessToken: boolean;
  siteSuspended: boolean;
  /** Whether the hostname is a special one whose landing is `/index` (spec §2). */
  indexLandingHost: boolean;
}

export interface GuardDecision {
  /** Where to go instead, or null to proceed. */
  redirectTo: string | null;
  /** Whether to load the domain settings again. */
  reloadSettings: boolean;
  /** Entering or leaving the casino lobby; null when neither. */
  lobby: 'enter' | 'leave' | null;
}

const samePath = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();

/**
 * The route guard of spec §4, decided before each navigation: a suspended site sends every
 * navigation but the maintenance page to maintenance (reloading settings on the way); a
 * route that needs auth sends a visitor without a token to login with `to` holding the
 * intended path and search. Lobby entry and exit are reported only for a navigation that
 * proceeds, so a redirected one never leaves the shell half switched.
 */
export function decideNavigation(routes: readonly AppRoute[], input: GuardInput): GuardDecision {
  const { to } = input;
  const maintenance = paths.underMaintenance.path;

  if (input.siteSuspended && !samePath(to.pathname, maintenance)) {
    return { redirectTo: maintenance, reloadSettings: true, lobby: null };
  }

  const route = matchAppRoute(routes, to.pathname);
  if (needsAuth(route, input.indexLandingHost) && !input.hasAccessToken) {
    return {
      redirectTo: paths.auth.login.getHref(`${to.pathname}${to.search}`),
      reloadSettings: false,
      lobby: null,
    };
  }

  const lobby = paths.lobby.path;
  const wasInLobby = samePath(input.fromPathname, lobby);
  const goesToLobby = samePath(to.pathname, lobby);
  return {
    redirectTo: null,
    reloadSettings: false,
    lobby: goesToLobby && !wasInLobby ? 'enter' : wasInLobby && !goesToLobby ? 'leave' : null,
  };
}
