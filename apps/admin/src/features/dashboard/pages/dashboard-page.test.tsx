import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawnCharts } from '../../../shared/test/fake-uplot';
import {
  buildDashboard,
  buildDashboardDay,
  buildMe,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin } from '../../../shared/test/serve-admin';
import DashboardPage from './dashboard-page';

vi.mock('uplot', () => import('../../../shared/test/fake-uplot'));

const DAYS = [
  buildDashboardDay('2026-04-29', {
    signUps: 3,
    activePlayers: 10,
    turnover: 100_000.1,
    commission: 1_500.25,
    ggr: 2_000,
    deposits: 25_000,
    withdrawals: 10_000.5,
  }),
  // A quiet day: zero, as the server says.
  buildDashboardDay('2026-04-30'),
  buildDashboardDay('2026-05-01', {
    signUps: 4,
    activePlayers: 12,
    turnover: 50_000.2,
    commission: 800,
    ggr: -3_500.5,
    deposits: 1_00_000,
  }),
];

const ANSWER = buildDashboard({
  online: {
    players: 12,
    guests: 5,
    connections: 19,
    pages: [
      { page: '/sports/cricket', connections: 11 },
      { page: '/', connections: 8 },
    ],
  },
  openExposure: 123_456.5,
  players: 1234,
  pendingDeposits: { count: 7, amount: 1_23_500 },
  pendingWithdrawals: { count: 2, amount: 45_000.5 },
  days: DAYS,
});

