import { describe, expect, it } from 'vitest';
import { ROUTE_TITLES } from '../../shared/routing/route-titles';
import { decideNavigation, matchAppRoute, needsAuth, type GuardInput } from './guard';
import { APP_ROUTES } from './route-table';

function decide(overrides: Partial<Omit<GuardInput, 'to'>> & { to: string }) {
  const url = new URL(overrides.to, 'http://localhost');
  return decideNavigation(APP_ROUTES, {
    fromPathname: '/matchlist/3',
    hasAccessToken: false,
    siteSuspended: false,
    indexLandingHost: false,
    ...overrides,
    to: { pathname: url.pathname, search: url.search },
  });
}

const proceed = { redirectTo: null, reloadSettings: false, lobby: null };

describe('route table', () => {
  it.each([
    ['/index', 'index'],
    ['/inplay', 'inplay'],
    ['/markets/11/22', 'Markets'],
    ['/markets/22', 'Markets'],
    ['/matchlist/3', 'matchlist'],
    ['/casino', 'casino'],
    ['/lobby-page/live', 'lobby-page'],
    ['/underConstruction', 'underConstruction'],
    ['/open-bets', 'open-bets'],
    ['/rules', 'rules'],
    ['/change-password', 'change-password'],
    ['/account-cash-statement', 'account-cash-statement'],
    ['/bet-history', 'bet-history'],
    ['/current-bet', 'current-bet'],
    ['/ProfitLoss', 'profit-loss'],
    ['/profitloss', 'profit-loss'],
    ['/dwrequests', 'dwrequests'],
    ['/depositw', 'depositw'],
    ['/depositw/7', 'depositw'],
    ['/change-button-values', 'change-button-values'],
    ['/responsible-gambling', 'responsible-gambling'],
    ['/comingsoon', 'comingsoon'],
    ['/bonus', 'bonus'],
    ['/lobby', 'lobby'],
    ['/auth/login', 'login'],
    ['/auth/signup', 'signup'],
    ['/auth/verfication', 'verification'],
    ['/auth/logout', 'logout'],
    ['/not-authorized', 'not-authorized'],
    ['/error-404', 'error-404'],
    ['/error-500', 'error-500'],
    ['/under-maintenance', 'under-maintenance'],
    ['/test', 'test'],
    ['/', 'landing'],
  ])('routes %s to %s', (pathname, name) => {
    expect(matchAppRoute(APP_ROUTES, pathname)?.name).toBe(name);
  });

  it('has unique names and a title for every page', () => {
    const names = APP_ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const route of APP_ROUTES) if (route.kind === 'page') expect(route.title).not.toBe('');
  });

  it("takes each title from the translated titles, under the route's own name", () => {
    const titled = APP_ROUTES.filter((route) => route.title !== '');
    expect(
      titled.filter(
        (route) => (ROUTE_TITLES as Record<string, string>)[route.name] !== route.title,
      ),
    ).toEqual([]);
    // And no translated title outlives its route.
    expect(Object.keys(ROUTE_TITLES).sort()).toEqual(titled.map((route) => route.name).sort());
  });

  it('puts each route in its layout', () => {
    const layoutOf = (name: string) => APP_ROUTES.find((r) => r.name === name)?.layout;
    expect(layoutOf('lobby')).toBe('casino');
    expect(layoutOf('login')).toBe('auth');
    expect(layoutOf('under-maintenance')).toBe('full-page');
    expect(layoutOf('bet-history')).toBe('main');
  });

  it('titles the open-bets page as the spec does', () => {
    expect(matchAppRoute(APP_ROUTES, '/open-bets')?.title).toBe('Unselected Bets');
    expect(matchAppRoute(APP_ROUTES, '/lobby')?.title).toBe('Casino');
  });

  it('makes /auth/logout log out, then forward to login (spec §2)', () => {
    const logout = matchAppRoute(APP_ROUTES, '/auth/logout');
    expect(logout).toMatchObject({ kind: 'redirect', to: '/auth/login', endsSession: true });
    expect(APP_ROUTES.filter((r) => r.kind === 'redirect' && r.endsSession)).toEqual([logout]);
  });

  it('finds nothing for an unknown path', () => {
    expect(matchAppRoute(APP_ROUTES, '/no/such/page')).toBeUndefined();
  });
});

describe('needsAuth', () => {
  it('opens /index to guests only on special hostnames', () => {
    const index = matchAppRoute(APP_ROUTES, '/index');
    expect(needsAuth(index, false)).toBe(true);
    expect(needsAuth(index, true)).toBe(false);
  });

  it('never requires auth for an unknown path, which goes to the 404 page', () => {
    expect(needsAuth(undefined, false)).toBe(false);
  });
});

describe('decideNavigation', () => {
  it('sends a guest from an auth route to login with the intended path and search', () => {
    const decision = decide({ to: '/bet-history?page=2&size=20' });
    expect(decision.redirectTo).not.toBeNull();
    const target = new URL(decision.redirectTo ?? '', 'http://localhost');
    expect(target.pathname).toBe('/auth/login');
    expect(target.searchParams.get('to')).toBe('/bet-history?page=2&size=20');
    expect(decision.reloadSettings).toBe(false);
  });

  it('lets a player with a stored token through', () => {
    expect(decide({ to: '/bet-history', hasAccessToken: true })).toEqual(proceed);
  });

  it.each(['/auth/login', '/auth/signup', '/underConstruction', '/error-404', '/test', '/'])(
    'lets a guest open the public route %s',
    (to) => {
      expect(decide({ to })).toEqual(proceed);
    },
  );

  it('lets a guest open /index on a special hostname only', () => {
    expect(decide({ to: '/index', indexLandingHost: true })).toEqual(proceed);
    expect(decide({ to: '/index' }).redirectTo).toBe('/auth/login?to=%2Findex');
  });

  it('sends a suspended site to maintenance and reloads the settings', () => {
    expect(decide({ to: '/auth/login', siteSuspended: true })).toEqual({
      redirectTo: '/under-maintenance',
      reloadSettings: true,
      lobby: null,
    });
    // Suspension outranks auth: a guest is not first bounced to login.
    expect(decide({ to: '/bet-history', siteSuspended: true }).redirectTo).toBe(
      '/under-maintenance',
    );
  });

  it('lets a suspended site show the maintenance page', () => {
    expect(decide({ to: '/under-maintenance', siteSuspended: true })).toEqual(proceed);
  });

  it('reports entering the lobby', () => {
    expect(decide({ to: '/lobby', hasAccessToken: true }).lobby).toBe('enter');
  });

  it('reports leaving the lobby', () => {
    expect(decide({ to: '/inplay', fromPathname: '/lobby', hasAccessToken: true }).lobby).toBe(
      'leave',
    );
  });

  it('reports neither when staying in or away from the lobby', () => {
    expect(decide({ to: '/lobby', fromPathname: '/lobby', hasAccessToken: true }).lobby).toBeNull();
    expect(
      decide({ to: '/casino', fromPathname: '/inplay', hasAccessToken: true }).lobby,
    ).toBeNull();
  });

  it('does not enter the lobby on a navigation it redirects', () => {
    expect(decide({ to: '/lobby' })).toEqual({
      redirectTo: '/auth/login?to=%2Flobby',
      reloadSettings: false,
      lobby: null,
    });
  });

  it('treats the first navigation as coming from nowhere', () => {
    expect(decide({ to: '/inplay', fromPathname: null, hasAccessToken: true })).toEqual(proceed);
  });
});
