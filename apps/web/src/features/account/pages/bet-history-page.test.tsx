import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import {
  buildBet,
  buildBookmakerBet,
  buildFancyNoBet,
  logInPlayer,
} from '../../../shared/test/sports-fixtures';
import { RANGE_BACKWARDS_MESSAGE } from '../model/date-range';
import BetHistoryPage from './bet-history-page';

interface HistoryBody {
  MaxResultCount: number;
  SkipCount: number;
  status: string;
  sportId?: number;
  fromDate?: string;
  toDate?: string;
}

function history(request: SeenRequest) {
  const body = request.json as HistoryBody;
  const total = 45;
  const count = Math.max(0, Math.min(body.MaxResultCount, total - body.SkipCount));
  return jsonResponse(
    okEnvelope({
      totalCount: total,
      items: Array.from({ length: count }, (_, i) =>
        buildBet({
          id: body.SkipCount + i + 1,
          runnerName: `Runner ${body.SkipCount + i + 1}`,
          status: 'SETTLED',
          profitLoss: i % 2 === 0 ? 850 : -1000,
        }),
      ),
    }),
  );
}

const bodies = (seen: SeenRequest[]) =>
  seen
    .filter((r) => r.url.pathname === '/api/Bet/GetUserBetHistory')
    .map((r) => r.json as HistoryBody);

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the bet history page', () => {
  it('reads fancy and bookmaker bets as they were placed, a settled session in runs', async () => {
    const fancy = buildFancyNoBet({ status: 'SETTLED', profitLoss: 100, resultRuns: 71 });
    const open = buildFancyNoBet({ id: 9103, line: 84.5, price: 1.9, averagePrice: 1.9 });
    const bookmaker = buildBookmakerBet();
    serveApi({
      'Bet/GetUserBetHistory': () =>
        jsonResponse(okEnvelope({ totalCount: 3, items: [fancy, open, bookmaker] })),
    });
    renderPage(BetHistoryPage, { path: '/bet-history' });

    const table = await screen.findByTestId('bet-history');
    const row = (id: number) => table.querySelector(`[data-bet-id="${id}"]`) as HTMLElement;
    await waitFor(() => expect(row(fancy.id)).toBeTruthy());
    const cells = (id: number) => Array.from(row(id).querySelectorAll('td'), (c) => c.textContent);
    expect(cells(fancy.id)).toEqual(
      expect.arrayContaining(['77 runs', 'No', 'rate 102', 'SettledResult: 71 runs']),
    );
    expect(row(fancy.id).textContent).not.toMatch(/Yes|Lay|2\.02/);
    expect(cells(open.id)).toEqual(expect.arrayContaining(['85 runs', 'No', 'rate 90']));
    expect(cells(bookmaker.id)).toEqual(expect.arrayContaining(['India', 'Lay', 'rate 178']));
    expect(row(bookmaker.id).textContent).not.toContain('2.78');
    // On a phone each figure is named by its cell.
    expect(row(fancy.id).querySelector('[data-label="Stake"]')?.textContent).toBe('100.00');
  });

  it('pages through the history with MaxResultCount and SkipCount', async () => {
    const seen = serveApi({ 'Bet/GetUserBetHistory': history });
    renderPage(BetHistoryPage, { path: '/bet-history' });

    const table = await screen.findByTestId('bet-history');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(21));
    expect(screen.getByText('1–20 of 45')).toBeTruthy();
    expect(within(table).getAllByText('+850.00').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('−1,000.00').length).toBeGreaterThan(0);
    expect(seen[0]?.method).toBe('POST');
    expect(bodies(seen)[0]).toEqual({ status: 'ALL', MaxResultCount: 20, SkipCount: 0 });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('21–40 of 45');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('41–45 of 45');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(bodies(seen).map((b) => b.SkipCount)).toEqual([0, 20, 40]);
  });

  it('filters by status, sport and dates, starting again from the first page', async () => {
    const seen = serveApi({ 'Bet/GetUserBetHistory': history });
    renderPage(BetHistoryPage, { path: '/bet-history' });
    await screen.findByText('1–20 of 45');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('21–40 of 45');

    await act(async () =>
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'SETTLED' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('Sport'), { target: { value: '3' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-07' } }),
    );
    await screen.findByText('1–20 of 45');
    expect(bodies(seen).at(-1)).toEqual({
      status: 'SETTLED',
      sportId: 3,
      fromDate: new Date(2026, 2, 1).toISOString(),
      toDate: new Date(2026, 2, 7, 23, 59, 59, 999).toISOString(),
      MaxResultCount: 20,
      SkipCount: 0,
    });
  });

  it('refuses a date range that runs backwards, without calling', async () => {
    const seen = serveApi({ 'Bet/GetUserBetHistory': history });
    renderPage(BetHistoryPage, { path: '/bet-history' });
    await screen.findByText('1–20 of 45');
    await act(async () =>
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-09' } }),
    );
    await waitFor(() => expect(bodies(seen).at(-1)?.fromDate).toBeDefined());
    const before = bodies(seen).length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText(RANGE_BACKWARDS_MESSAGE)).toBeTruthy();
    expect(bodies(seen)).toHaveLength(before);
  });

  it('says so when no bets match', async () => {
    serveApi({
      'Bet/GetUserBetHistory': () => jsonResponse(okEnvelope({ totalCount: 0, items: [] })),
    });
    renderPage(BetHistoryPage, { path: '/bet-history' });
    expect(await screen.findByText('No bets match these filters.')).toBeTruthy();
    expect(screen.getByText('None')).toBeTruthy();
  });
});
