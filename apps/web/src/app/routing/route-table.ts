import type { ComponentType } from 'react';
import { paths } from '../../shared/paths';
import { ROUTE_TITLES } from '../../shared/routing/route-titles';

/** The four layouts of spec §2. */
export type LayoutName = 'main' | 'casino' | 'auth' | 'full-page';

/**
 * Who may open a route: anyone, players only (a stored access token), or players only
 * except on special hostnames, where `/index` is the landing page and open to guests.
 */
export type RouteAccess = 'public' | 'player' | 'player-unless-index-landing';

interface RouteBase {
  /** The route's name; also its id in the router. */
  name: string;
  /** The URL pattern, from the `paths` module. */
  path: string;
  /** Page heading and second half of the document title, in English (`ROUTE_TITLES`). */
  title: string;
  access: RouteAccess;
  layout: LayoutName;
}

/** A page, loaded in its own chunk on first visit. */
export interface PageRoute extends RouteBase {
  kind: 'page';
  page: () => Promise<{ default: ComponentType }>;
}

/** A URL that only forwards to another. */
export interface RedirectRoute extends RouteBase {
  kind: 'redirect';
  to: string;
  /**
   * Opening the URL logs the player out before forwarding, however it is reached: a typed
   * URL, a bookmark, or the 401 path (spec §2, §4).
   */
  endsSession?: boolean;
}

/** The main layout's default child: decides where a visitor lands (spec §2). */
export interface LandingRoute extends RouteBase {
  kind: 'landing';
}

export type AppRoute = PageRoute | RedirectRoute | LandingRoute;

