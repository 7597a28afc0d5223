import type { CasinoRound } from '@backlay/contract/casino';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage } from '../../../shared/i18n/language';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import AccountStatementPage from './account-statement-page';
import BetHistoryPage from './bet-history-page';
import ProfitLossPage from './profit-loss-page';

function buildRound(overrides: Partial<CasinoRound> = {}): CasinoRound {
  return {
    id: 'r1',
    time: '2026-03-02T10:15:00.000Z',
    gameCode: 'sbe_aviator',
    gameName: 'Sky Ace',
    provider: 'mac',
    status: 'SETTLED',
    stake: 10,
    win: 20,
    net: 10,
    ...overrides,
  };
}

interface CasinoBody {
  from?: string;
  to?: string;
  MaxResultCount: number;
  SkipCount: number;
}

/** 45 rounds, paged as the server pages them, the first one a loss. */
function rounds(request: SeenRequest) {
  const body = request.json as CasinoBody;
  const total = 45;
  const count = Math.max(0, Math.min(body.MaxResultCount, total - body.SkipCount));
  return jsonResponse(
    okEnvelope({
      totalCount: total,
      items: Array.from({ length: count }, (_, i) =>
        buildRound({
          id: `r${body.SkipCount + i + 1}`,
          ...(body.SkipCount + i === 0
            ? { gameName: 'Teen Patti Royale', stake: 100, win: 0, net: -100 }
            : {}),
          ...(body.SkipCount + i === 1 ? { status: 'VOIDED', stake: 0, win: 0, net: 0 } : {}),
        }),
      ),
      total: { rounds: total, stake: 540, win: 880, net: 340 },
    }),
  );
}

