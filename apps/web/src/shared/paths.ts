/** A route's URL pattern and a builder for concrete links to it. */
interface PathEntry<Args extends unknown[] = []> {
  path: string;
  getHref: (...args: Args) => string;
}

/** The query parameter of the login URL that holds where to go after logging in. */
export const LOGIN_RETURN_PARAM = 'to';

const fixed = (path: string): PathEntry => ({ path, getHref: () => path });

/** Every URL of the product (spec §2), in one place; routes and links both use it. */
export const paths = {
  home: fixed('/'),
  index: fixed('/index'),
  inplay: fixed('/inplay'),
  markets: {
    path: '/markets/:eventid?/:dreamEventId',
    getHref: (dreamEventId: string, eventId?: string) =>
      eventId === undefined
        ? `/markets/${encodeURIComponent(dreamEventId)}`
        : `/markets/${encodeURIComponent(eventId)}/${encodeURIComponent(dreamEventId)}`,
  } satisfies PathEntry<[string, string?]>,
  matchlist: {
    path: '/matchlist/:id',
    getHref: (sportId: number | string) => `/matchlist/${encodeURIComponent(String(sportId))}`,
  } satisfies PathEntry<[number | string]>,
  casino: fixed('/casino'),
  lobbyPage: {
    path: '/lobby-page/:section',
    getHref: (section: string) => `/lobby-page/${encodeURIComponent(section)}`,
  } satisfies PathEntry<[string]>,
  underConstruction: fixed('/underConstruction'),
  openBets: fixed('/open-bets'),
  rules: fixed('/rules'),
  changePassword: fixed('/change-password'),
  accountCashStatement: fixed('/account-cash-statement'),
  betHistory: fixed('/bet-history'),
  currentBet: fixed('/current-bet'),
  profitLoss: fixed('/ProfitLoss'),
  dwRequests: fixed('/dwrequests'),
  depositW: {
    path: '/depositw/:id?',
    getHref: (id?: string) =>
      id === undefined ? '/depositw' : `/depositw/${encodeURIComponent(id)}`,
  } satisfies PathEntry<[string?]>,
  changeButtonValues: fixed('/change-button-values'),
  responsibleGambling: fixed('/responsible-gambling'),
  comingSoon: fixed('/comingsoon'),
  bonus: fixed('/bonus'),
  lobby: fixed('/lobby'),
  auth: {
    login: {
      path: '/auth/login',
      getHref: (to?: string) =>
        to
          ? `/auth/login?${new URLSearchParams({ [LOGIN_RETURN_PARAM]: to }).toString()}`
          : '/auth/login',
    } satisfies PathEntry<[string?]>,
    signup: fixed('/auth/signup'),
    // The spec spells this URL "verfication"; existing links depend on that spelling.
    verification: fixed('/auth/verfication'),
    logout: fixed('/auth/logout'),
  },
  notAuthorized: fixed('/not-authorized'),
  error404: fixed('/error-404'),
  error500: fixed('/error-500'),
  underMaintenance: fixed('/under-maintenance'),
  test: fixed('/test'),
} as const;

/** The two deposit/withdrawal modes of `/depositw/:id`. */
export const WALLET_MODES = { deposit: 'deposit', withdrawal: 'withdrawal' } as const;
