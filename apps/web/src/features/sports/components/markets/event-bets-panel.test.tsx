import { CASH_OUT_REFUSALS } from '@backlay/contract/cash-out';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hubStatusStore } from '../../../../shared/hub/hub-status';
import { emitMarketUpdate } from '../../../../shared/hub/market-updates';
import { paths } from '../../../../shared/paths';
import { sessionStore } from '../../../../shared/session/session-store';
import {
  buildCashOutAnswer,
  buildQuote,
  notOffered,
  offered,
} from '../../../../shared/test/cash-out-fixtures';
import { failedEnvelope, jsonResponse, okEnvelope } from '../../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../../shared/test/render-page';
import {
  buildBet,
  buildEvent,
  buildExpectedProfitLoss,
  buildMarket,
  buildOdds,
  buildOpenBets,
  logInPlayer,
} from '../../../../shared/test/sports-fixtures';
import { toastStore } from '../../../../shared/toasts/toast-store';
import MarketsPage from '../../pages/markets-page';
import { SINGLE_COLUMN_MEDIA } from './event-bets-panel';

/*
 * Cash out in the open-bets panel of the market page, with the API mocked: the offer and its
 * reasons, the share, the confirmation with its orders, a moved price, errors, and quotes
 * kept current with the market's prices.
 */

const EVENT = buildEvent({ id: 101 });
const MARKETS = [
  buildMarket({ id: '1.101' }),
  buildMarket({ id: '1.102', name: 'Bookmaker', type: 'BOOKMAKER', fillOrKill: true }),
  buildMarket({
    id: '1.103',
    name: '6 Over Runs IND',
    type: 'FANCY',
    line: 45,
    fillOrKill: true,
    runnerNames: ['Yes', 'No'],
  }),
];
const ODDS = [
  buildOdds('1.101', [
    { runnerId: 1, back: [[1.85, 1200]], lay: [[1.87, 800]] },
    { runnerId: 2, back: [[2.12, 500]], lay: [[2.16, 450]] },
  ]),
  buildOdds('1.103', [{ runnerId: 1, back: [[1.9, 50_000]], lay: [[2, 50_000]] }]),
];

/** Backed India for ₹1,000 at 2.50 on the match odds. */
const MATCHED = buildBet({ id: 1, price: 2.5, averagePrice: 2.5 });
const FANCY = buildBet({
  id: 3,
  marketId: '1.103',
  marketName: '6 Over Runs IND',
  marketType: 'FANCY',
  runnerName: 'Yes',
});
const HEDGE = buildBet({
  id: 2,
  runnerId: 2,
  runnerName: 'Australia',
  price: 2.16,
  averagePrice: 2.16,
  stake: 1157.41,
  matchedStake: 1157.41,
});

type Handler = Parameters<typeof serveApi>[0][string];

function answers(overrides: Record<string, Handler> = {}) {
  return serveApi({
    'Market/GetByEventId': () => jsonResponse(okEnvelope({ event: EVENT, markets: MARKETS })),
    'Odds/GetUserOddsV2': () => jsonResponse(okEnvelope(ODDS)),
    'Bet/GetUserExpectedProfitLoss': () =>
      jsonResponse(okEnvelope(buildExpectedProfitLoss('1.101', { 1: 1500, 2: -1000 }))),
    'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([MATCHED]))),
    'Bet/CashOutQuote': () => jsonResponse(okEnvelope(offered())),
    'services/app/Sport/GetScoreCard': () => jsonResponse(okEnvelope(null)),
    'Tv/GetStream': () =>
      jsonResponse(okEnvelope({ status: 0, url: null, placeholder: false, message: 'No video.' })),
    ...overrides,
  });
}

const renderMarketsPage = () =>
  renderPage(MarketsPage, { path: paths.markets.path, url: '/markets/101/ext-101' });
const calls = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.url.pathname === `/api/${path}`);
const cashOutBox = (name = 'Match Odds') =>
  screen.findByRole('region', { name: `Cash out: ${name}` });
const confirmDialog = () => screen.findByRole('dialog', { name: /^Cash out/ });
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,80}$/;

