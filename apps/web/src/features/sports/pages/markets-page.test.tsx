import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBetSlip } from '../../bets/index';
import { hubStatusStore } from '../../../shared/hub/hub-status';
import { emitMarketUpdate } from '../../../shared/hub/market-updates';
import { chooseLanguage } from '../../../shared/i18n/language';
import { paths } from '../../../shared/paths';
import { jsonResponse, okEnvelope } from '../../../shared/test/fixtures';
import { renderPage, serveApi, type SeenRequest } from '../../../shared/test/render-page';
import {
  buildBet,
  buildBetResult,
  buildEvent,
  buildExpectedProfitLoss,
  buildMarket,
  buildOdds,
  buildOpenBets,
  logInPlayer,
} from '../../../shared/test/sports-fixtures';
import { SINGLE_COLUMN_MEDIA } from '../components/markets/event-bets-panel';
import MarketsPage from './markets-page';

const EVENT = buildEvent({
  id: 101,
  status: 'IN_PLAY',
  matchDate: 'In-Play',
  score: 'IND 152/4 (17.2)',
});

const MARKETS = [
  buildMarket({ id: '1.101', inPlay: true, betDelaySeconds: 5 }),
  buildMarket({
    id: '1.102',
    name: 'Bookmaker',
    type: 'BOOKMAKER',
    fillOrKill: true,
  }),
  // A session: the house takes No at 45 runs on one line and Yes at 46 on the next.
  buildMarket({
    id: '1.103',
    name: '6 Over Runs IND',
    type: 'FANCY',
    line: 44.5,
    inPlay: true,
    fillOrKill: true,
    runnerNames: ['Yes', 'No'],
  }),
  buildMarket({
    id: '1.105',
    name: '6 Over Runs IND',
    type: 'FANCY',
    line: 45.5,
    inPlay: true,
    fillOrKill: true,
    runnerNames: ['Yes', 'No'],
  }),
];

const ODDS = [
  buildOdds(
    '1.101',
    [
      {
        runnerId: 1,
        back: [
          [1.85, 1200],
          [1.84, 3000],
          [1.83, 5100],
        ],
        lay: [
          [1.87, 800],
          [1.88, 2000],
          [1.89, 4000],
        ],
      },
      { runnerId: 2, back: [[2.12, 500]], lay: [[2.16, 450]] },
    ],
    { inPlay: true },
  ),
  buildOdds('1.102', [
    { runnerId: 1, back: [[1.85, 100_000]], lay: [[1.9, 100_000]] },
    { runnerId: 2, back: [[2.1, 100_000]], lay: [[2.2, 100_000]] },
  ]),
  buildOdds('1.103', [{ runnerId: 1, back: [], lay: [[2, 50_000]] }]),
  buildOdds('1.105', [{ runnerId: 1, back: [[1.9, 50_000]], lay: [] }]),
];

const SCORECARD = {
  eventId: 101,
  sportId: 3,
  status: 'IN_PLAY',
  summary: 'IND 152/4 (17.2) v AUS 180/7',
  teams: [
    { name: 'Australia', score: '180/7 (20)' },
    { name: 'India', score: '152/4 (17.2)' },
  ],
  commentary: ['17.2: FOUR! Driven through the covers.'],
  updatedAt: '2026-03-01T15:30:00.000Z',
};

