import type { PlayerDetail } from '@backlay/contract/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../shared/format/dates';
import { buildCasinoPlayer } from '../../../shared/test/casino-fixtures';
import {
  buildGamblingLimit,
  buildPlayerDetail,
  buildResponsibleGambling,
  jsonResponse,
  okEnvelope,
} from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin } from '../../../shared/test/serve-admin';
import PlayerPage from './player-page';

const PLAYER = buildPlayerDetail(7);
const PLAYER_ID = PLAYER.profile.id;
const NO_BONUSES = { playerId: PLAYER_ID, bonusBalance: 0, items: [] };

/** Answers the player's detail with the given responsible-gambling settings. */
function servePlayer(responsibleGambling: PlayerDetail['responsibleGambling']) {
  return serveAdmin({
    'players/detail': () => jsonResponse(okEnvelope({ ...PLAYER, responsibleGambling })),
    'casino/player': () => jsonResponse(okEnvelope(buildCasinoPlayer(7))),
    'bonuses/player': () => jsonResponse(okEnvelope(NO_BONUSES)),
  });
}

async function renderPlayer() {
  renderPage(PlayerPage, { path: '/players/:playerId', url: `/players/${PLAYER_ID}` });
  return screen.findByRole('region', { name: 'Responsible gambling' });
}

/** The limits table as text: each row's header and cells, one array a row. */
function limitRows(section: HTMLElement) {
  return within(within(section).getByRole('table', { name: 'Limits' }))
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
}

describe('the player page’s responsible gambling', () => {
  it('shows the player’s limits with what each window used, a raise waiting, and the history', async () => {
    const raiseFrom = '2026-11-26T09:00:00.000Z';
    const removalFrom = '2026-11-27T06:30:00.000Z';
    const seen = servePlayer(
      buildResponsibleGambling({
        deposit: {
          day: buildGamblingLimit({ amount: 5000, used: 1200 }),
          week: buildGamblingLimit({
            amount: 20000,
            used: 1200,
            pending: { amount: 30000, from: raiseFrom },
          }),
          month: buildGamblingLimit(),
        },
        loss: {
          day: buildGamblingLimit({
            amount: 2000,
            used: 450.5,
            pending: { amount: null, from: removalFrom },
          }),
          week: buildGamblingLimit(),
          month: buildGamblingLimit({ amount: 50000, used: 0 }),
        },
        openLiability: 750,
        history: [
          { at: '2026-11-25T09:00:00.000Z', change: 'Asked to raise the 7-day deposit limit' },
          { at: '2026-11-01T12:00:00.000Z', change: 'Set a 24-hour deposit limit of ₹5,000' },
        ],
      }),
    );
    const section = await renderPlayer();

    expect(seen.map((call) => [call.path, call.query.get('playerId')])).toEqual([
      ['players/detail', PLAYER_ID],
      ['casino/player', PLAYER_ID],
      ['bonuses/player', PLAYER_ID],
    ]);
    expect(limitRows(section)).toEqual([
      ['Limit', '24 hours', '7 days', '30 days'],
      [
        'Deposit',
        '₹5,000.00 (₹1,200.00 used)',
        `₹20,000.00 (₹1,200.00 used)→ ₹30,000.00 from ${formatDateTime(raiseFrom)}`,
        'No limit',
      ],
      [
        'Loss',
        `₹2,000.00 (₹450.50 used)→ removed from ${formatDateTime(removalFrom)}`,
        'No limit',
        '₹50,000.00 (₹0.00 used)',
      ],
    ]);
    expect(within(section).getByText('Open liability').nextElementSibling?.textContent).toBe(
      '₹750.00 (counts as possible loss under a loss limit)',
    );
    // Newest first, as the server words and orders them.
    const history = within(section).getByRole('list', { name: 'Responsible gambling history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `${formatDateTime('2026-11-25T09:00:00.000Z')}Asked to raise the 7-day deposit limit`,
      `${formatDateTime('2026-11-01T12:00:00.000Z')}Set a 24-hour deposit limit of ₹5,000`,
    ]);
    expect(within(section).queryByText('No changes yet.')).toBeNull();
    expect(screen.queryByText(/until/)).toBeNull();
  });

  it('flags a self-exclusion in force beside the player’s name, with its end', async () => {
    const until = '2027-05-25T09:00:00.000Z';
    servePlayer(
      buildResponsibleGambling({
        break: { kind: 'SELF_EXCLUSION', since: '2026-11-25T09:00:00.000Z', until },
        history: [{ at: '2026-11-25T09:00:00.000Z', change: 'Self-excluded for six months' }],
      }),
    );
    const section = await renderPlayer();

    const badge = within(screen.getByRole('banner')).getByText(
      `Self-excluded until ${formatDateTime(until)}`,
    );
    expect(badge.className).toBe('badge badge--bad');
    expect(within(section).getByText(/^Self-excluded until/).textContent).toBe(
      `Self-excluded until ${formatDateTime(until)} (since ${formatDateTime('2026-11-25T09:00:00.000Z')})`,
    );
  });

  it('flags a time-out in force as a time-out, not an exclusion', async () => {
    const until = '2026-12-02T09:00:00.000Z';
    servePlayer(
      buildResponsibleGambling({
        break: { kind: 'TIME_OUT', since: '2026-11-25T09:00:00.000Z', until },
      }),
    );
    await renderPlayer();

    const badge = within(screen.getByRole('banner')).getByText(
      `Time-out until ${formatDateTime(until)}`,
    );
    expect(badge.className).toBe('badge badge--warning');
    expect(screen.queryByText(/Self-excluded/)).toBeNull();
  });

  it('reads plainly for a player who set nothing: no limits, no break, no changes', async () => {
    servePlayer(buildResponsibleGambling());
    const section = await renderPlayer();

    expect(limitRows(section).slice(1)).toEqual([
      ['Deposit', 'No limit', 'No limit', 'No limit'],
      ['Loss', 'No limit', 'No limit', 'No limit'],
    ]);
    expect(within(section).getByText('No changes yet.')).toBeTruthy();
    expect(within(section).queryByRole('list')).toBeNull();
    expect(within(section).getByText('Open liability').nextElementSibling?.textContent).toBe(
      '₹0.00 (counts as possible loss under a loss limit)',
    );
    expect(screen.queryByText(/until/)).toBeNull();
  });
});

