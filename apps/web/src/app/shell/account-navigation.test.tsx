import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { UserMenu } from '../../features/account/components/user-menu';
import { paths } from '../../shared/paths';
import { renderPage } from '../../shared/test/render-page';
import { logInPlayer } from '../../shared/test/sports-fixtures';
import { APP_ROUTES } from '../routing/route-table';
import { BottomNav } from './bottom-nav';

/**
 * Pages a player opens that the account menu leaves out, each with the reason. Every other
 * page of the main and casino layouts must be one tap into the menu.
 */
const NOT_IN_ACCOUNT_MENU: Record<string, string> = {
  index: 'the sports home: Home in the bottom bar and the sports navigation',
  inplay: 'a sports page: In-play in the bottom bar and the sports navigation',
  casino: 'in the sports navigation bar',
  Markets: 'needs an event id: each event row and bet card links its own',
  matchlist: 'needs a sport id: the sports navigation links each sport',
  'lobby-page': 'needs a casino section: the casino page links each',
  lobby: 'the game frame: it opens when a game is launched',
  underConstruction: 'open to guests, a placeholder with nothing to find',
  comingsoon: 'a placeholder for what a brand does not offer yet',
};

/** The pages a player can open in the main and casino layouts. */
const PLAYER_PAGES = APP_ROUTES.filter(
  (route) => route.kind === 'page' && (route.layout === 'main' || route.layout === 'casino'),
);

const matches = (pattern: string, href: string | null) =>
  href !== null && matchPath({ path: pattern, caseSensitive: false, end: true }, href) !== null;

/** Renders a view at a URL; it stays on screen as the player moves between pages. */
function renderAt(View: ComponentType, url: string) {
  return renderPage(View, { path: '/*', url });
}

const hrefsIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

beforeEach(() => logInPlayer());

describe('the account pages a player can find', () => {
  it('puts every player page of the route table in the user menu, but the listed ones', () => {
    renderAt(UserMenu, '/');
    fireEvent.click(screen.getByRole('button', { name: 'alice' }));
    const hrefs = hrefsIn(screen.getByRole('navigation', { name: 'Account' }));

    const missing = PLAYER_PAGES.filter((route) => !(route.name in NOT_IN_ACCOUNT_MENU))
      .filter((route) => !hrefs.some((href) => matches(route.path, href)))
      .map((route) => route.path);
    expect(missing).toEqual([]);
    // The exclusions name pages that exist, so none outlives its page.
    expect(
      Object.keys(NOT_IN_ACCOUNT_MENU).filter(
        (name) => !PLAYER_PAGES.some((route) => route.name === name),
      ),
    ).toEqual([]);
    // And every link opens a page of the table.
    expect(
      hrefs.filter((href) => !PLAYER_PAGES.some((route) => matches(route.path, href))),
    ).toEqual([]);
  });
});

describe('the bottom bar on phones', () => {
  it('offers Home, In-play, My bets and Account, and marks the page it is on', () => {
    renderAt(BottomNav, paths.openBets.path);
    const bar = screen.getByRole('navigation', { name: 'Quick links' });
    expect(
      within(bar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'In-play', 'My bets']);
    expect(hrefsIn(bar)).toEqual(['/', '/inplay', '/open-bets']);
    expect(within(bar).getByRole('button', { name: 'Account' })).toBeTruthy();

    const current = within(bar).getAllByRole('link', { current: 'page' });
    expect(current.map((link) => link.textContent)).toEqual(['My bets']);
    expect(current[0]?.className).toContain('bottom-nav__item--active');
    expect(within(bar).getByRole('link', { name: 'Home' }).className).not.toContain('--active');
  });

  it('marks Home on the home page and In-play on the in-play page', async () => {
    const { router } = renderAt(BottomNav, paths.index.path);
    const bar = screen.getByRole('navigation', { name: 'Quick links' });
    const current = () =>
      within(bar)
        .queryAllByRole('link', { current: 'page' })
        .map((link) => link.textContent);
    expect(current()).toEqual(['Home']);

    await act(() => router.navigate(paths.inplay.path));
    expect(current()).toEqual(['In-play']);

    // A page of neither marks none.
    await act(() => router.navigate(paths.rules.path));
    expect(current()).toEqual([]);
  });

  it('opens the same account pages as the user menu from Account, and closes on a pick', async () => {
    const { router } = renderAt(
      () => (
        <>
          <UserMenu />
          <BottomNav />
        </>
      ),
      paths.inplay.path,
    );
    fireEvent.click(screen.getByRole('button', { name: 'alice' }));
    const menuHrefs = hrefsIn(screen.getByRole('navigation', { name: 'Account' }));
    fireEvent.keyDown(document, { key: 'Escape' });

    const account = screen.getByRole('button', { name: 'Account' });
    fireEvent.click(account);
    expect(account.getAttribute('aria-expanded')).toBe('true');
    const sheet = screen.getByRole('navigation', { name: 'Account' });
    expect(hrefsIn(sheet)).toEqual(menuHrefs);
    expect(within(sheet).getByRole('button', { name: 'Logout' })).toBeTruthy();

    await act(async () => fireEvent.click(within(sheet).getByRole('link', { name: 'Rules' })));
    expect(router.state.location.pathname).toBe(paths.rules.path);
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
    expect(account.getAttribute('aria-expanded')).toBe('false');
  });
});
