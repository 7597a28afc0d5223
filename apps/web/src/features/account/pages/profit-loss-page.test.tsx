import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import { logInPlayer } from '../../../shared/test/sports-fixtures';
import ProfitLossPage from './profit-loss-page';

interface ReportBody {
  MaxResultCount: number;
  SkipCount: number;
  sportId?: number;
  fromDate?: string;
}

function item(n: number) {
  return {
    eventId: 100 + n,
    eventName: `Match ${n}`,
    sportId: 3,
    sportName: 'Cricket',
    marketId: `1.${n}`,
    marketName: 'Match Odds',
    marketType: 'MATCH_ODDS',
    line: null,
    result: 'India',
    resultRuns: null,
    settledAt: '2026-03-01T18:00:00.000Z',
    profitLoss: n % 2 === 0 ? 500 : -200,
    commission: n % 2 === 0 ? 10 : 0,
    net: n % 2 === 0 ? 490 : -200,
  };
}

function report(request: SeenRequest) {
  const body = request.json as ReportBody;
  const total = 25;
  const count = Math.max(0, Math.min(body.MaxResultCount, total - body.SkipCount));
  return jsonResponse(
    okEnvelope({
      totalCount: total,
      items: Array.from({ length: count }, (_, i) => item(body.SkipCount + i + 1)),
      total: { profitLoss: 3600, commission: 120, net: 3480 },
    }),
  );
}

const bodies = (seen: SeenRequest[]) =>
  seen
    .filter((r) => r.url.pathname === '/api/Bet/GetUserProfitLoss')
    .map((r) => r.json as ReportBody);

beforeEach(() => logInPlayer());
afterEach(() => vi.unstubAllGlobals());

describe('the profit and loss page', () => {
  it('shows each settled market with its P&L, commission and net, and the totals', async () => {
    const seen = serveApi({ 'Bet/GetUserProfitLoss': report });
    renderPage(ProfitLossPage, { path: '/ProfitLoss' });

    const totals = await screen.findByTestId('profit-loss-totals');
    expect(within(totals).getByText('Profit / loss').nextSibling?.textContent).toBe('+3,600.00');
    expect(within(totals).getByText('Commission').nextSibling?.textContent).toBe('120.00');
    expect(within(totals).getByText('Net').nextSibling?.textContent).toBe('+3,480.00');

    const table = screen.getByTestId('profit-loss');
    const first = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(first).getByText('Match 1')).toBeTruthy();
    expect(within(first).getAllByText('−200.00')).toHaveLength(2);
    const second = within(table).getAllByRole('row')[2] as HTMLElement;
    expect(second.textContent).toContain('+500.00');
    expect(second.textContent).toContain('10.00');
    expect(second.textContent).toContain('+490.00');
    expect(bodies(seen)[0]).toEqual({ MaxResultCount: 20, SkipCount: 0 });
  });

  it('names a fancy market with its run value and gives its result in runs', async () => {
    const fancy = {
      ...item(1),
      marketId: '1.201',
      marketName: '6 Over Runs MI',
      marketType: 'FANCY',
      line: 76.5,
      result: 'No',
    };
    const serve = (resultRuns: number | null) =>
      serveApi({
        'Bet/GetUserProfitLoss': () =>
          jsonResponse(
            okEnvelope({
              totalCount: 1,
              items: [{ ...fancy, resultRuns }],
              total: { profitLoss: -200, commission: 0, net: -200 },
            }),
          ),
      });
    serve(71);
    const view = renderPage(ProfitLossPage, { path: '/ProfitLoss' });
    const table = await screen.findByTestId('profit-loss');
    const row = () => within(table).getAllByRole('row')[1] as HTMLElement;
    await waitFor(() => expect(row().textContent).toContain('6 Over Runs MI · 77 runs'));
    expect(row().querySelector('[data-label="Result"]')?.textContent).toBe('71 runs');
    view.unmount();

    // Where the settled values do not bracket the count, the value's own result says what it can.
    serve(null);
    renderPage(ProfitLossPage, { path: '/ProfitLoss' });
    const again = await screen.findByTestId('profit-loss');
    await waitFor(() =>
      expect(
        within(again).getAllByRole('row')[1]?.querySelector('[data-label="Result"]')?.textContent,
      ).toBe('fewer than 77 runs'),
    );
  });

  it('lists each market’s bets as they were placed: a fancy No with its runs and rate, a bookmaker rate', async () => {
    const fancy = {
      ...item(1),
      marketId: '1.301',
      marketName: '6 Over Runs MI',
      marketType: 'FANCY',
      line: 76.5,
      result: 'Yes',
      resultRuns: 80,
      bets: [
        {
          id: 7,
          runnerName: 'Yes',
          side: 'LAY',
          averagePrice: 2.02,
          matchedStake: 100,
          profitLoss: -102,
        },
      ],
    };
    const bookmaker = {
      ...item(2),
      marketId: '1.302',
      marketName: 'Bookmaker',
      marketType: 'BOOKMAKER',
      bets: [
        {
          id: 8,
          runnerName: 'India',
          side: 'BACK',
          averagePrice: 2.78,
          matchedStake: 100,
          profitLoss: 178,
        },
      ],
    };
    serveApi({
      'Bet/GetUserProfitLoss': () =>
        jsonResponse(
          okEnvelope({
            totalCount: 2,
            items: [fancy, bookmaker],
            total: { profitLoss: 76, commission: 0, net: 76 },
          }),
        ),
    });
    renderPage(ProfitLossPage, { path: '/ProfitLoss' });
    const bets = await screen.findAllByTestId('profit-loss-bet');
    expect(bets.map((bet) => bet.textContent)).toEqual([
      'No 77 runs · rate 102 · 100.00 · −102.00',
      'Back India · rate 178 · 100.00 · +178.00',
    ]);
  });

  it('pages and filters by sport and date', async () => {
    const seen = serveApi({ 'Bet/GetUserProfitLoss': report });
    renderPage(ProfitLossPage, { path: '/ProfitLoss' });
    await screen.findByText('1–20 of 25');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    await screen.findByText('21–25 of 25');
    expect(bodies(seen).at(-1)?.SkipCount).toBe(20);

    await act(async () =>
      fireEvent.change(screen.getByLabelText('Sport'), { target: { value: '1' } }),
    );
    await act(async () =>
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-01' } }),
    );
    await waitFor(() =>
      expect(bodies(seen).at(-1)).toEqual({
        sportId: 1,
        fromDate: new Date(2026, 1, 1).toISOString(),
        MaxResultCount: 20,
        SkipCount: 0,
      }),
    );
  });

  it('says what went wrong when the report cannot be loaded', async () => {
    serveApi({
      'Bet/GetUserProfitLoss': () =>
        jsonResponse(failedEnvelope('Reports are resting.', 'UNAVAILABLE'), 503),
    });
    renderPage(ProfitLossPage, { path: '/ProfitLoss' });
    expect((await screen.findByRole('alert')).textContent).toContain('Reports are resting.');
  });
});
