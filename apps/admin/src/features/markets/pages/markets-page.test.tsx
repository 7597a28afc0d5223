import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildMarketBook, jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render-page';
import { serveAdmin, type SeenCall } from '../../../shared/test/serve-admin';
import type { MarketRow } from '../api/markets';
import MarketsPage from './markets-page';

const row = (overrides: Partial<MarketRow>): MarketRow => ({
  ...buildMarketBook().market,
  fancyLine: null,
  ...overrides,
});

const ROWS: MarketRow[] = [
  row({ marketId: '1.1', eventName: 'Mumbai v Chennai', inPlay: true }),
  row({
    marketId: '1.2',
    eventName: 'Mumbai v Chennai',
    marketName: '6 Over Runs MI',
    marketType: 'FANCY',
    inPlay: true,
    fancyLine: { values: 5, noRuns: 84, yesRuns: 85, lowestRuns: 82, highestRuns: 86 },
  }),
  row({ marketId: '1.3', eventName: 'Delhi v Punjab', inPlay: false }),
];

const listCalls = (seen: SeenCall[]) => seen.filter((call) => call.path === 'markets');

describe('the markets list', () => {
  it('keeps the server’s order, in play first, and shows a fancy session once with its line', async () => {
    serveAdmin({ markets: () => jsonResponse(okEnvelope({ items: ROWS })) });
    renderPage(MarketsPage, { path: '/markets' });
    const table = await screen.findByRole('table', { name: 'Markets' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Match Odds',
      '6 Over Runs MINo 84 · Yes 85',
      'Match Odds',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('No 84 · Yes 85')).toBeTruthy();
    // In play reads in the status, beside it; the start to the minute.
    expect(
      within(rows[0] as HTMLElement)
        .getByText('In play')
        .closest('.flags'),
    ).not.toBeNull();
    expect(within(rows[0] as HTMLElement).getByTitle(/2026/).textContent).toMatch(
      /^\d{2} May( \d{4})?, \d{2}:\d{2}$/,
    );
    expect(within(rows[0] as HTMLElement).getAllByText('In play').length).toBeGreaterThan(0);
    expect(within(rows[2] as HTMLElement).queryAllByText('In play')).toEqual([]);
  });

  it('finds markets by event as one types, without a button to press', async () => {
    const seen = serveAdmin({
      markets: (call) =>
        jsonResponse(
          okEnvelope({
            items: ROWS.filter((r) =>
              r.eventName.toLowerCase().includes((call.query.get('q') ?? '').toLowerCase()),
            ),
          }),
        ),
    });
    const { router } = renderPage(MarketsPage, { path: '/markets' });
    await screen.findByRole('table', { name: 'Markets' });
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();

    // Fake timers stand in for the pause in typing; they run on with real time meanwhile.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.change(screen.getByLabelText('Event or market'), { target: { value: 'delhi' } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(400);
      });
      await vi.waitFor(() => expect(listCalls(seen).at(-1)?.query.get('q')).toBe('delhi'), {
        timeout: 5_000,
      });
      expect(router.state.location.search).toBe('?q=delhi');
      await vi.waitFor(
        () =>
          expect(
            within(screen.getByRole('table', { name: 'Markets' })).getAllByRole('row'),
          ).toHaveLength(2),
        { timeout: 5_000 },
      );
      expect(screen.getByRole('link', { name: 'Match Odds' }).getAttribute('href')).toBe(
        '/markets/1.3',
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
