import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../shared/format/dates';
import { buildCasinoProvider, buildCasinoRound } from '../../../shared/test/casino-fixtures';
import {
  buildMe,
  buildPlayerRow,
  failure,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type Answer } from '../../../shared/test/serve-admin';
import CasinoRoundsPage from './casino-rounds-page';

const PLAYER_ID = buildPlayerRow(3).id;
const PROVIDERS = [buildCasinoProvider('dream'), buildCasinoProvider('mac')];

const FIRST_PAGE = {
  items: [
    buildCasinoRound(2),
    buildCasinoRound(1, {
      status: 'VOIDED',
      win: 0,
      refunded: 500,
      userName: null,
      closedAt: null,
    }),
  ],
  nextBefore: 'cursor-after-1',
};
const LAST_PAGE = { items: [buildCasinoRound(3, { status: 'OPEN', win: 0 })], nextBefore: null };

/** Pages of rounds: the first, then (asked with the first's cursor) the last. */
const pagedRounds: Answer = (call) =>
  jsonResponse(okEnvelope(call.query.get('before') ? LAST_PAGE : FIRST_PAGE));

function serveRounds(rounds: Answer = pagedRounds) {
  return serveAdmin({
    'casino/rounds': rounds,
    'casino/providers': () => jsonResponse(okEnvelope({ items: PROVIDERS })),
  });
}

const startedAt = (index: number) => formatDateTime(FIRST_PAGE.items[index]?.startedAt);

const roundCalls = (seen: ReturnType<typeof serveRounds>) =>
  seen
    .filter((call) => call.path === 'casino/rounds')
    .map((call) => Object.fromEntries(call.query));

async function openRounds(url = '/casino/rounds', me = buildMe()) {
  const view = renderPage(CasinoRoundsPage, { path: '/casino/rounds', url, me });
  const grid = await screen.findByRole('table', { name: 'Casino rounds' });
  return { ...view, grid };
}

/** The grid's rows as text, one array of cells a row, the header row left out. */
const rowsOf = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** A filter by its label: the choices are drop-downs, the rest text. */
const filter = (label: string) =>
  screen.getByRole(label === 'Brand' || label === 'Provider' ? 'combobox' : 'textbox', {
    name: label,
  });

const type = (label: string, value: string) =>
  fireEvent.change(filter(label), { target: { value } });

describe('the round lookup', () => {
  it('lists rounds newest first, each opening with its callbacks, its player linked', async () => {
    const seen = serveRounds();
    const { grid } = await openRounds();

    expect(roundCalls(seen)).toEqual([{ limit: '50' }]);
    expect(rowsOf(grid)).toEqual([
      [
        'mac-r-1002',
        'player2',
        'Teen Patti Royale',
        'Settled',
        '₹500.00',
        '₹950.00',
        '₹450.00',
        startedAt(0),
        'mac',
      ],
      [
        'mac-r-1001',
        buildPlayerRow(1).id,
        'Teen Patti Royale',
        'Voided',
        '₹500.00',
        '₹0.00',
        '₹0.00',
        startedAt(1),
        'mac',
      ],
    ]);
    const round = within(grid).getByRole('link', { name: 'mac-r-1002' });
    expect(round).toHaveProperty('pathname', `/casino/rounds/${FIRST_PAGE.items[0]?.id}`);
    expect(within(grid).getByRole('link', { name: 'player2' })).toHaveProperty(
      'pathname',
      `/players/${buildPlayerRow(2).id}`,
    );
  });

  it('loads the next page from where the last one ended', async () => {
    const seen = serveRounds();
    const { grid } = await openRounds();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    });
    await within(grid).findByRole('link', { name: 'mac-r-1003' });

    expect(roundCalls(seen)).toEqual([{ limit: '50' }, { before: 'cursor-after-1', limit: '50' }]);
    expect(rowsOf(grid).map((row) => row[0])).toEqual(['mac-r-1002', 'mac-r-1001', 'mac-r-1003']);
    expect(screen.getByText('3 rows (all)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for the rounds of the address’s filters, as a player’s page links to them', async () => {
    const seen = serveRounds();
    await openRounds(`/casino/rounds?playerId=${PLAYER_ID}&provider=mac`);

    expect(roundCalls(seen)).toEqual([{ playerId: PLAYER_ID, provider: 'mac', limit: '50' }]);
    expect(filter('Player id')).toHaveProperty('value', PLAYER_ID);
    const provider = filter('Provider');
    expect(provider).toHaveProperty('value', 'mac');
    expect(
      within(provider)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any provider', 'Dream', 'Mac']);
  });

  it('searches by round id, game and brand, and clears back to every round', async () => {
    const seen = serveRounds();
    const { router } = await openRounds(
      '/casino/rounds',
      buildMe({ role: 'brand_admin', brands: ['gold365.bet'] }),
    );
    type('Round id', ' mac-r-1002 ');
    type('Game code', 'mac_teen_patti');
    type('Brand', 'gold365.bet');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    await vi.waitFor(() => expect(roundCalls(seen)).toHaveLength(2));
    expect(roundCalls(seen)[1]).toEqual({
      brand: 'gold365.bet',
      roundId: 'mac-r-1002',
      gameCode: 'mac_teen_patti',
      limit: '50',
    });
    expect(router.state.location.search).toBe(
      '?roundId=mac-r-1002&gameCode=mac_teen_patti&brand=gold365.bet',
    );

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    });
    await vi.waitFor(() => expect(roundCalls(seen)).toHaveLength(3));
    expect(roundCalls(seen)[2]).toEqual({ limit: '50' });
    expect(filter('Round id')).toHaveProperty('value', '');
  });

  it('says what is wrong with a player id in the contract’s words, and asks nothing', async () => {
    const seen = serveRounds();
    await openRounds();
    type('Player id', 'player7');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });

    const field = filter('Player id');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Not a valid id',
    );
    expect(roundCalls(seen)).toHaveLength(1);
  });

  it('says when nothing matches the filters', async () => {
    serveRounds(() => jsonResponse(okEnvelope({ items: [], nextBefore: null })));
    await openRounds('/casino/rounds?gameCode=nothing');
    expect(screen.getByText('No round matches these filters.')).toBeTruthy();
  });

  it('shows a refusal in place of the rounds', async () => {
    serveRounds(() => failure('FORBIDDEN', 'Not your brand.', 403));
    renderPage(CasinoRoundsPage, { path: '/casino/rounds', url: '/casino/rounds?brand=x.com' });
    expect(await screen.findByText('You do not have permission to do this.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Casino rounds' })).toBeNull();
  });
});