const bodies = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.url.pathname === `/api/${path}`).map((r) => r.json as CasinoBody);

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the casino tab of bet history', () => {
  it('lists the rounds with stake, win, net and game, totals first, paged and filtered by days', async () => {
    const seen = serveApi({
      'Bet/GetUserBetHistory': () => jsonResponse(okEnvelope({ totalCount: 0, items: [] })),
      'Casino/GetRounds': rounds,
    });
    const { router } = renderPage(BetHistoryPage, { path: '/bet-history' });
    await screen.findByTestId('bet-history');

    const tabs = screen.getByRole('navigation', { name: 'Sports bets or casino rounds' });
    expect(within(tabs).getByRole('link', { name: 'Sports' }).getAttribute('aria-current')).toBe(
      'page',
    );
    fireEvent.click(within(tabs).getByRole('link', { name: 'Casino' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=casino'));

    const table = await screen.findByTestId('casino-rounds');
    const row = (id: string) => table.querySelector(`[data-round-id="${id}"]`) as HTMLElement;
    await waitFor(() => expect(row('r1')).toBeTruthy());
    const cells = (id: string) => Array.from(row(id).querySelectorAll('td'), (c) => c.textContent);
    expect(cells('r1')).toEqual(
      expect.arrayContaining(['Teen Patti RoyaleMac', 'Settled', '100.00', '0.00', '−100.00']),
    );
    expect(cells('r2')).toContain('Void, stake returned');
    expect(cells('r3')).toEqual(expect.arrayContaining(['Sky AceMac', '10.00', '20.00', '+10.00']));
    // On a phone each figure is named by its cell.
    expect(row('r3').querySelector('[data-label="Win"]')?.textContent).toBe('20.00');
    expect(row('r3').querySelector('[data-label="Net"]')?.textContent).toBe('+10.00');
    const totals = screen.getByTestId('casino-totals');
    expect(within(totals).getByText('Rounds').nextElementSibling?.textContent).toBe('45');
    expect(within(totals).getByText('Net').nextElementSibling?.textContent).toBe('+340.00');
    expect(bodies(seen, 'Casino/GetRounds')).toEqual([{ MaxResultCount: 20, SkipCount: 0 }]);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await waitFor(() => expect(row('r21')).toBeTruthy());
    await act(async () =>
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-07' } }),
    );
    await waitFor(() =>
      expect(bodies(seen, 'Casino/GetRounds').at(-1)).toEqual({
        from: '2026-03-01',
        to: '2026-03-07',
        MaxResultCount: 20,
        SkipCount: 0,
      }),
    );
    expect(bodies(seen, 'Casino/GetRounds')[1]).toEqual({ MaxResultCount: 20, SkipCount: 20 });
    // The sports history is not asked for while the casino tab is shown.
    expect(bodies(seen, 'Bet/GetUserBetHistory')).toHaveLength(1);
  });

  it('opens on the casino tab from its link, says when there were no rounds, in Hindi too', async () => {
    serveApi({
      'Casino/GetRounds': () =>
        jsonResponse(
          okEnvelope({
            totalCount: 0,
            items: [],
            total: { rounds: 0, stake: 0, win: 0, net: 0 },
          }),
        ),
    });
    renderPage(BetHistoryPage, { path: '/bet-history', url: '/bet-history?tab=casino' });
    expect(await screen.findByText('No casino rounds in this period.')).toBeTruthy();
    await act(() => chooseLanguage('hi'));
    expect(screen.getByText('इस अवधि में कोई कसीनो राउंड नहीं।')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'कसीनो' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the casino tab of profit and loss', () => {
  it("shows each game's rounds, stake, win and net with the range's totals", async () => {
    const seen = serveApi({
      'Casino/GetProfitLoss': () =>
        jsonResponse(
          okEnvelope({
            totalCount: 2,
            items: [
              {
                gameCode: 'sbe_aviator',
                gameName: 'Sky Ace',
                provider: 'mac',
                rounds: 3,
                stake: 30,
                win: 60,
                net: 30,
              },
              {
                gameCode: 'dream_temple_gold',
                gameName: 'Temple Gold',
                provider: 'dream',
                rounds: 2,
                stake: 200,
                win: 0,
                net: -200,
              },
            ],
            total: { rounds: 5, stake: 230, win: 60, net: -170 },
          }),
        ),
    });
    renderPage(ProfitLossPage, { path: '/ProfitLoss', url: '/ProfitLoss?tab=casino' });

    const table = await screen.findByTestId('casino-profit-loss');
    const row = (code: string) => table.querySelector(`[data-game-code="${code}"]`) as HTMLElement;
    await waitFor(() => expect(row('sbe_aviator')).toBeTruthy());
    expect(
      Array.from(row('dream_temple_gold').querySelectorAll('td'), (c) => c.textContent),
    ).toEqual(['Temple GoldDream', '2', '200.00', '0.00', '−200.00']);
    expect(row('sbe_aviator').querySelector('[data-label="Rounds"]')?.textContent).toBe('3');
    const totals = screen.getByTestId('casino-totals');
    expect(within(totals).getByText('Net').nextElementSibling?.textContent).toBe('−170.00');
    expect(bodies(seen, 'Casino/GetProfitLoss')).toEqual([{ MaxResultCount: 20, SkipCount: 0 }]);
    expect(seen.some((r) => r.url.pathname === '/api/Bet/GetUserProfitLoss')).toBe(false);
  });
});

describe('the statement', () => {
  it('shows casino movements as Casino lines that name their game', async () => {
    serveApi({
      'Transaction/GetHistory': () =>
        jsonResponse(
          okEnvelope({
            items: [
              {
                id: '1a2b3c4d-5e6f-4a7b-8c9d-000000000002',
                time: '2026-03-02T10:16:00.000Z',
                type: 'CASINO',
                amount: 20,
                balance: 1510,
                exposure: 0,
                available: 1510,
                market: null,
                description: 'Casino win · Sky Ace',
              },
              {
                id: '1a2b3c4d-5e6f-4a7b-8c9d-000000000001',
                time: '2026-03-02T10:15:00.000Z',
                type: 'CASINO',
                amount: -10,
                balance: 1490,
                exposure: 0,
                available: 1490,
                market: null,
                description: 'Casino bet · Sky Ace',
              },
            ],
            nextCursor: null,
          }),
        ),
    });
    renderPage(AccountStatementPage, { path: '/account-cash-statement' });

    const table = await screen.findByTestId('statement');
    const win = (
      await within(table).findByRole('button', { name: 'Casino win · Sky Ace' })
    ).closest('tr') as HTMLElement;
    expect(within(win).getByText('Casino')).toBeTruthy();
    expect(within(win).getByText('+20.00')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Casino bet · Sky Ace' })).toBeTruthy();
  });
});
