import { ROLE_PERMISSIONS, type OperatorMe } from '@backlay/contract/admin';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../shared/session/session';
import {
  buildDashboard,
  buildMe,
  buildPlayerRow,
  failure,
  jsonResponse,
  okEnvelope,
} from '../shared/test/fixtures';
import { serveAdmin, type Answer } from '../shared/test/serve-admin';
import { App } from './app';
import { createQueryClient } from './query-client';
import { createConsoleRouter } from './routing/create-router';

vi.mock('uplot', () => import('../shared/test/fake-uplot'));

function storeSession() {
  sessionStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ token: 'tok', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
  );
}

/** The whole console at a URL of the page (`/admin/…`), as the browser would open it. */
function openConsole(url: string) {
  const queryClient = createQueryClient();
  const router = createConsoleRouter(queryClient, (routes, basename) =>
    createMemoryRouter(routes, { basename, initialEntries: [url] }),
  );
  render(<App queryClient={queryClient} router={router} />);
  return router;
}

/** The queues as the navigation's counts ask for them: three deposits wait, no withdrawal. */
const pendingQueue: Answer = (call) =>
  jsonResponse(
    okEnvelope({
      totalCount: call.query.get('kind') === 'DEPOSIT' ? 3 : 0,
      totalAmount: 0,
      items: [],
    }),
  );

function serveConsole(
  me: OperatorMe,
  players: Answer = () => jsonResponse(okEnvelope({ items: [buildPlayerRow(1)], nextAfter: null })),
) {
  return serveAdmin({
    'session/me': () => jsonResponse(okEnvelope(me)),
    players,
    dashboard: () => jsonResponse(okEnvelope(buildDashboard())),
    'payments/queue': pendingQueue,
    'payments/gateway-reviews': () => jsonResponse(okEnvelope({ totalCount: 2, items: [] })),
    'session/sign-out': () => jsonResponse(okEnvelope({ done: true })),
  });
}

const where = (router: ReturnType<typeof openConsole>) =>
  router.state.location.pathname + router.state.location.search;

describe('the console', () => {
  it('sends a visitor without a session to sign-in, keeping where they were going', async () => {
    const seen = serveConsole(buildMe());
    const router = openConsole('/admin/players?q=ravi');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(where(router)).toBe('/admin/sign-in?to=%2Fplayers%3Fq%3Dravi');
    expect(seen).toEqual([]);
  });

  it('shows the navigation the role allows, and the operator in the top bar', async () => {
    storeSession();
    serveConsole(
      buildMe({
        userName: 'ravi.support',
        role: 'support',
        permissions: ['players.read', 'players.lock'],
      }),
    );
    openConsole('/admin/players');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Players', 'My sessions']);
    expect(await screen.findByRole('link', { name: 'player1' })).toBeTruthy();
    expect(screen.getByText('ravi.support')).toBeTruthy();
  });

  it('lists the payment pages under their heading, with how many deposits wait', async () => {
    storeSession();
    const seen = serveConsole(
      buildMe({
        userName: 'meera.finance',
        role: 'finance',
        permissions: ROLE_PERMISSIONS.finance.slice(),
      }),
    );
    openConsole('/admin/players');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    const payments = within(nav).getByRole('list', { name: 'Payments' });
    const deposits = await within(payments).findByRole('link', { name: 'Deposits 3 pending' });
    expect(deposits.getAttribute('href')).toBe('/admin/payments/deposits');
    expect(
      within(payments)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Deposits3 pending',
      'Withdrawals',
      'Gateway reviews2 waiting',
      'Payment settings',
      'Adjustments',
    ]);
    // A page of one row: the count is all the navigation needs. (StrictMode asks twice.)
    const counts = seen.filter((call) => call.path === 'payments/queue');
    expect(new Set(counts.map((call) => call.query.toString()))).toEqual(
      new Set([
        'kind=DEPOSIT&status=PENDING&limit=1&offset=0',
        'kind=WITHDRAWAL&status=PENDING&limit=1&offset=0',
      ]),
    );
  });

  it('says "You do not have permission" in place of a page the role does not allow', async () => {
    storeSession();
    const seen = serveConsole(buildMe({ role: 'support', permissions: ['players.read'] }));
    const router = openConsole('/admin/markets');
    expect(await screen.findByText('You do not have permission')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Markets' })).toBeTruthy();
    expect(where(router)).toBe('/admin/markets');
    expect(seen.map((call) => call.path)).toEqual(['session/me']);
  });

  it('drops a session the server refuses and goes to sign-in, saying why', async () => {
    storeSession();
    serveConsole(buildMe(), () => failure('UNAUTHORIZED', 'Your session has ended.', 401));
    const router = openConsole('/admin/players');
    expect(await screen.findByText('Your session has ended. Sign in again to go on.')).toBeTruthy();
    expect(where(router)).toBe('/admin/sign-in?to=%2Fplayers&ended=unauthorized');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('signs out: tells the server, forgets the session and shows sign-in', async () => {
    storeSession();
    const seen = serveConsole(buildMe());
    const router = openConsole('/admin/players');
    await screen.findByRole('link', { name: 'player1' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    expect(seen.some((call) => call.path === 'session/sign-out')).toBe(true);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(where(router)).toBe('/admin/sign-in?ended=signed-out');
  });

  it('lands a signed-in operator opening the root on the dashboard', async () => {
    storeSession();
    serveConsole(buildMe());
    const router = openConsole('/admin/');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(where(router)).toBe('/admin/dashboard');
  });

  it('lands an operator who may not read the dashboard on their first page', async () => {
    storeSession();
    serveConsole(buildMe({ role: 'support', permissions: ['players.read'] }));
    const router = openConsole('/admin/');
    await screen.findByRole('link', { name: 'player1' });
    expect(where(router)).toBe('/admin/players');
  });
});

describe('the navigation menu of a narrow screen', () => {
  async function openPlayers() {
    storeSession();
    serveConsole(buildMe());
    const router = openConsole('/admin/players');
    await screen.findByRole('link', { name: 'player1' });
    const button = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    const shell = nav.closest('.shell');
    return { router, button, nav, isOpen: () => shell?.hasAttribute('data-menu-open') };
  }

  it('opens with its button, moving focus to the first link, and Escape closes it', async () => {
    const { button, nav, isOpen } = await openPlayers();
    expect(button.getAttribute('aria-controls')).toBe(nav.id);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(isOpen()).toBe(false);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(isOpen()).toBe(true);
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: 'Dashboard' }));

    fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(isOpen()).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('closes when a page is chosen from it, or on a click outside it', async () => {
    const { router, button, nav, isOpen } = await openPlayers();
    fireEvent.click(button);
    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'Dashboard' }));
    });
    expect(where(router)).toBe('/admin/dashboard');
    expect(isOpen()).toBe(false);

    fireEvent.click(button);
    expect(isOpen()).toBe(true);
    fireEvent.pointerDown(screen.getByRole('main'));
    expect(isOpen()).toBe(false);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
