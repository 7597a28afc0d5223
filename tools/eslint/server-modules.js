// The server's module map: each module and the modules it may import (through their entries).
// The arrows point one way; the lint rule `boundaries/module-boundaries` enforces them and
// refuses a map with a cycle. The README's module map is drawn from this table.
export const SERVER_MODULES = {
  /** Atomic rate limits shared by every instance (memory, PostgreSQL or Redis counters). */
  limits: [],
  /** The ledger: books, balances, holds, money movements, amounts. All money goes through it. */
  wallet: [],
  /** Brands in the database: registry entries, settings files, betting rules, uploads. */
  brands: [],
  /** Players, sessions, login, sign-up, codes, demo accounts. */
  account: ['wallet', 'limits'],
  /** The real-time hub (SignalR JSON protocol): presence, balances, odds pushes. */
  hub: ['wallet', 'limits'],
  /** A player's own deposit and loss limits, time-out and self-exclusion. */
  'responsible-gambling': ['account', 'wallet', 'limits'],
  /** Orders, matching, exposure, odds, market lifecycle and settlement. */
  exchange: ['wallet', 'account', 'brands', 'hub', 'limits', 'responsible-gambling'],
  /** Events, markets and scorecards as players browse them. */
  sports: ['exchange', 'account', 'wallet', 'brands'],
  /** The simulated sports feed and the market maker that keep a fresh install alive. */
  feed: ['exchange', 'brands', 'wallet'],
  /**
   * The casino: providers, launches, the catalogue and lobby, and the seamless-wallet callback
   * API whose money moves through the wallet; its built-in test provider inside it imports none.
   */
  casino: ['wallet', 'account', 'limits', 'responsible-gambling'],
  /**
   * Bonuses: campaigns, the bonus wallet, wagering counted from settled exchange stakes (the
   * exchange's settlement hook) and closed casino rounds, lossback, coupons and referrals.
   */
  bonus: ['wallet', 'account', 'exchange', 'casino', 'limits', 'responsible-gambling'],
  /** Money in and out: payment methods, deposits, withdrawals, the statement, adjustments. */
  payments: ['wallet', 'exchange', 'limits', 'responsible-gambling', 'casino'],
  /** The operator back office: operators, two-factor sign-in, roles, audit log, its calls. */
  admin: [
    'account',
    'exchange',
    'wallet',
    'hub',
    'limits',
    'brands',
    'payments',
    'responsible-gambling',
    'casino',
    'bonus',
  ],
  /**
   * Brand settings files and artwork, from the brand directory and the uploads; each brand's web
   * app manifest and the home-screen icons made from its artwork.
   */
  cdn: ['brands'],
  /** Health and version. */
  system: [],
  /** The built player client and its service worker, served with their security headers. */
  web: [],
  /** The built back office under `/admin/`, with its page fallback. */
  'admin-web': [],
  /**
   * The built-in sandbox payment gateway: its API, hosted pages and signed webhooks. An outside
   * party: payments reach it over HTTP only, and it imports no module.
   */
  'sandbox-gateway': [],
  /**
   * The built-in games studio: the crash game's tables, pages and WebSocket, and its round log.
   * An outside party too: it reaches the casino's wallet callbacks over HTTP only.
   */
  'house-games': [],
};