/** Every route of spec §2: its URL, name, title, access rule, layout and page. */
export const APP_ROUTES: readonly AppRoute[] = [
  // Main layout
  {
    kind: 'landing',
    name: 'landing',
    path: paths.home.path,
    title: '',
    access: 'public',
    layout: 'main',
  },
  {
    kind: 'page',
    name: 'index',
    path: paths.index.path,
    title: ROUTE_TITLES.index,
    access: 'player-unless-index-landing',
    layout: 'main',
    page: () => import('../../features/sports/pages/home-page'),
  },
  {
    kind: 'page',
    name: 'inplay',
    path: paths.inplay.path,
    title: ROUTE_TITLES.inplay,
    access: 'player',
    layout: 'main',
    page: () => import('../../features/sports/pages/inplay-page'),
  },
  {
    kind: 'page',
    name: 'Markets',
    path: paths.markets.path,
    title: ROUTE_TITLES.Markets,
    access: 'player',
    layout: 'main',
    page: () => import('../../features/sports/pages/markets-page'),
  },
  {
    kind: 'page',
    name: 'matchlist',
    path: paths.matchlist.path,
    title: ROUTE_TITLES.matchlist,
    access: 'player',
    layout: 'main',
    page: () => import('../../features/sports/pages/matchlist-page'),
  },
  {
    kind: 'page',
    name: 'casino',
    path: paths.casino.path,
    title: ROUTE_TITLES.casino,
    access: 'player',
    layout: 'main',
    page: () => import('../../features/casino/pages/casino-page'),
  },
  {
    kind: 'page',
    name: 'lobby-page',
    path: paths.lobbyPage.path,
    title: ROUTE_TITLES['lobby-page'],
    access: 'player',
    layout: 'main',
    page: () => import('../../features/casino/pages/lobby-section-page'),
  },
  {
    kind: 'page',
    name: 'underConstruction',
    path: paths.underConstruction.path,
    title: ROUTE_TITLES.underConstruction,
    access: 'public',
    layout: 'main',
    page: () => import('../../features/info/pages/under-construction-page'),
  },
  {
    kind: 'page',
    name: 'open-bets',
    path: paths.openBets.path,
    title: ROUTE_TITLES['open-bets'],
    access: 'player',
    layout: 'main',
    page: () => import('../../features/account/pages/open-bets-page'),
  },
  {
    kind: 'page',
    name: 'rules',
    path: paths.rules.path,
    title: ROUTE_TITLES.rules,
    access: 'player',
    layout: 'main',
    page: () => import('../../features/info/pages/rules-page'),
  },
  {
    kind: 'page',
    name: 'change-password',
    path: paths.changePassword.path,
    title: ROUTE_TITLES['change-password'],
    access: 'player',
    layout: 'main',
    page: () => import('../../features/account/pages/change-password-page'),
  },
  {
    kind: 'page',
    name: 'account-cash-statement',
    path: paths.accountCashStatement.path,
    title: ROUTE_TITLES['account-cash-statement'],
    access: 'player',
    layout: 'main',
    page: () => import('../../features/account/pages/account-statement-page'),
  },
  {
    kind: 'page',
    name: 'bet-history',
    path: paths.betHistory.path,
    title: ROUTE_TITLES['bet-history'],
    access: 'player',
    layout: 'main',
    page: () => import('../../features/account/pages/bet-history-page'),
  },
  {
    kind: 'page',
    name: 'current-bet',
    path: paths.currentBet.path,
    title: ROUTE_TITLES['current-bet'],
    access: 'player',
    layout: 'main',
    page: () => import('../../features/account/pages/current-bet-page'),
  },
  {
    kind: 'page',
    name: 'profit-loss',
    path: paths.profitLoss.path,
    title: ROUTE_TITLES['profit-loss'],
    access: 'player',
    layout: 'main',
    page: () => import('../../features/account/pages/profit-loss-page'),
  },
  {
    kind: 'page',
    name: 'dwrequests',
    path: paths.dwRequests.path,
    title: ROUTE_TITLES.dwrequests,
    access: 'player',
    layout: 'main',
    page: () => import('../../features/wallet/pages/requests-page'),
  },
  {
    kind: 'page',
    name: 'depositw',
    path: paths.depositW.path,
    title: ROUTE_TITLES.depositw,
    access: 'player',
    layout: 'main',
    page: () => import('../../features/wallet/pages/deposit-withdraw-page'),
  },
  {
    kind: 'page',
    name: 'change-button-values',
    path: paths.changeButtonValues.path,
    title: ROUTE_TITLES['change-button-values'],
    access: 'player',
    layout: 'main',
    page: () => import('../../features/account/pages/stake-buttons-page'),
  },
  {
    kind: 'page',
    name: 'responsible-gambling',
    path: paths.responsibleGambling.path,
    title: ROUTE_TITLES['responsible-gambling'],
    access: 'player',
    layout: 'main',
    page: () => import('../../features/responsible-gambling/pages/responsible-gambling-page'),
  },
  {
    kind: 'page',
    name: 'comingsoon',
    path: paths.comingSoon.path,
    title: ROUTE_TITLES.comingsoon,
    access: 'player',
    layout: 'main',
    page: () => import('../../features/info/pages/coming-soon-page'),
  },
  {
    kind: 'page',
    name: 'bonus',
    path: paths.bonus.path,
    title: ROUTE_TITLES.bonus,
    access: 'player',
    layout: 'main',
    page: () => import('../../features/bonus/pages/bonus-page'),
  },

  // Casino layout
  {
    kind: 'page',
    name: 'lobby',
    path: paths.lobby.path,
    title: ROUTE_TITLES.lobby,
    access: 'player',
    layout: 'casino',
    page: () => import('../../features/casino/pages/lobby-page'),
  },

  // Auth layout
  {
    kind: 'page',
    name: 'login',
    path: paths.auth.login.path,
    title: ROUTE_TITLES.login,
    access: 'public',
    layout: 'auth',
    page: () => import('../../features/auth/pages/login-page'),
  },
  {
    kind: 'page',
    name: 'signup',
    path: paths.auth.signup.path,
    title: ROUTE_TITLES.signup,
    access: 'public',
    layout: 'auth',
    page: () => import('../../features/auth/pages/signup-page'),
  },
  {
    kind: 'page',
    name: 'verification',
    path: paths.auth.verification.path,
    title: ROUTE_TITLES.verification,
    access: 'public',
    layout: 'auth',
    page: () => import('../../features/auth/pages/verification-page'),
  },
  {
    kind: 'redirect',
    name: 'logout',
    path: paths.auth.logout.path,
    title: ROUTE_TITLES.logout,
    access: 'public',
    layout: 'auth',
    to: paths.auth.login.path,
    endsSession: true,
  },

  // Full-page layout
  {
    kind: 'page',
    name: 'not-authorized',
    path: paths.notAuthorized.path,
    title: ROUTE_TITLES['not-authorized'],
    access: 'public',
    layout: 'full-page',
    page: () => import('../../features/errors/pages/not-authorized-page'),
  },
  {
    kind: 'page',
    name: 'error-404',
    path: paths.error404.path,
    title: ROUTE_TITLES['error-404'],
    access: 'public',
    layout: 'full-page',
    page: () => import('../../features/errors/pages/not-found-page'),
  },
  {
    kind: 'page',
    name: 'error-500',
    path: paths.error500.path,
    title: ROUTE_TITLES['error-500'],
    access: 'public',
    layout: 'full-page',
    page: () => import('../../features/errors/pages/server-error-page'),
  },
  {
    kind: 'page',
    name: 'under-maintenance',
    path: paths.underMaintenance.path,
    title: ROUTE_TITLES['under-maintenance'],
    access: 'public',
    layout: 'full-page',
    page: () => import('../../features/domain/pages/under-maintenance-page'),
  },
  {
    kind: 'page',
    name: 'test',
    path: paths.test.path,
    title: ROUTE_TITLES.test,
    access: 'public',
    layout: 'full-page',
    page: () => import('../../features/domain/pages/test-page'),
  },
];