describe('the player page’s bets', () => {
  type PlayerBet = PlayerDetail['bets'][number];
  const bet = (over: Partial<PlayerBet>): PlayerBet => ({
    id: '5000001',
    placedAt: '2026-11-25T09:00:00.000Z',
    marketId: '1.1',
    marketName: 'Match Odds',
    marketType: 'MATCH_ODDS',
    line: null,
    resultRuns: null,
    eventName: 'India v Australia',
    runnerName: 'India',
    side: 'BACK',
    price: 2.78,
    matchedPrice: 2.78,
    stake: 100,
    matched: 100,
    status: 'MATCHED',
    profit: null,
    ...over,
  });

  it('reads each bet as the player placed it: fancy No with runs and rate, bookmaker rate', async () => {
    const bets = [
      bet({
        id: '5000003',
        marketName: '6 Over Runs MI',
        marketType: 'FANCY',
        line: 76.5,
        resultRuns: 71,
        runnerName: 'Yes',
        side: 'LAY',
        price: 2.02,
        status: 'SETTLED',
        profit: 100,
      }),
      bet({ id: '5000002', marketName: 'Bookmaker', marketType: 'BOOKMAKER', side: 'LAY' }),
      bet({}),
    ];
    serveAdmin({
      'players/detail': () =>
        jsonResponse(
          okEnvelope({ ...PLAYER, bets, responsibleGambling: buildResponsibleGambling() }),
        ),
      'casino/player': () => jsonResponse(okEnvelope(buildCasinoPlayer(7))),
      'bonuses/player': () => jsonResponse(okEnvelope(NO_BONUSES)),
    });
    renderPage(PlayerPage, { path: '/players/:playerId', url: `/players/${PLAYER_ID}` });
    const table = await screen.findByRole('table', { name: 'Bets' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (row: HTMLElement) =>
      Array.from(row.querySelectorAll('td'), (c) => c.textContent);
    const [fancy, bookmaker, odds] = rows.map(cells);
    expect(fancy).toEqual(
      expect.arrayContaining(['77 runs', 'No', 'rate 102', 'SETTLED · 71 runs']),
    );
    expect(fancy).not.toContain('Yes');
    expect(bookmaker).toEqual(expect.arrayContaining(['India', 'Lay', 'rate 178']));
    expect(odds).toEqual(expect.arrayContaining(['India', 'Back', '2.78']));
  });

  it('shows the price each bet got beside the one it asked for', async () => {
    const bets = [
      bet({ id: '5000003', price: 2.5, matchedPrice: 2.64 }),
      bet({ id: '5000002', matchedPrice: null, matched: 0, status: 'UNMATCHED' }),
      bet({ id: '5000001', marketType: 'BOOKMAKER', price: 1.9, matchedPrice: 1.95 }),
    ];
    serveAdmin({
      'players/detail': () =>
        jsonResponse(
          okEnvelope({ ...PLAYER, bets, responsibleGambling: buildResponsibleGambling() }),
        ),
      'casino/player': () => jsonResponse(okEnvelope(buildCasinoPlayer(7))),
      'bonuses/player': () => jsonResponse(okEnvelope(NO_BONUSES)),
    });
    renderPage(PlayerPage, { path: '/players/:playerId', url: `/players/${PLAYER_ID}` });
    const table = await screen.findByRole('table', { name: 'Bets' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent ?? '');
    const asked = headers.findIndex((text) => text.startsWith('Asked'));
    expect(headers[asked + 1]).toMatch(/^Matched at/);
    const priceCells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => {
        const cells = row.querySelectorAll('td');
        return [cells[asked]?.textContent, cells[asked + 1]?.textContent];
      });
    expect(priceCells).toEqual([
      ['2.5', '2.64'],
      ['2.78', '—'],
      ['rate 90', 'rate 95'],
    ]);
    // A better price than asked stands out.
    expect(within(table).getByText('2.64').tagName).toBe('STRONG');
  });
});
