import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  buildConnection,
  buildPlayerRow,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin } from '../../../shared/test/serve-admin';
import { ONLINE_REFRESH_MS } from '../api/online';
import OnlinePage from './online-page';

const ITEMS = [
  buildConnection(1, 'ravi99', { page: '/sports/cricket/1.234' }),
  buildConnection(2, null, { domain: 'gold365.bet', page: '/', browser: 'Safari 19' }),
];

function serveOnline(items = ITEMS) {
  return serveAdmin({ online: () => jsonResponse(okEnvelope({ items })) });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the online players page', () => {
  it('lists each connection, a player’s name linking to their page and a guest as "guest"', async () => {
    const seen = serveOnline();
    renderPage(OnlinePage, { path: '/online' });
    const player = await screen.findByRole('link', { name: 'ravi99' });
    expect(player).toHaveProperty('pathname', `/players/${buildPlayerRow(1).id}`);

    const rows = within(screen.getByRole('table', { name: 'Connections' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(cellsOf(rows[0] as HTMLElement).slice(0, 4)).toEqual([
      '99exch.com',
      'ravi99',
      '/sports/cricket/1.234',
      'Chrome 142',
    ]);
    expect(cellsOf(rows[1] as HTMLElement).slice(0, 4)).toEqual([
      'gold365.bet',
      'guest',
      '/',
      'Safari 19',
    ]);
    expect(within(rows[1] as HTMLElement).queryByRole('link')).toBeNull();
    expect(screen.getByText('1 player, 1 guest')).toBeTruthy();
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({});
  });

  it('opens a player’s page from their row, but not from a guest’s', async () => {
    serveOnline();
    const { router } = renderPage(OnlinePage, { path: '/online' });
    await screen.findByRole('link', { name: 'ravi99' });
    fireEvent.click(screen.getByText('Safari 19'));
    expect(router.state.location.pathname).toBe('/online');
    await act(async () => {
      fireEvent.click(screen.getByText('Chrome 142'));
    });
    expect(router.state.location.pathname).toBe(`/players/${buildPlayerRow(1).id}`);
  });

  it('asks for the brand chosen, and again when Refresh is pressed', async () => {
    const seen = serveOnline();
    renderPage(OnlinePage, { path: '/online' });
    await screen.findByRole('link', { name: 'ravi99' });
    await act(async () => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Brand' }), {
        target: { value: 'gold365.bet' },
      });
    });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await screen.findByRole('link', { name: 'ravi99' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    });
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen.map((call) => call.query.get('brand'))).toEqual([
      null,
      'gold365.bet',
      'gold365.bet',
    ]);
  });

  it('refreshes itself every 15 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    const seen = serveOnline();
    renderPage(OnlinePage, { path: '/online' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ONLINE_REFRESH_MS - 1_000);
    });
    expect(seen).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(seen).toHaveLength(2);
  });

  it('says so when nobody is connected', async () => {
    serveOnline([]);
    renderPage(OnlinePage, { path: '/online' });
    expect(await screen.findByText('Nobody is connected.')).toBeTruthy();
    expect(screen.getByText('0 players, 0 guests')).toBeTruthy();
  });
});