function answers(overrides: Parameters<typeof serveApi>[0] = {}) {
  return serveApi({
    'Market/GetByEventId': () => jsonResponse(okEnvelope({ event: EVENT, markets: MARKETS })),
    'Odds/GetUserOddsV2': () => jsonResponse(okEnvelope(ODDS)),
    'Bet/GetUserExpectedProfitLoss': () =>
      jsonResponse(okEnvelope(buildExpectedProfitLoss('1.101', { 1: 500, 2: -300 }))),
    'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([]))),
    'services/app/Sport/GetScoreCard': () => jsonResponse(okEnvelope(SCORECARD)),
    'services/app/Sport/GetScoreSession': () =>
      jsonResponse(
        okEnvelope({
          eventId: 101,
          sessions: [{ marketId: '1.103', name: '6 Over Runs IND', line: 44.5, runs: 38 }],
          updatedAt: '2026-03-01T15:30:00.000Z',
        }),
      ),
    'Tv/GetStream': () =>
      jsonResponse(
        okEnvelope({
          status: 1,
          url: '/cdn/assets/_feed/tv-placeholder-cricket.svg',
          placeholder: true,
          message: 'Demo feed',
        }),
      ),
    ...overrides,
  });
}

/** The page at an address of the event and its feed id, or of the feed id alone. */
const renderMarketsPage = (url = '/markets/101/ext-101') =>
  renderPage(MarketsPage, { path: paths.markets.path, url });
const market = (name: string) => screen.getByRole('region', { name });
const eventBets = () => screen.findByRole('region', { name: 'Open bets on this event' });
/** The ids of the bets a list of the event's bets shows, in order. */
const betIds = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.dataset.betId);
const calls = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.url.pathname === `/api/${path}`);

beforeEach(() => {
  logInPlayer();
  useBetSlip.getState().close();
  hubStatusStore.setState({ state: 'connected' });
});
afterEach(() => {
  hubStatusStore.setState({ state: 'disconnected' });
  vi.unstubAllGlobals();
});