beforeEach(() => {
  logInPlayer();
  // Toasts outlive a test; each starts with none.
  toastStore.setState({ toasts: [] });
  hubStatusStore.setState({ state: 'connected' });
});
afterEach(() => {
  hubStatusStore.setState({ state: 'disconnected' });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('cash out on the market page', () => {
  it('offers the guaranteed amount of each match odds and bookmaker market, never fancy', async () => {
    const BOOKED = buildBet({
      id: 4,
      marketId: '1.102',
      marketName: 'Bookmaker',
      marketType: 'BOOKMAKER',
    });
    const seen = answers({
      'Bet/GetUserOpenBets': () =>
        jsonResponse(okEnvelope(buildOpenBets([MATCHED, FANCY, BOOKED]))),
      'Bet/CashOutQuote': ({ url }) =>
        jsonResponse(
          okEnvelope(
            url.searchParams.get('marketId') === '1.102'
              ? offered(buildQuote({ guaranteed: -6.48 }))
              : offered(),
          ),
        ),
    });
    renderMarketsPage();

    const profit = await within(await cashOutBox()).findByRole('button', {
      name: 'Cash out +₹342.59',
    });
    expect(profit.className).toContain('cash-out__take--profit');
    const loss = await within(await cashOutBox('Bookmaker')).findByRole('button', {
      name: 'Cash out −₹6.48',
    });
    expect(loss.className).toContain('cash-out__take--loss');
    expect(screen.queryByRole('region', { name: 'Cash out: 6 Over Runs IND' })).toBeNull();

    const quotes = calls(seen, 'Bet/CashOutQuote').map((r) => [
      r.url.searchParams.get('marketId'),
      r.url.searchParams.get('fraction'),
    ]);
    expect(quotes.sort()).toEqual([
      ['1.101', '1'],
      ['1.102', '1'],
    ]);
  });

  it('says why when no cash out is offered, and offers nothing to tap', async () => {
    answers({
      'Bet/CashOutQuote': () =>
        jsonResponse(okEnvelope(notOffered('UNMATCHED_BETS', CASH_OUT_REFUSALS.UNMATCHED_BETS))),
    });
    renderMarketsPage();
    const box = await cashOutBox();
    expect((await within(box).findByTestId('cash-out-reason')).textContent).toBe(
      CASH_OUT_REFUSALS.UNMATCHED_BETS,
    );
    expect(within(box).queryByRole('button', { name: /^Cash out/ })).toBeNull();
  });

  it('says so when the quote cannot be read', async () => {
    answers({
      'Bet/CashOutQuote': () =>
        jsonResponse(failedEnvelope('This market is not known.', 'NOT_FOUND'), 404),
    });
    renderMarketsPage();
    expect((await within(await cashOutBox()).findByRole('alert')).textContent).toContain(
      'The cash out price could not be loaded',
    );
  });

  it('quotes and cashes out the share chosen', async () => {
    const HALF = buildQuote({
      fraction: 0.5,
      orders: [{ runnerId: 2, side: 'BACK', price: 2.16, stake: 578.7 }],
      after: { 1: 921.3, 2: -328.71 },
      guaranteed: 171.3,
    });
    const seen = answers({
      'Bet/CashOutQuote': ({ url }) =>
        jsonResponse(
          okEnvelope(offered(url.searchParams.get('fraction') === '0.5' ? HALF : buildQuote())),
        ),
      'Bet/CashOut': () => jsonResponse(okEnvelope(buildCashOutAnswer())),
    });
    renderMarketsPage();
    const box = await cashOutBox();
    await within(box).findByRole('button', { name: 'Cash out +₹342.59' });

    fireEvent.click(within(box).getByRole('radio', { name: '50%' }));
    expect(within(box).getByRole('radio', { name: '50%' })).toHaveProperty('checked', true);
    // A share is quoted in its own turn: at most one quote a market every two seconds.
    fireEvent.click(
      await within(box).findByRole('button', { name: 'Cash out +₹171.30' }, { timeout: 5_000 }),
    );
    expect(calls(seen, 'Bet/CashOutQuote').at(-1)?.url.searchParams.get('fraction')).toBe('0.5');

    const dialog = await confirmDialog();
    expect(
      within(dialog).getByRole('heading', { name: 'Cash out 50% of Match Odds' }),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('cash-out-summary').textContent).toContain(
      'the rest of your bets stay as they are',
    );
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' })),
    );
    const sent = calls(seen, 'Bet/CashOut');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.json).toMatchObject({ marketId: '1.101', fraction: 0.5, quote: HALF.orders });
    expect(
      await screen.findByText('Cashed out 50% of Match Odds: +₹171.30 locked in.'),
    ).toBeTruthy();
  }, 15_000);

  it('confirms with the quoted orders and a new key, then shows what it locked in and the bets after', async () => {
    let bets = [MATCHED];
    const seen = answers({
      'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets(bets))),
      'Bet/CashOut': () => {
        bets = [MATCHED, HEDGE];
        return jsonResponse(okEnvelope(buildCashOutAnswer({ balance: 9_342.59, exposure: 0 })));
      },
    });
    renderMarketsPage();
    fireEvent.click(
      await within(await cashOutBox()).findByRole('button', { name: 'Cash out +₹342.59' }),
    );

    const dialog = await confirmDialog();
    expect(
      within(dialog).getByRole('heading', { name: 'Cash out 100% of Match Odds' }),
    ).toBeTruthy();
    const row = (runnerId: number) =>
      within(dialog).getByTestId(`cash-out-runner-${runnerId}`).textContent?.replace(/\s+/g, ' ');
    expect(row(1)).toBe('India+₹1,500.00+₹342.59');
    expect(row(2)).toBe('Australia−₹1,000.00+₹342.60');
    const orders = within(dialog).getByRole('list', { name: 'Orders to be placed' });
    expect(
      within(orders)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Back Australia ₹1,157.41 at 2.16']);

    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' })),
    );
    const sent = calls(seen, 'Bet/CashOut');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.json).toEqual({
      marketId: '1.101',
      fraction: 1,
      quote: [{ runnerId: 2, side: 'BACK', price: 2.16, stake: 1157.41 }],
      idempotencyKey: expect.stringMatching(IDEMPOTENCY_KEY),
    });
    expect(
      await screen.findByText('Cashed out 100% of Match Odds: +₹342.59 locked in.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The wallet of the answer, at once; the bets read again, the hedge among them.
    expect(sessionStore.getState().userInfo?.balance).toBe(9_342.59);
    const matched = await screen.findByRole('list', { name: 'Matched bets on this event' });
    await waitFor(() => expect(within(matched).getAllByRole('listitem')).toHaveLength(2));
  });

  it('shows the new amount when the price moved, and confirms that quote again with a new key', async () => {
    const MOVED = buildQuote({
      orders: [{ runnerId: 2, side: 'BACK', price: 2.1, stake: 1190.48 }],
      after: { 1: 309.52, 2: 309.53 },
      guaranteed: 309.52,
    });
    let confirmations = 0;
    const seen = answers({
      'Bet/CashOut': () =>
        jsonResponse(
          okEnvelope(
            ++confirmations === 1
              ? buildCashOutAnswer({
                  done: false,
                  requote: MOVED,
                  reason: CASH_OUT_REFUSALS.PRICE_MOVED,
                  reasonCode: 'PRICE_MOVED',
                  ifWinAfter: [
                    { runnerId: 1, amount: 1500 },
                    { runnerId: 2, amount: -1000 },
                  ],
                })
              : buildCashOutAnswer(),
          ),
        ),
    });
    renderMarketsPage();
    fireEvent.click(
      await within(await cashOutBox()).findByRole('button', { name: 'Cash out +₹342.59' }),
    );
    const dialog = await confirmDialog();
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' })),
    );

    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'The price moved: cash out is now +₹309.52.',
    );
    const orders = within(dialog).getByRole('list', { name: 'Orders to be placed' });
    expect(orders.textContent).toBe('Back Australia ₹1,190.48 at 2.1');
    expect(screen.queryByText(/locked in/)).toBeNull();

    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' })),
    );
    const [first, second] = calls(seen, 'Bet/CashOut').map(
      (r) => r.json as { quote: unknown; idempotencyKey: string },
    );
    expect(second?.quote).toEqual(MOVED.orders);
    expect(second?.idempotencyKey).toMatch(IDEMPOTENCY_KEY);
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
    expect(
      await screen.findByText('Cashed out 100% of Match Odds: +₹309.52 locked in.'),
    ).toBeTruthy();
  });

  it('shows a refusal as the bet slip does, and retries a lost answer with the same key', async () => {
    let confirmations = 0;
    const seen = answers({
      'Bet/CashOut': () => {
        confirmations += 1;
        if (confirmations === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(
          failedEnvelope('Betting is suspended on this market.', 'BET_REFUSED'),
          400,
        );
      },
    });
    renderMarketsPage();
    fireEvent.click(
      await within(await cashOutBox()).findByRole('button', { name: 'Cash out +₹342.59' }),
    );
    const dialog = await confirmDialog();
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm cash out' })),
    );
    expect((await within(dialog).findByTestId('cash-out-error')).textContent).toBe(
      'Please Check Your Network Connection...',
    );

    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' })),
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('cash-out-error').textContent).toBe(
        'Betting is suspended on this market.',
      ),
    );
    const keys = calls(seen, 'Bet/CashOut').map(
      (r) => (r.json as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(within(dialog).getByRole('button', { name: 'Confirm cash out' })).toBeTruthy();
  });

  it('quotes again as the market’s prices move, at most once every two seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const seen = answers();
    renderMarketsPage();
    await within(await cashOutBox()).findByRole('button', { name: 'Cash out +₹342.59' });
    const quotes = () => calls(seen, 'Bet/CashOutQuote').length;
    expect(quotes()).toBe(1);

    const push = (publishedAt: number, marketId = '1.101') =>
      act(async () =>
        emitMarketUpdate({
          code: 'MarketOdds',
          data: {
            MarketId: marketId,
            PublishedAt: publishedAt,
            Runners: [{ RunnerId: 2, Back: [{ Price: 2.1, Size: 900 }], Lay: [] }],
          },
        }),
      );
    // Another market's prices are no reason to quote this one again.
    await push(2_000, '1.103');
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(quotes()).toBe(1);

    // Three moves within two seconds of the last quote make one more quote, in its turn.
    await push(3_000);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await push(4_000);
    await push(5_000);
    await waitFor(() => expect(quotes()).toBe(2));
    await push(6_000);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(quotes()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(quotes()).toBe(3));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(quotes()).toBe(3);
  });

  it('quotes once more when the prices moved while a quote was on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answerFirst: (() => void) | null = null;
    const seen = answers({
      'Bet/CashOutQuote': () =>
        calls(seen, 'Bet/CashOutQuote').length === 1
          ? new Promise<Response>((resolve) => {
              answerFirst = () => resolve(jsonResponse(okEnvelope(offered())));
            })
          : jsonResponse(okEnvelope(offered(buildQuote({ guaranteed: 309.52 })))),
    });
    renderMarketsPage();
    const box = await cashOutBox();
    await waitFor(() => expect(answerFirst).not.toBeNull());
    await act(async () =>
      emitMarketUpdate({
        code: 'MarketOdds',
        data: {
          MarketId: '1.101',
          PublishedAt: 2_000,
          Runners: [{ RunnerId: 2, Back: [{ Price: 2.1, Size: 900 }], Lay: [] }],
        },
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    // The quote on its way is not abandoned, nor joined by another.
    expect(calls(seen, 'Bet/CashOutQuote')).toHaveLength(1);
    await act(async () => answerFirst?.());
    expect(await within(box).findByRole('button', { name: 'Cash out +₹342.59' })).toBeTruthy();
    expect(
      await within(box).findByRole('button', { name: 'Cash out +₹309.52' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(calls(seen, 'Bet/CashOutQuote')).toHaveLength(2);
  });

  it('asks for no quote while the page is in the background, and one once it is back', async () => {
    const seen = answers();
    renderMarketsPage();
    await within(await cashOutBox()).findByRole('button', { name: 'Cash out +₹342.59' });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await act(async () =>
        emitMarketUpdate({
          code: 'MarketOdds',
          data: { MarketId: '1.101', PublishedAt: 2_000, Runners: [] },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 2_200));
      expect(calls(seen, 'Bet/CashOutQuote')).toHaveLength(1);
    } finally {
      visibility.mockRestore();
    }
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(calls(seen, 'Bet/CashOutQuote')).toHaveLength(2));
  });

  it('asks for no quote while the panel is folded, and one once it is opened', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === SINGLE_COLUMN_MEDIA,
      media: query,
    }));
    const seen = answers();
    renderMarketsPage();
    const panel = await screen.findByRole('region', { name: 'Open bets on this event' });
    await waitFor(() => expect(screen.getByTestId('event-bets-summary').textContent).toBe('1'));
    expect(calls(seen, 'Bet/CashOutQuote')).toHaveLength(0);

    fireEvent.click(within(panel).getByRole('button', { name: /Open bets on this event/ }));
    expect(
      await within(await cashOutBox()).findByRole('button', { name: 'Cash out +₹342.59' }),
    ).toBeTruthy();
    expect(calls(seen, 'Bet/CashOutQuote')).toHaveLength(1);
  });
});
