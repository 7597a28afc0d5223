import { PERMISSIONS, ROLE_PERMISSIONS, type Permission } from '@backlay/contract/admin';
import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  landingPath,
  matchConsoleRoute,
  navigationGroups,
  navigationItems,
  type GuardInput,
} from './guard';
import { CONSOLE_ROUTES } from './route-table';

function decide(to: string, overrides: Partial<Omit<GuardInput, 'pathname' | 'search'>> = {}) {
  const url = new URL(to, 'http://localhost');
  return decideNavigation(CONSOLE_ROUTES, {
    signedIn: true,
    permissions: PERMISSIONS,
    ...overrides,
    pathname: url.pathname,
    search: url.search,
  });
}

const PLAYER_ID = '5b0e4a55-1a5e-4a8e-9d55-7c3c1b0b1f11';

describe('the route table', () => {
  it.each([
    ['/dashboard', 'dashboard'],
    ['/online', 'online'],
    ['/players', 'players'],
    [`/players/${PLAYER_ID}`, 'player'],
    ['/markets', 'markets'],
    ['/markets/1.234', 'market'],
    ['/payments/deposits', 'deposits'],
    ['/payments/withdrawals', 'withdrawals'],
    ['/payments/gateway-reviews', 'payment-reviews'],
    ['/payments/settings', 'payment-settings'],
    ['/payments/adjustments', 'adjustments'],
    ['/casino/figures', 'casino-figures'],
    ['/casino/rounds', 'casino-rounds'],
    [`/casino/rounds/${PLAYER_ID}`, 'casino-round'],
    ['/casino/providers', 'casino-providers'],
    ['/casino/catalogue', 'casino-catalogue'],
    ['/bonuses', 'bonus-campaigns'],
    ['/bonuses/new', 'bonus-campaign-new'],
    [`/bonuses/${PLAYER_ID}`, 'bonus-campaign'],
    ['/brands', 'brands'],
    ['/brands/new', 'brand-new'],
    ['/brands/betting-defaults', 'betting-defaults'],
    ['/brands/gold365.bet', 'brand'],
    ['/brands/test', 'brand'],
    ['/audit', 'audit'],
    ['/operators', 'operators'],
    ['/sessions', 'sessions'],
    ['/sign-in', 'sign-in'],
    ['/enrol', 'enrol'],
    ['/Players', 'players'],
  ])('routes %s to %s', (pathname, name) => {
    expect(matchConsoleRoute(CONSOLE_ROUTES, pathname)?.name).toBe(name);
  });

  it('has unique names and a title for every page', () => {
    const names = CONSOLE_ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    for (const route of CONSOLE_ROUTES) expect(route.title).not.toBe('');
  });

  it('opens only sign-in and enrolment signed out, both without the console around them', () => {
    const open = CONSOLE_ROUTES.filter((route) => route.access === 'public');
    expect(open.map((route) => [route.name, route.layout])).toEqual([
      ['sign-in', 'bare'],
      ['enrol', 'bare'],
    ]);
  });
});

