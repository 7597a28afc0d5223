import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { renderPage } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import { UserMenu } from './user-menu';

/** The header's menu at /somewhere, staying on screen as the player moves between pages. */
function renderMenu() {
  return renderPage(UserMenu, { path: '/*', url: '/somewhere' });
}

function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'alice' }));
  return screen.getByRole('navigation', { name: 'Account' });
}

/** Each group's heading with its links as label → href, in order. */
function groupsOf(menu: HTMLElement) {
  return within(menu)
    .getAllByRole('group')
    .map((group) => ({
      heading: group.querySelector('.account-links__heading')?.textContent,
      links: within(group)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    }));
}

beforeEach(() => logInPlayer());

describe('the user menu', () => {
  it('shows the player’s name and no menu until it is opened', () => {
    renderMenu();
    expect(screen.getByTestId('user-name').textContent).toBe('alice');
    expect(screen.getByRole('button', { name: 'alice' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });

  it('lists every account page under its heading, then Logout', () => {
    renderMenu();
    const menu = openMenu();
    expect(groupsOf(menu)).toEqual([
      {
        heading: 'My bets',
        links: [
          ['Open bets', '/open-bets'],
          ['Current bets', '/current-bet'],
          ['Bet history', '/bet-history'],
          ['Profit & loss', '/ProfitLoss'],
        ],
      },
      {
        heading: 'Money',
        links: [
          ['Deposit', '/depositw/deposit'],
          ['Withdraw', '/depositw/withdrawal'],
          ['Deposit & withdrawal requests', '/dwrequests'],
          ['Account statement', '/account-cash-statement'],
          ['Bonus', '/bonus'],
        ],
      },
      {
        heading: 'Settings',
        links: [
          ['Stake buttons', '/change-button-values'],
          ['Change password', '/change-password'],
          ['Responsible gambling', '/responsible-gambling'],
        ],
      },
      { heading: 'Help', links: [['Rules', '/rules']] },
    ]);
    expect(within(menu).getByRole('group', { name: 'Money' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('lists the pages in Hindi once the player chooses it, switching an open menu in place', async () => {
    renderMenu();
    const menu = openMenu();
    await act(() => chooseLanguage('hi'));
    expect(screen.getByRole('navigation', { name: 'अकाउंट' })).toBe(menu);
    expect(groupsOf(menu).map((group) => group.heading)).toEqual(['मेरी बेट्स', 'पैसे', 'सेटिंग्स', 'मदद']);
    expect(within(menu).getByRole('link', { name: 'बेट हिस्ट्री' }).getAttribute('href')).toBe(
      '/bet-history',
    );
    expect(within(menu).getByRole('button', { name: 'लॉगआउट' })).toBeTruthy();
  });

  it('keeps a demo player to the statement of the money pages', () => {
    logInPlayer({ userName: 'Demo', isDemo: true });
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Demo' }));
    const menu = screen.getByRole('navigation', { name: 'Account' });
    expect(
      within(within(menu).getByRole('group', { name: 'Money' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/account-cash-statement']);
    for (const name of ['Deposit', 'Withdraw', 'Deposit & withdrawal requests', 'Bonus']) {
      expect(within(menu).queryByRole('link', { name }), name).toBeNull();
    }
    // Everything else stays.
    expect(within(menu).getAllByRole('link')).toHaveLength(4 + 1 + 3 + 1);
  });

  it('closes when a page is picked, and the page opens', async () => {
    const { router } = renderMenu();
    const menu = openMenu();
    await act(async () => fireEvent.click(within(menu).getByRole('link', { name: 'Bet history' })));
    expect(router.state.location.pathname).toBe('/bet-history');
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });

  it('closes when the page changes by other means, e.g. the back button', async () => {
    const { router } = renderMenu();
    await act(() => router.navigate('/somewhere?again'));
    openMenu();
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });

  it('closes on Escape and on a press outside it, not on a press inside it', () => {
    renderMenu();
    const menu = openMenu();
    fireEvent.pointerDown(within(menu).getByRole('group', { name: 'Money' }));
    expect(screen.getByRole('navigation', { name: 'Account' })).toBe(menu);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();

    openMenu();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });
});