describe('the markets page', () => {
  it('shows the event and every market with three back and three lay prices per runner', async () => {
    const seen = answers();
    renderMarketsPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'India v Australia' }),
    ).toBeTruthy();
    expect(screen.getByText('IND 152/4 (17.2)')).toBeTruthy();
    const india = within(await screen.findByRole('region', { name: 'Match Odds' })).getByRole(
      'group',
      { name: 'India' },
    );
    // The best of each side nearest the runner's name.
    expect(
      within(india)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Back India 1.85 1.2K',
      'Back India 1.84 3K',
      'Back India 1.83 5.1K',
      'Lay India 1.87 800',
      'Lay India 1.88 2K',
      'Lay India 1.89 4K',
    ]);
    expect(within(india).getByRole('button', { name: /^Back India 1\.84 / }).textContent).toBe(
      '1.84 3K',
    );
    const matchOdds = market('Match Odds');
    expect(within(matchOdds).getByText('In-Play')).toBeTruthy();
    expect(within(matchOdds).getByText('Bet delay 5 s')).toBeTruthy();

    const bookmaker = market('Bookmaker');
    expect(within(bookmaker).getByText('Bookmaker', { selector: '.market__badge' })).toBeTruthy();
    // The same runners at the same price: each market's prices keep names of their own.
    expect(
      within(bookmaker).getByRole('button', { name: /^Back India \(Bookmaker\) 85 / }),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Back India 1\.85/ })).toHaveLength(1);

    // Bookmaker prices read as rates: 1.85 is 85.
    expect(
      within(bookmaker).getByRole('button', { name: /^Back India \(Bookmaker\) 85 / }).textContent,
    ).toMatch(/^85 /);
    const fancy = within(market('Fancy')).getByRole('group', { name: '6 Over Runs IND' });
    // No at one run value and Yes at the next, each with its rate (100 is even money).
    const no = within(fancy).getByRole('button', { name: 'No 6 Over Runs IND 45 100' });
    expect(no.textContent).toBe('45 100');
    expect(within(fancy).getByRole('button', { name: 'Yes 6 Over Runs IND 46 90' })).toBeTruthy();
    // Where the session stands in play, under its name.
    expect(await within(fancy).findByText('Now 38')).toBeTruthy();

    expect(calls(seen, 'Market/GetByEventId')[0]?.url.searchParams.get('eventId')).toBe('101');
    expect(calls(seen, 'Odds/GetUserOddsV2')[0]?.url.searchParams.get('eventId')).toBe('101');
  });

  it('shows the player’s P&L under each runner, and the P&L after the bet being typed', async () => {
    answers();
    renderMarketsPage();
    const pnl = await screen.findByTestId('pnl-1');
    expect(pnl.textContent).toContain('+500.00');
    expect(screen.getByTestId('pnl-2').textContent).toContain('−300.00');

    fireEvent.click(screen.getByRole('button', { name: /^Back India 1\.85 / }));
    expect(useBetSlip.getState().selection).toMatchObject({
      marketId: '1.101',
      runnerId: 1,
      side: 'BACK',
      price: 1.85,
      inPlay: true,
      betDelaySeconds: 5,
    });
    act(() => useBetSlip.getState().setStake(1000));
    // Backing India for 1,000 at 1.85: +850 if India wins, −1,000 if not.
    expect((await screen.findByTestId('pnl-after-1')).textContent).toContain('+1,350.00');
    expect(screen.getByTestId('pnl-after-2').textContent).toContain('−1,300.00');

    act(() => useBetSlip.getState().close());
    expect(screen.queryByTestId('pnl-after-1')).toBeNull();
  });

  it('moves the ladder on a pushed MarketOdds and covers a suspended market', async () => {
    answers();
    renderMarketsPage();
    await screen.findByRole('button', { name: /^Back India 1\.85 / });

    await act(async () =>
      emitMarketUpdate({
        code: 'MarketOdds',
        data: {
          MarketId: '1.101',
          PublishedAt: 2_000,
          Runners: [
            {
              RunnerId: 1,
              Back: [
                { Price: 1.9, Size: 700 },
                { Price: 1.89, Size: 100 },
              ],
              Lay: [{ Price: 1.92, Size: 300 }],
            },
          ],
        },
      }),
    );
    expect(await screen.findByRole('button', { name: /^Back India 1\.9 / })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Lay India 1\.92 / })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Back India 1\.85 / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Lay India 1\.88 / })).toBeNull();

    await act(async () =>
      emitMarketUpdate({
        code: 'MarketStatus',
        data: { MarketId: '1.101', Status: 'suspended', InPlay: true, PublishedAt: 3_000 },
      }),
    );
    expect(await within(market('Match Odds')).findByText('Suspended')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Back India 1\.9 / })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(market('Bookmaker')).queryByText('Suspended')).toBeNull();
  });

  it('finds the event by its feed id when the address has no event id', async () => {
    const seen = answers({
      'Event/TreeSportWithEvent': () =>
        jsonResponse(okEnvelope([{ id: 3, name: 'Cricket', order: 3, events: [EVENT] }])),
    });
    renderMarketsPage('/markets/ext-101');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'India v Australia' }),
    ).toBeTruthy();
    expect(calls(seen, 'Market/GetByEventId')[0]?.url.searchParams.get('eventId')).toBe('101');
  });

  it('says plainly when an event cannot be found', async () => {
    answers({ 'Event/TreeSportWithEvent': () => jsonResponse(okEnvelope([])) });
    renderMarketsPage('/markets/ext-999');
    expect(await screen.findByText(/This event could not be found/)).toBeTruthy();
  });

  it('shows the scorecard, and says a placeholder video is a simulated feed', async () => {
    answers();
    renderMarketsPage();
    const card = await screen.findByTestId('scorecard');
    expect(card.textContent).toContain('IND 152/4 (17.2) v AUS 180/7');
    expect(card.textContent).toContain('FOUR! Driven through the covers.');
    const video = screen.getByRole('region', { name: 'Live video' });
    expect((await within(video).findByRole('note')).textContent).toBe(
      'Simulated feed: there is no live video of this match. The picture is the demo feed’s placeholder, not the event.',
    );
    const picture = within(video).getByRole('img', {
      name: 'Simulated feed for India v Australia',
    });
    expect(picture.getAttribute('src')).toBe('/cdn/assets/_feed/tv-placeholder-cricket.svg');
  });

  it('gives the scorecard as one line, which opens the whole card', async () => {
    answers();
    renderMarketsPage();
    const line = await screen.findByTestId('scorecard-line');
    const card = screen.getByTestId('scorecard');
    // One line of each side's score; the whole card (commentary and all) a tap away on a phone.
    expect(line.textContent).toBe('Australia 180/7 (20) · India 152/4 (17.2)');
    expect(line.getAttribute('aria-controls')).toBe(card.id);
    expect(line.getAttribute('aria-expanded')).toBe('false');
    const box = screen.getByRole('region', { name: 'Scorecard' });
    expect(box.dataset.expanded).toBe('false');
    fireEvent.click(line);
    expect(line.getAttribute('aria-expanded')).toBe('true');
    expect(box.dataset.expanded).toBe('true');
  });

  it('reads the scorecard again every 5 s while the event is in play', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const seen = answers();
      renderMarketsPage();
      await screen.findByTestId('scorecard');
      const count = () => calls(seen, 'services/app/Sport/GetScoreCard').length;
      expect(count()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(count()).toBe(2));
      expect(
        calls(seen, 'services/app/Sport/GetScoreCard')[1]?.url.searchParams.get('eventId'),
      ).toBe('101');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the stream service’s message when it has no stream (status 0)', async () => {
    answers({
      'Tv/GetStream': () =>
        jsonResponse(
          okEnvelope({
            status: 0,
            url: null,
            placeholder: false,
            message: 'No video for this match.',
          }),
        ),
    });
    renderMarketsPage();
    expect(await screen.findByText('No video for this match.')).toBeTruthy();
  });

  it('reads the prices every 5 s while the real-time connection is down', async () => {
    hubStatusStore.setState({ state: 'disconnected' });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const seen = answers();
      renderMarketsPage();
      await screen.findByRole('button', { name: /^Back India 1\.85 / });
      const count = () => calls(seen, 'Odds/GetUserOddsV2').length;
      expect(count()).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => expect(count()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the prices again when the real-time connection comes back', async () => {
    const seen = answers();
    renderMarketsPage();
    await screen.findByRole('button', { name: /^Back India 1\.85 / });
    expect(calls(seen, 'Odds/GetUserOddsV2')).toHaveLength(1);
    act(() => hubStatusStore.setState({ state: 'reconnecting' }));
    act(() => hubStatusStore.setState({ state: 'connected' }));
    await waitFor(() => expect(calls(seen, 'Odds/GetUserOddsV2')).toHaveLength(2));
  });

  it('reads in Hindi once the player picks it: headings, sides, states and price names', async () => {
    answers();
    renderMarketsPage();
    await screen.findByRole('button', { name: /^Back India 1\.85 / });

    await act(() => chooseLanguage('hi'));

    const matchOdds = await screen.findByRole('region', { name: 'मैच ऑड्स' });
    expect(within(matchOdds).getByRole('heading', { level: 2 }).textContent).toBe('मैच ऑड्स');
    expect(within(matchOdds).getByText('बैक')).toBeTruthy();
    expect(within(matchOdds).getByText('ले')).toBeTruthy();
    expect(within(matchOdds).getByText('बेट डिले 5 सेकंड')).toBeTruthy();
    expect(within(matchOdds).getByRole('button', { name: 'बैक India 1.85 1.2K' })).toBeTruthy();
    expect(within(matchOdds).getByRole('button', { name: 'ले India 1.87 800' })).toBeTruthy();
    // The feed's names (teams, sessions) stay as they come; the words around them do not.
    const bookmaker = screen.getByRole('region', { name: 'बुकमेकर' });
    expect(within(bookmaker).getByRole('button', { name: /^बैक India \(बुकमेकर\) 85 / })).toBeTruthy();

    const fancy = screen.getByRole('region', { name: 'फैंसी' });
    expect(within(fancy).getByRole('heading', { level: 2 }).textContent).toBe('फैंसी');
    expect(within(fancy).getByText('नो')).toBeTruthy();
    expect(within(fancy).getByText('यस')).toBeTruthy();
    const session = within(fancy).getByRole('group', { name: '6 Over Runs IND' });
    expect(within(session).getByRole('button', { name: 'नो 6 Over Runs IND 45 100' })).toBeTruthy();
    expect(within(session).getByRole('button', { name: 'यस 6 Over Runs IND 46 90' })).toBeTruthy();

    await act(async () =>
      ['1.103', '1.105'].forEach((marketId) =>
        emitMarketUpdate({
          code: 'MarketStatus',
          data: {
            MarketId: marketId,
            Status: 'suspended',
            InPlay: true,
            Reason: 'Ball running',
            PublishedAt: 5_000,
          },
        }),
      ),
    );
    expect((await within(session).findByRole('status')).textContent).toBe('बॉल रनिंग');
    expect(screen.getByRole('region', { name: 'इस इवेंट पर ओपन बेट्स' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'स्कोरकार्ड' })).toBeTruthy();
  });

  describe('a market that takes no bets', () => {
    /** The label over a market's prices, if it has one. */
    const stateOf = (name: string) => within(market(name)).queryByRole('status');
    /** What a market region's description says (its state, when not open). */
    const descriptionOf = (name: string) => {
      const id = market(name).getAttribute('aria-describedby');
      return id ? document.getElementById(id)?.textContent : null;
    };
    const statusPush = (
      marketId: string,
      status: 'open' | 'suspended' | 'closed',
      reason: string | null = null,
    ) =>
      act(async () =>
        emitMarketUpdate({
          code: 'MarketStatus',
          data: {
            MarketId: marketId,
            Status: status,
            InPlay: true,
            Reason: reason,
            PublishedAt: 5_000,
          },
        }),
      );
    /** The match odds as the server answers once it has settled on a runner. */
    const settledOn = (winnerId: number) =>
      MARKETS.map((m) =>
        m.id === '1.101'
          ? {
              ...m,
              status: 'SETTLED' as const,
              runners: m.runners.map((r) => ({
                ...r,
                result: r.id === winnerId ? ('WINNER' as const) : ('LOSER' as const),
              })),
            }
          : m,
      );

    it('says Suspended over its prices while pushes say so, and names it for screen readers', async () => {
      answers();
      renderMarketsPage();
      await screen.findByRole('button', { name: /^Back India 1\.85 / });
      expect(stateOf('Match Odds')).toBeNull();
      expect(descriptionOf('Match Odds')).toBeNull();

      await statusPush('1.101', 'suspended');
      expect((await within(market('Match Odds')).findByRole('status')).textContent).toBe(
        'Suspended',
      );
      expect(descriptionOf('Match Odds')).toBe('Suspended');
      expect(screen.getByRole('button', { name: /^Back India 1\.85 / })).toHaveProperty(
        'disabled',
        true,
      );
      expect(stateOf('Bookmaker')).toBeNull();

      await statusPush('1.101', 'open');
      await waitFor(() => expect(stateOf('Match Odds')).toBeNull());
      expect(screen.getByRole('button', { name: /^Back India 1\.85 / })).toHaveProperty(
        'disabled',
        false,
      );
    });

    it('says BALL RUNNING over a fancy session while the ball is in play', async () => {
      answers();
      renderMarketsPage();
      const session = await screen.findByRole('group', { name: '6 Over Runs IND' });
      await statusPush('1.103', 'suspended', 'Ball running');
      await statusPush('1.105', 'suspended', 'Ball running');
      const label = await within(session).findByRole('status');
      expect(label.textContent).toBe('Ball running');
      expect(
        within(session).getByRole('button', { name: 'No 6 Over Runs IND 45 100' }),
      ).toHaveProperty('disabled', true);
      // Another reason is a plain suspension.
      await statusPush('1.102', 'suspended', 'Wicket');
      expect((await within(market('Bookmaker')).findByRole('status')).textContent).toBe(
        'Suspended',
      );
      await statusPush('1.103', 'open');
      await statusPush('1.105', 'open');
      await waitFor(() => expect(within(session).queryByRole('status')).toBeNull());
    });

    it('reads a market the hub closes again, and names the winner it settled on', async () => {
      let markets = MARKETS;
      const seen = answers({
        'Market/GetByEventId': () => jsonResponse(okEnvelope({ event: EVENT, markets })),
      });
      renderMarketsPage();
      await screen.findByRole('button', { name: /^Back India 1\.85 / });
      expect(calls(seen, 'Market/GetByEventId')).toHaveLength(1);

      markets = settledOn(1);
      await statusPush('1.101', 'closed');
      await waitFor(() => expect(stateOf('Match Odds')?.textContent).toBe('Settled — India won'));
      expect(calls(seen, 'Market/GetByEventId')).toHaveLength(2);
      expect(descriptionOf('Match Odds')).toBe('Settled — India won');
      expect(stateOf('Bookmaker')).toBeNull();
    });

    it('says Closed of a market closed with no result yet, and Settled of one settled as loaded', async () => {
      answers({
        'Market/GetByEventId': () =>
          jsonResponse(
            okEnvelope({
              event: EVENT,
              markets: settledOn(2).map((m) =>
                m.id === '1.102' ? { ...m, status: 'CLOSED' as const } : m,
              ),
            }),
          ),
      });
      renderMarketsPage();
      const matchOdds = await screen.findByRole('region', { name: 'Match Odds' });
      expect((await within(matchOdds).findByRole('status')).textContent).toBe(
        'Settled — Australia won',
      );
      expect(stateOf('Bookmaker')?.textContent).toBe('Closed');
    });

    it('takes a closed or settled fancy line off the page and keeps the other markets', async () => {
      // What the server answers after a line closes: the market and its prices say so.
      const closed = new Set<string>();
      const withClosed = <T extends { status: string }>(id: string, item: T): T =>
        closed.has(id) ? { ...item, status: 'CLOSED' } : item;
      answers({
        'Market/GetByEventId': () =>
          jsonResponse(
            okEnvelope({
              event: EVENT,
              markets: [
                ...MARKETS.map((m) => withClosed(m.id, m)),
                buildMarket({
                  id: '1.104',
                  name: '10 Over Runs IND',
                  type: 'FANCY',
                  status: 'SETTLED',
                  line: 80,
                  fillOrKill: true,
                  runnerNames: ['Yes', 'No'],
                }),
              ],
            }),
          ),
        'Odds/GetUserOddsV2': () =>
          jsonResponse(okEnvelope(ODDS.map((o) => withClosed(o.marketId, o)))),
      });
      renderMarketsPage();
      expect(await screen.findByRole('group', { name: '6 Over Runs IND' })).toBeTruthy();
      expect(screen.queryByRole('group', { name: '10 Over Runs IND' })).toBeNull();

      // One line closing leaves the session on the page; its last one takes it away.
      closed.add('1.103');
      await statusPush('1.103', 'closed');
      expect(screen.getByRole('group', { name: '6 Over Runs IND' })).toBeTruthy();
      closed.add('1.105');
      await statusPush('1.105', 'closed');
      await waitFor(() =>
        expect(screen.queryByRole('group', { name: '6 Over Runs IND' })).toBeNull(),
      );
      expect(screen.queryByRole('region', { name: 'Fancy' })).toBeNull();
      expect(market('Match Odds')).toBeTruthy();
      expect(market('Bookmaker')).toBeTruthy();
    });

    it('shows a dash named for the side with no price instead of an empty box', async () => {
      answers({
        'Odds/GetUserOddsV2': () =>
          jsonResponse(
            okEnvelope([
              buildOdds('1.101', [
                { runnerId: 1, back: [[1.85, 1200]], lay: [[1.87, 800]] },
                { runnerId: 2, back: [[2.12, 500]], lay: [] },
              ]),
              buildOdds('1.103', [{ runnerId: 1, back: [], lay: [] }]),
              buildOdds('1.105', [{ runnerId: 1, back: [[1.9, 50_000]], lay: [] }]),
            ]),
          ),
      });
      renderMarketsPage();
      const australia = within(await screen.findByRole('region', { name: 'Match Odds' })).getByRole(
        'group',
        { name: 'Australia' },
      );
      const noLay = await within(australia).findByRole('img', { name: 'No lay price' });
      expect(noLay.textContent).toBe('—');
      // Said once a side: the deeper empty cells are only drawn.
      expect(within(australia).getAllByRole('img')).toHaveLength(1);
      expect(within(market('Fancy')).getByRole('img', { name: 'No price for No' })).toBeTruthy();
    });
  });

  describe('the player’s open bets on the event', () => {
    // India v Australia is event 101; the last bet is on another event.
    const MATCHED = buildBet({ id: 1, eventId: 101, runnerName: 'India' });
    const WAITING = buildBet({
      id: 2,
      eventId: 101,
      runnerId: 2,
      runnerName: 'Australia',
      side: 'LAY',
      price: 2.2,
      stake: 500,
      matchedStake: 0,
      averagePrice: null,
      unmatchedStake: 500,
      status: 'UNMATCHED',
      liability: 600,
    });
    const PARTLY = buildBet({
      id: 3,
      eventId: 101,
      marketId: '1.102',
      marketName: 'Bookmaker',
      price: 1.9,
      stake: 1000,
      matchedStake: 400,
      averagePrice: 1.9,
      unmatchedStake: 600,
      status: 'PARTIALLY_MATCHED',
    });
    const ELSEWHERE = buildBet({
      id: 4,
      eventId: 202,
      eventName: 'England v Pakistan',
      runnerName: 'England',
      matchedStake: 0,
      averagePrice: null,
      unmatchedStake: 1000,
      status: 'UNMATCHED',
    });

    it('shows the run position of the player’s bets on a fancy session, by run count', async () => {
      const fancyBet = { marketName: '6 Over Runs IND', marketType: 'FANCY', runnerName: 'Yes' };
      // Struck at a run value the session has since moved away from: that line is no longer
      // listed, and the bet still counts in the session's run position.
      const NO_45 = buildBet({
        ...fancyBet,
        id: 5,
        marketId: '1.199',
        side: 'LAY',
        price: 2,
        averagePrice: 2,
        stake: 100,
        matchedStake: 100,
        line: 44.5,
      });
      const YES_46 = buildBet({
        ...fancyBet,
        id: 6,
        marketId: '1.105',
        price: 1.9,
        averagePrice: 1.9,
        stake: 100,
        matchedStake: 100,
        line: 45.5,
      });
      answers({
        'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([NO_45, YES_46]))),
      });
      renderMarketsPage();
      const session = await screen.findByRole('group', { name: '6 Over Runs IND' });
      // The worst case of the two bets: both lose at exactly 45 runs.
      const book = await within(session).findByRole('button', { name: /^Run position/ });
      expect(book.textContent).toBe('Run position −200.00');
      fireEvent.click(book);
      const table = screen.getByRole('table', { name: 'Run position: 6 Over Runs IND' });
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
      expect(rows).toEqual(['44 or fewer0.00', '45−200.00', '46 or more−10.00']);
      // The session's other lines carry no bets: the match odds show no run position.
      expect(
        within(market('Match Odds')).queryByRole('button', { name: /^Run position/ }),
      ).toBeNull();
    });

    it('lists only this event’s bets, unmatched with Cancel and matched apart', async () => {
      answers({
        'Bet/GetUserOpenBets': () =>
          jsonResponse(okEnvelope(buildOpenBets([MATCHED, WAITING, PARTLY, ELSEWHERE]))),
      });
      renderMarketsPage();
      const panel = await eventBets();
      const unmatched = await within(panel).findByRole('list', {
        name: 'Unmatched bets on this event',
      });
      expect(betIds(unmatched)).toEqual(['2', '3']);
      const matched = within(panel).getByRole('list', { name: 'Matched bets on this event' });
      expect(betIds(matched)).toEqual(['1', '3']);
      expect(screen.getByTestId('event-bets-summary').textContent).toBe('3 · 2 unmatched');
      expect(panel.textContent).not.toContain('England');
      expect(
        within(unmatched)
          .getAllByRole('button', { name: /^Cancel unmatched/ })
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Cancel unmatched Lay Australia 2.2', 'Cancel unmatched Back India 1.9']);
      expect(within(matched).queryByRole('button', { name: /^Cancel/ })).toBeNull();
      // Each card names its market; the event is the page itself, so it is not linked again.
      expect(within(matched).getAllByRole('listitem')[1]?.textContent).toContain('Bookmaker');
      expect(within(panel).queryByRole('link', { name: 'India v Australia' })).toBeNull();
    });

    it('says so when the player has no open bet on this event', async () => {
      answers({
        'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([ELSEWHERE]))),
      });
      renderMarketsPage();
      expect(
        await within(await eventBets()).findByText('You have no open bets on this event.'),
      ).toBeTruthy();
      expect(screen.getByTestId('event-bets-summary').textContent).toBe('0');
    });

    it('cancels an unmatched bet with Bet/CancelBet and shows the bets read again', async () => {
      let bets = [MATCHED, WAITING, ELSEWHERE];
      const seen = answers({
        'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets(bets))),
        'Bet/CancelBet': () => {
          bets = [MATCHED, ELSEWHERE];
          return jsonResponse(
            okEnvelope(
              buildBetResult({
                ...WAITING,
                unmatchedStake: 0,
                cancelledStake: 500,
                status: 'CANCELLED',
              }),
            ),
          );
        },
      });
      renderMarketsPage();
      const panel = await eventBets();
      const cancel = await within(panel).findByRole('button', {
        name: 'Cancel unmatched Lay Australia 2.2',
      });
      await act(async () => fireEvent.click(cancel));

      const cancels = calls(seen, 'Bet/CancelBet');
      expect(cancels).toHaveLength(1);
      expect(cancels[0]?.method).toBe('POST');
      expect(cancels[0]?.json).toEqual({ betId: 2 });
      expect((await screen.findByTestId('toast')).textContent).toBe(
        'Cancelled ₹500.00 unmatched on Lay Australia at 2.2.',
      );
      await waitFor(() =>
        expect(
          within(panel).queryByRole('list', { name: 'Unmatched bets on this event' }),
        ).toBeNull(),
      );
      expect(calls(seen, 'Bet/GetUserOpenBets').length).toBeGreaterThanOrEqual(2);
      expect(
        betIds(within(panel).getByRole('list', { name: 'Matched bets on this event' })),
      ).toEqual(['1']);
    });

    it('starts folded on a narrow screen, above the prices, and opens on its title', async () => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === SINGLE_COLUMN_MEDIA,
        media: query,
      }));
      answers({ 'Bet/GetUserOpenBets': () => jsonResponse(okEnvelope(buildOpenBets([WAITING]))) });
      renderMarketsPage();
      const panel = await eventBets();
      const toggle = within(panel).getByRole('button', { name: /Open bets on this event/ });
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await screen.findByTestId('event-bets-summary')).toBeTruthy();
      expect(screen.getByTestId('event-bets-summary').textContent).toBe('1 · 1 unmatched');
      expect(within(panel).queryByRole('list')).toBeNull();

      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(
        betIds(within(panel).getByRole('list', { name: 'Unmatched bets on this event' })),
      ).toEqual(['2']);
    });
  });
});