describe('decideNavigation', () => {
  it.each(['/players', `/players/${PLAYER_ID}`, '/markets/1.5', '/audit', '/sessions'])(
    'sends a signed-out visitor of %s to sign-in, keeping where they were going',
    (to) => {
      const decision = decide(`${to}?q=abc`, { signedIn: false, permissions: [] });
      expect(decision.kind).toBe('redirect');
      const target = new URL(decision.kind === 'redirect' ? decision.to : '', 'http://localhost');
      expect(target.pathname).toBe('/sign-in');
      expect(target.searchParams.get('to')).toBe(`${to}?q=abc`);
    },
  );

  it.each([
    ['players.read', '/players'],
    ['players.read', `/players/${PLAYER_ID}`],
    ['markets.read', '/markets'],
    ['markets.read', '/markets/1.5'],
    ['audit.read', '/audit'],
    ['operators.manage', '/operators'],
    ['dashboard.read', '/dashboard'],
    ['dashboard.read', '/online'],
    ['brands.manage', '/brands'],
    ['brands.manage', '/brands/new'],
    ['brands.manage', '/brands/gold365.bet'],
    ['brands.manage', '/brands/betting-defaults'],
    ['payments.read', '/payments/deposits'],
    ['payments.read', '/payments/withdrawals'],
    ['payments.settings', '/payments/settings'],
    ['payments.adjust', '/payments/adjustments'],
    ['casino.read', '/casino/figures'],
    ['casino.read', `/casino/rounds/${PLAYER_ID}`],
    ['casino.catalogue', '/casino/catalogue'],
    ['bonuses.read', '/bonuses'],
    ['bonuses.read', `/bonuses/${PLAYER_ID}`],
    ['bonuses.manage', '/bonuses/new'],
  ] as const)('lets an operator with %s open %s', (permission, to) => {
    expect(decide(to, { permissions: [permission] })).toEqual({ kind: 'proceed' });
  });

  it.each([
    ['/players', 'players.read'],
    ['/markets/1.5', 'markets.read'],
    ['/audit', 'audit.read'],
    ['/operators', 'operators.manage'],
    ['/dashboard', 'dashboard.read'],
    ['/online', 'dashboard.read'],
    ['/brands', 'brands.manage'],
    ['/brands/new', 'brands.manage'],
    ['/brands/gold365.bet', 'brands.manage'],
    ['/brands/betting-defaults', 'brands.manage'],
    ['/payments/deposits', 'payments.read'],
    ['/payments/withdrawals', 'payments.read'],
    ['/payments/settings', 'payments.settings'],
    ['/payments/adjustments', 'payments.adjust'],
    ['/casino/figures', 'casino.read'],
    ['/casino/rounds', 'casino.read'],
    [`/casino/rounds/${PLAYER_ID}`, 'casino.read'],
    ['/casino/providers', 'casino.read'],
    ['/casino/catalogue', 'casino.catalogue'],
    ['/bonuses', 'bonuses.read'],
    [`/bonuses/${PLAYER_ID}`, 'bonuses.read'],
    ['/bonuses/new', 'bonuses.manage'],
  ] as const)('refuses %s in place to an operator without %s', (to, permission) => {
    const others = PERMISSIONS.filter((p) => p !== permission);
    const decision = decide(to, { permissions: others });
    expect(decision.kind).toBe('forbidden');
    if (decision.kind === 'forbidden') expect(decision.route.permission).toBe(permission);
  });

  it('follows the roles of the contract: support may not open markets, a trader may', () => {
    expect(decide('/markets', { permissions: ROLE_PERMISSIONS.support }).kind).toBe('forbidden');
    expect(decide('/markets', { permissions: ROLE_PERMISSIONS.trader }).kind).toBe('proceed');
  });

  it('lets any signed-in operator see their own sessions', () => {
    expect(decide('/sessions', { permissions: [] })).toEqual({ kind: 'proceed' });
  });

  it('opens sign-in and enrolment signed out', () => {
    expect(decide('/sign-in', { signedIn: false, permissions: [] })).toEqual({ kind: 'proceed' });
    expect(decide('/enrol', { signedIn: false, permissions: [] })).toEqual({ kind: 'proceed' });
  });

  it('sends a signed-in operator from sign-in on to where they were going', () => {
    expect(decide('/sign-in?to=%2Faudit%3Fbrand%3Dx')).toEqual({
      kind: 'redirect',
      to: '/audit?brand=x',
    });
  });

  it('never follows a `to` that leaves the console', () => {
    expect(decide('/sign-in?to=%2F%2Fevil.example')).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(decide('/sign-in?to=https%3A%2F%2Fevil.example')).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('sends the root to the dashboard for an operator who may read it', () => {
    expect(decide('/', { permissions: ROLE_PERMISSIONS.support })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('sends the root to the landing page, or to sign-in when signed out', () => {
    expect(decide('/', { permissions: ['markets.read', 'audit.read'] })).toEqual({
      kind: 'redirect',
      to: '/markets',
    });
    expect(decide('/', { signedIn: false, permissions: [] })).toEqual({
      kind: 'redirect',
      to: '/sign-in',
    });
  });

  it('leaves an unknown path to the not-found page', () => {
    expect(decide('/no/such/page')).toEqual({ kind: 'not-found' });
  });
});

describe('the navigation', () => {
  const labels = (permissions: readonly Permission[]) =>
    navigationItems(CONSOLE_ROUTES, permissions).map((route) => route.navLabel);

  it('lists only what the role allows', () => {
    expect(labels(ROLE_PERMISSIONS.owner)).toEqual([
      'Dashboard',
      'Online players',
      'Players',
      'Markets',
      'Deposits',
      'Withdrawals',
      'Gateway reviews',
      'Payment settings',
      'Adjustments',
      'Figures',
      'Rounds',
      'Providers',
      'Studio tables',
      'Catalogue',
      'Campaigns',
      'Brands',
      'Audit log',
      'Operators',
      'My sessions',
    ]);
    expect(labels(ROLE_PERMISSIONS.finance)).toEqual([
      'Dashboard',
      'Online players',
      'Players',
      'Deposits',
      'Withdrawals',
      'Gateway reviews',
      'Payment settings',
      'Adjustments',
      'Figures',
      'Rounds',
      'Providers',
      'Studio tables',
      'Campaigns',
      'Audit log',
      'My sessions',
    ]);
    // Support reads the queues but neither sets up payments nor adjusts balances.
    expect(labels(ROLE_PERMISSIONS.support)).toEqual([
      'Dashboard',
      'Online players',
      'Players',
      'Deposits',
      'Withdrawals',
      'Gateway reviews',
      'Campaigns',
      'My sessions',
    ]);
    expect(labels([])).toEqual(['My sessions']);
  });

  it('lists the payment pages, and the casino pages, together under their sections, and the others alone', () => {
    const groups = navigationGroups(CONSOLE_ROUTES, ROLE_PERMISSIONS.brand_admin).map((group) => [
      group.section,
      group.routes.map((route) => route.navLabel),
    ]);
    expect(groups).toEqual([
      [null, ['Dashboard']],
      [null, ['Online players']],
      [null, ['Players']],
      [null, ['Markets']],
      ['Payments', ['Deposits', 'Withdrawals', 'Gateway reviews', 'Payment settings']],
      ['Casino', ['Figures', 'Rounds', 'Providers', 'Studio tables', 'Catalogue']],
      ['Bonuses', ['Campaigns']],
      [null, ['Brands']],
      [null, ['Audit log']],
      [null, ['My sessions']],
    ]);
  });

  it('shows the pending counts beside the two queues only', () => {
    const counted = CONSOLE_ROUTES.filter((route) => route.navPending !== undefined);
    expect(counted.map((route) => [route.name, route.navPending])).toEqual([
      ['deposits', 'DEPOSIT'],
      ['withdrawals', 'WITHDRAWAL'],
    ]);
  });

  it('lands an operator who may open nothing else on their sessions', () => {
    expect(landingPath(CONSOLE_ROUTES, [])).toBe('/sessions');
  });
});
