import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPlayerRow, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type SeenCall } from '../../../shared/test/serve-admin';
import PlayersPage from './players-page';

const FIRST_PAGE = [1, 2, 3].map((n) => buildPlayerRow(n));
const SECOND_PAGE = [4, 5].map((n) => buildPlayerRow(n, { bettingLocked: n === 5 }));

/** Answers the first page with a cursor, and the page after that cursor as the last. */
function servePages() {
  return serveAdmin({
    players: (call: SeenCall) =>
      jsonResponse(
        okEnvelope(
          call.query.get('after') === 'cursor-3'
            ? { items: SECOND_PAGE, nextAfter: null }
            : { items: FIRST_PAGE, nextAfter: 'cursor-3' },
        ),
      ),
  });
}

const userNames = () =>
  within(screen.getByRole('table', { name: 'Players' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the players page', () => {
  it('lists the answer’s players, each a link to their page', async () => {
    const seen = servePages();
    renderPage(PlayersPage, { path: '/players' });
    expect(await screen.findByRole('link', { name: 'player1' })).toHaveProperty(
      'pathname',
      `/players/${FIRST_PAGE[0]?.id}`,
    );
    expect(userNames()).toEqual(['player1', 'player2', 'player3']);
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({ demo: 'false', limit: '50' });
  });

  it('loads the next page after the last one’s cursor, and offers no more after the last', async () => {
    const seen = servePages();
    renderPage(PlayersPage, { path: '/players' });
    await screen.findByRole('link', { name: 'player3' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    });
    await screen.findByRole('link', { name: 'player5' });
    expect(seen.map((call) => call.query.get('after'))).toEqual([null, 'cursor-3']);
    expect(userNames()).toEqual(['player1', 'player2', 'player3', 'player4', 'player5']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('Betting locked')).toBeTruthy();
  });

  it('searches by what is typed, with the brand and demo filters from the address', async () => {
    const seen = servePages();
    renderPage(PlayersPage, { path: '/players', url: '/players?brand=gold365.bet&demo=true' });
    await screen.findByRole('link', { name: 'player1' });
    fireEvent.change(screen.getByLabelText('Name, mobile or player id'), {
      target: { value: ' 98765 ' },
    });
    await act(async () => {
      fireEvent.submit(screen.getByRole('search', { name: 'Find players' }));
    });
    await screen.findByRole('link', { name: 'player1' });
    expect(Object.fromEntries(seen[seen.length - 1]?.query ?? [])).toEqual({
      q: '98765',
      brand: 'gold365.bet',
      demo: 'true',
      limit: '50',
    });
  });

  it('sorts the loaded rows by a column', async () => {
    servePages();
    renderPage(PlayersPage, { path: '/players' });
    await screen.findByRole('link', { name: 'player1' });
    fireEvent.click(screen.getByRole('button', { name: /User name/ }));
    fireEvent.click(screen.getByRole('button', { name: /User name/ }));
    expect(userNames()).toEqual(['player3', 'player2', 'player1']);
  });
});
