/** Where the back office is served; the router's paths below are relative to it. */
export const ADMIN_BASENAME = '/admin';

/** The sign-in URL's parameter that holds where to go after signing in. */
export const SIGN_IN_RETURN_PARAM = 'to';
/** The sign-in URL's parameter that says why the last session ended. */
export const SIGN_IN_ENDED_PARAM = 'ended';

/** Why a session ended, as the sign-in page explains it. */
export type SessionEndReason = 'signed-out' | 'unauthorized' | 'expired';

/** A route's URL pattern and a builder for concrete links to it. */
interface PathEntry<Args extends unknown[] = []> {
  path: string;
  getHref: (...args: Args) => string;
}

const fixed = (path: string): PathEntry => ({ path, getHref: () => path });

const withBrand = (path: string, brand: string | undefined) =>
  brand ? `${path}?brand=${encodeURIComponent(brand)}` : path;

/** What a link to the round lookup may narrow it to, as the lookup's URL names it. */
export interface CasinoRoundsLink {
  playerId?: string;
  gameCode?: string;
  provider?: string;
  roundId?: string;
  brand?: string;
}

/** Every URL of the back office, relative to `/admin`, in one place; routes and links use it. */
export const paths = {
  home: fixed('/'),
  signIn: {
    path: '/sign-in',
    getHref: (returnTo?: string, ended?: SessionEndReason) => {
      const query = new URLSearchParams();
      if (returnTo) query.set(SIGN_IN_RETURN_PARAM, returnTo);
      if (ended) query.set(SIGN_IN_ENDED_PARAM, ended);
      const search = query.toString();
      return search ? `/sign-in?${search}` : '/sign-in';
    },
  } satisfies PathEntry<[string?, SessionEndReason?]>,
  /** The enrolment page; its token travels in the fragment (`#…`), which never reaches a log. */
  enrol: fixed('/enrol'),
  dashboard: fixed('/dashboard'),
  /** Who is online, on one brand or (without) every brand the operator covers. */
  online: {
    path: '/online',
    getHref: (brand?: string) => withBrand('/online', brand),
  } satisfies PathEntry<[string?]>,
  players: fixed('/players'),
  player: {
    path: '/players/:playerId',
    getHref: (playerId: string) => `/players/${encodeURIComponent(playerId)}`,
  } satisfies PathEntry<[string]>,
  markets: fixed('/markets'),
  market: {
    path: '/markets/:marketId',
    getHref: (marketId: string) => `/markets/${encodeURIComponent(marketId)}`,
  } satisfies PathEntry<[string]>,
  brands: fixed('/brands'),
  /** A new brand; before the brand's own path, whose `:domain` it would otherwise match. */
  newBrand: fixed('/brands/new'),
  /** The platform's betting rules, which every brand starts from. */
  bettingDefaults: fixed('/brands/betting-defaults'),
  /** A brand by its domain (or `test`, the test hosts' brand). */
  brand: {
    path: '/brands/:domain',
    getHref: (domain: string) => `/brands/${encodeURIComponent(domain)}`,
  } satisfies PathEntry<[string]>,
  /** The casino's figures, on one brand or (without) every brand covered, over some days. */
  casinoFigures: {
    path: '/casino/figures',
    getHref: (brand?: string, days?: number) => {
      const query = new URLSearchParams();
      if (brand) query.set('brand', brand);
      if (days !== undefined) query.set('days', String(days));
      const search = query.toString();
      return search ? `/casino/figures?${search}` : '/casino/figures';
    },
  } satisfies PathEntry<[string?, number?]>,
  /** The round lookup, narrowed by any of its filters. */
  casinoRounds: {
    path: '/casino/rounds',
    getHref: (filters: CasinoRoundsLink = {}) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
      const search = query.toString();
      return search ? `/casino/rounds?${search}` : '/casino/rounds';
    },
  } satisfies PathEntry<[CasinoRoundsLink?]>,
  /** A round with every callback of it, by Backlay's id of it. */
  casinoRound: {
    path: '/casino/rounds/:roundId',
    getHref: (roundId: string) => `/casino/rounds/${encodeURIComponent(roundId)}`,
  } satisfies PathEntry<[string]>,
  casinoProviders: fixed('/casino/providers'),
  /** The built-in studio's tables and their settings. */
  studioTables: fixed('/casino/studio-tables'),
  /** A brand's casino games; without a brand, the first the operator covers. */
  casinoCatalogue: {
    path: '/casino/catalogue',
    getHref: (brand?: string) => withBrand('/casino/catalogue', brand),
  } satisfies PathEntry<[string?]>,
  /** A queue of requests, on one brand or (without) every brand the operator covers. */
  deposits: {
    path: '/payments/deposits',
    getHref: (brand?: string) => withBrand('/payments/deposits', brand),
  } satisfies PathEntry<[string?]>,
  withdrawals: {
    path: '/payments/withdrawals',
    getHref: (brand?: string) => withBrand('/payments/withdrawals', brand),
  } satisfies PathEntry<[string?]>,
  /** A brand's payment methods and limits; without a brand, the first the operator covers. */
  paymentSettings: {
    path: '/payments/settings',
    getHref: (brand?: string) => withBrand('/payments/settings', brand),
  } satisfies PathEntry<[string?]>,
  adjustments: fixed('/payments/adjustments'),
  /** Gateway payments paid with another amount than asked for, waiting for finance. */
  paymentReviews: {
    path: '/payments/gateway-reviews',
    getHref: (brand?: string) => withBrand('/payments/gateway-reviews', brand),
  } satisfies PathEntry<[string?]>,
  /** Bonus campaigns, on one brand or (without) every brand the operator covers. */
  bonusCampaigns: {
    path: '/bonuses',
    getHref: (brand?: string) => withBrand('/bonuses', brand),
  } satisfies PathEntry<[string?]>,
  /** A new campaign, its brand chosen at first when given; before `:campaignId`. */
  newBonusCampaign: {
    path: '/bonuses/new',
    getHref: (brand?: string) => withBrand('/bonuses/new', brand),
  } satisfies PathEntry<[string?]>,
  /** A campaign's figures and terms. */
  bonusCampaign: {
    path: '/bonuses/:campaignId',
    getHref: (campaignId: string) => `/bonuses/${encodeURIComponent(campaignId)}`,
  } satisfies PathEntry<[string]>,
  audit: fixed('/audit'),
  operators: fixed('/operators'),
  sessions: fixed('/sessions'),
} as const;

/** A pathname of the page (`/admin/players`) as the router's paths spell it (`/players`). */
export function withoutBasename(pathname: string): string {
  const lower = pathname.toLowerCase();
  if (lower === ADMIN_BASENAME) return '/';
  if (lower.startsWith(`${ADMIN_BASENAME}/`)) return pathname.slice(ADMIN_BASENAME.length);
  return pathname;
}

/**
 * A place to return to after signing in, when it is a path of this console: an absolute
 * path, not `//host` or `/\host`, which browsers would read as another site.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  return value;
}