/** The figure of a tile, by its label. */
function tile(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('the dashboard', () => {
  beforeEach(() => {
    drawnCharts.length = 0;
  });

  it('shows who is online now, and the period’s totals as the sum of its days', async () => {
    const seen = serveAdmin({ dashboard: () => jsonResponse(okEnvelope(ANSWER)) });
    renderPage(DashboardPage, { path: '/dashboard' });
    await screen.findByText('Players online', { selector: 'dt' });

    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({ days: '14' });
    expect(tile('Players online')).toBe('12');
    expect(screen.getByText('19 connections')).toBeTruthy();
    expect(tile('Guests online')).toBe('5');
    expect(tile('Open exposure')).toBe('₹1,23,456.50');
    expect(tile('Players')).toBe('1,234');

    expect(screen.getByRole('heading', { name: 'Last 3 days (UTC)' })).toBeTruthy();
    expect(tile('Sign-ups')).toBe('7');
    expect(tile('Turnover')).toBe('₹1,50,000.30');
    expect(tile('Commission')).toBe('₹2,300.25');
    expect(tile('GGR')).toBe('-₹1,500.50');
    expect(tile('Deposits')).toBe('₹1,25,000.00');
    expect(tile('Withdrawals')).toBe('₹10,000.50');
  });

  it('shows what waits for finance, each linking to its queue on the brand chosen', async () => {
    serveAdmin({ dashboard: () => jsonResponse(okEnvelope(ANSWER)) });
    renderPage(DashboardPage, { path: '/dashboard', url: '/dashboard?brand=gold365.bet' });
    await screen.findByText('Pending deposits', { selector: 'dt' });

    expect(tile('Pending deposits')).toBe('7');
    expect(tile('Pending withdrawals')).toBe('2');
    const waiting = screen.getByRole('region', { name: 'Waiting for finance' });
    expect(waiting.textContent).toContain('₹1,23,500.00');
    expect(waiting.textContent).toContain('₹45,000.50');
    expect(within(waiting).getByRole('link', { name: '7' })).toHaveProperty(
      'search',
      '?brand=gold365.bet',
    );
    expect(within(waiting).getByRole('link', { name: '7' })).toHaveProperty(
      'pathname',
      '/payments/deposits',
    );
    expect(within(waiting).getByRole('link', { name: '2' })).toHaveProperty(
      'pathname',
      '/payments/withdrawals',
    );
  });

  it('links no queue for an operator who may not open them', async () => {
    serveAdmin({ dashboard: () => jsonResponse(okEnvelope(ANSWER)) });
    renderPage(DashboardPage, {
      path: '/dashboard',
      me: buildMe({ role: 'trader', permissions: ['dashboard.read'] }),
    });
    await screen.findByText('Pending deposits', { selector: 'dt' });
    expect(tile('Pending deposits')).toBe('7');
    const waiting = screen.getByRole('region', { name: 'Waiting for finance' });
    expect(within(waiting).queryAllByRole('link')).toEqual([]);
  });

  it('lists, as a task, each brand whose players cannot deposit by UPI or bank yet, linked to its payment settings', async () => {
    serveAdmin({
      dashboard: () =>
        jsonResponse(
          okEnvelope({ ...ANSWER, brandsWithoutDepositMethods: ['gold365.bet', 'newbrand.in'] }),
        ),
    });
    renderPage(DashboardPage, { path: '/dashboard', me: buildMe({ role: 'finance' }) });
    const task = await screen.findByRole('region', { name: 'To do' });
    expect(task.textContent).toContain('Add a UPI id or bank account for players to pay into');
    expect(task.textContent).toContain('These 2 brands have no manual deposit method yet');
    const links = within(task).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Payment settings of gold365.bet', '/payments/settings?brand=gold365.bet'],
      ['Payment settings of newbrand.in', '/payments/settings?brand=newbrand.in'],
    ]);
  });

  it('names a few brands at once and the rest behind a disclosure, as on a fresh install', async () => {
    const brands = Array.from({ length: 8 }, (_, i) => `brand${i + 1}.in`);
    serveAdmin({
      dashboard: () => jsonResponse(okEnvelope({ ...ANSWER, brandsWithoutDepositMethods: brands })),
    });
    renderPage(DashboardPage, { path: '/dashboard', me: buildMe() });
    const task = await screen.findByRole('region', { name: 'To do' });
    expect(task.textContent).toContain('These 8 brands have no manual deposit method yet');
    const shown = within(task).getByRole('list', { name: 'Brands without deposit methods' });
    expect(within(shown).getAllByRole('link')).toHaveLength(6);
    expect(within(task).getByText('2 more brands').tagName).toBe('SUMMARY');
    const more = within(task).getByRole('list', { name: 'More brands without deposit methods' });
    expect(
      within(more)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/payments/settings?brand=brand7.in', '/payments/settings?brand=brand8.in']);
  });

  it('sets no task for an operator who may not edit payment settings, nor once every brand has a method', async () => {
    serveAdmin({
      dashboard: () =>
        jsonResponse(okEnvelope({ ...ANSWER, brandsWithoutDepositMethods: ['gold365.bet'] })),
    });
    const trader = renderPage(DashboardPage, {
      path: '/dashboard',
      me: buildMe({ role: 'trader', permissions: ['dashboard.read', 'markets.read'] }),
    });
    await screen.findByText('Pending deposits', { selector: 'dt' });
    expect(screen.queryByRole('region', { name: 'To do' })).toBeNull();
    trader.unmount();

    serveAdmin({ dashboard: () => jsonResponse(okEnvelope(ANSWER)) });
    renderPage(DashboardPage, { path: '/dashboard', me: buildMe({ role: 'finance' }) });
    await screen.findByText('Pending deposits', { selector: 'dt' });
    expect(screen.queryByRole('region', { name: 'To do' })).toBeNull();
  });

  it('charts every day the server sent, the quiet one at zero', async () => {
    serveAdmin({ dashboard: () => jsonResponse(okEnvelope(ANSWER)) });
    renderPage(DashboardPage, { path: '/dashboard' });
    const money = await screen.findByRole('table', { name: 'Turnover, commission and GGR by day' });

    const [, turnover, commission, ggr] = drawnCharts[0]?.data ?? [];
    expect(turnover).toEqual([100_000.1, 0, 50_000.2]);
    expect(commission).toEqual([1_500.25, 0, 800]);
    expect(ggr).toEqual([2_000, 0, -3_500.5]);
    const [, deposits, withdrawals] = drawnCharts[1]?.data ?? [];
    expect(deposits).toEqual([25_000, 0, 1_00_000]);
    expect(withdrawals).toEqual([10_000.5, 0, 0]);
    const [, signUps, active] = drawnCharts[2]?.data ?? [];
    expect(signUps).toEqual([3, 0, 4]);
    expect(active).toEqual([10, 0, 12]);
    const payments = screen.getByRole('table', { name: 'Deposits and withdrawals by day' });
    expect(
      within(within(payments).getByRole('row', { name: /29 Apr/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹25,000.00', '₹10,000.50']);

    // The charts' figures, as a table for screen readers.
    const quiet = within(money).getByRole('row', { name: /30 Apr/ });
    expect(
      within(quiet)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['₹0.00', '₹0.00', '₹0.00']);
    const pages = screen.getByRole('table', { name: 'Pages open now' });
    expect(within(pages).getAllByRole('row')[1]?.textContent).toBe('/sports/cricket11');
  });

  it('asks for the brand and the period chosen', async () => {
    const seen = serveAdmin({ dashboard: () => jsonResponse(okEnvelope(ANSWER)) });
    const { router } = renderPage(DashboardPage, {
      path: '/dashboard',
      me: buildMe({ role: 'brand_admin', brands: ['gold365.bet', '99exch.com'] }),
    });
    await screen.findByText('Players online', { selector: 'dt' });

    const brand = screen.getByLabelText('Brand');
    expect(
      within(brand)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All brands', '99exch.com', 'gold365.bet']);
    await act(async () => {
      fireEvent.change(brand, { target: { value: 'gold365.bet' } });
    });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Period'), { target: { value: '30' } });
    });
    await vi.waitFor(() => expect(seen).toHaveLength(3));

    expect(seen.map((call) => Object.fromEntries(call.query))).toEqual([
      { days: '14' },
      { brand: 'gold365.bet', days: '14' },
      { brand: 'gold365.bet', days: '30' },
    ]);
    expect(router.state.location.search).toBe('?brand=gold365.bet&days=30');
  });

  it('leads to the casino’s figures on the same brand and period, for a role that reads them', async () => {
    serveAdmin({ dashboard: () => jsonResponse(okEnvelope(ANSWER)) });
    renderPage(DashboardPage, {
      path: '/dashboard',
      url: '/dashboard?brand=gold365.bet&days=30',
      me: buildMe({ role: 'finance', permissions: ['dashboard.read', 'casino.read'] }),
    });
    const link = await screen.findByRole('link', { name: 'Casino figures' });
    expect(link).toHaveProperty('pathname', '/casino/figures');
    expect(link).toHaveProperty('search', '?brand=gold365.bet&days=30');
  });

  it('offers no casino figures to a role that may not read them', async () => {
    serveAdmin({ dashboard: () => jsonResponse(okEnvelope(ANSWER)) });
    renderPage(DashboardPage, {
      path: '/dashboard',
      me: buildMe({ role: 'support', permissions: ['dashboard.read', 'payments.read'] }),
    });
    await screen.findByText('Players online', { selector: 'dt' });
    expect(screen.queryByRole('link', { name: 'Casino figures' })).toBeNull();
  });

  it('says so when the figures cannot be loaded, and shows none', async () => {
    serveAdmin({ dashboard: () => failure('INTERNAL', 'Something went wrong.', 500) });
    renderPage(DashboardPage, { path: '/dashboard' });
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    expect(screen.queryByText('Players online')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
