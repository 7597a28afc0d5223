import type { MarketOddsData } from '@backlay/contract/hub';
import type { Market, MarketOdds, SportEvent } from '@backlay/contract/sports';
import { tickToPrice } from '@backlay/exchange/ladder';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { hubStatusStore } from '../../../shared/hub/hub-status';
import { emitMarketUpdate } from '../../../shared/hub/market-updates';
import { eventMarketsQueryOptions } from '../api/event-markets';
import { eventOddsQueryOptions } from '../api/event-odds';
import { LiveMarketBoard } from '../components/markets/live-market-board';
import { priceLabel } from '../components/price-button';

/*
 * The market page's ladder under a stream of pushed odds, for the odds-update benchmark
 * (`bench/web/odds-update.bench.ts`) and its test. Updates travel the path hub pushes take:
 * `emitMarketUpdate` → the page's listener → the odds query data → React.
 */

const DEPTH = 3;
const EVENT: SportEvent = {
  id: 1,
  title: 'Bench XI v Harness XI',
  status: 'IN_PLAY',
  matchDate: 'In-Play',
  openDate: '2026-03-01T14:00:00.000Z',
  venueTimeZone: null,
  sportId: 3,
  sportName: 'Cricket',
  competition: 'Benchmark Trophy',
  externalId: 'bench-1',
  pin: false,
  score: null,
  matchOdds: null,
};

export interface OddsBenchOptions {
  markets: number;
  runners: number;
}

export interface OddsBench {
  /** Applies update number `n` (one market's prices, every runner) and commits it. */
  push: (n: number) => void;
  /** Whether the market update `n` moved shows a runner's best back price from it. */
  showsBestBack: (n: number, runnerIndex: number) => boolean;
  unmount: () => void;
}

const runnerName = (r: number) => `Runner ${r + 1}`;
const marketId = (m: number) => `1.${100 + m}`;
/** The first market is the match odds; the others are named, and their prices say so. */
const marketName = (m: number) => (m === 0 ? 'Match Odds' : `Market ${m + 1}`);

/** The best back tick of a runner after update `n`: it wanders over twenty ticks. */
function bestBackTick(n: number, r: number): number {
  return 60 + ((n * 3 + r * 7) % 20);
}

/** Update `n` as the hub pushes it: it moves every runner of market `n mod markets`. */
export function oddsUpdate(n: number, { markets, runners }: OddsBenchOptions): MarketOddsData {
  return {
    MarketId: marketId(n % markets),
    PublishedAt: n + 1,
    Runners: Array.from({ length: runners }, (_, r) => {
      const tick = bestBackTick(n, r);
      return {
        RunnerId: r + 1,
        Back: Array.from({ length: DEPTH }, (_, d) => ({
          Price: tickToPrice(tick - d),
          Size: 100 + ((n * 37 + d * 11) % 5_000),
        })),
        Lay: Array.from({ length: DEPTH }, (_, d) => ({
          Price: tickToPrice(tick + 1 + d),
          Size: 80 + ((n * 53 + d * 7) % 4_000),
        })),
      };
    }),
  };
}

function toOdds(data: MarketOddsData): MarketOdds {
  return {
    marketId: data.MarketId,
    status: 'OPEN',
    inPlay: true,
    suspendedReason: null,
    publishedAt: data.PublishedAt,
    runners: data.Runners.map((r) => ({
      runnerId: Number(r.RunnerId),
      back: r.Back.map((l) => ({ price: l.Price, size: l.Size })),
      lay: r.Lay.map((l) => ({ price: l.Price, size: l.Size })),
    })),
  };
}

function buildMarkets({ markets, runners }: OddsBenchOptions): Market[] {
  return Array.from({ length: markets }, (_, m) => ({
    id: marketId(m),
    eventId: EVENT.id,
    name: marketName(m),
    type: 'MATCH_ODDS',
    suspendedReason: null,
    status: 'OPEN',
    inPlay: true,
    betDelaySeconds: 0,
    line: null,
    fillOrKill: false,
    runners: Array.from({ length: runners }, (_, r) => ({
      id: r + 1,
      name: runnerName(r),
      sortOrder: r + 1,
      result: null,
    })),
  }));
}

/**
 * Renders an event's markets with live prices into `container` and returns a way to push
 * odds updates through them. React commits each update before `push` returns: query
 * notifications run at once instead of on the next task, and the push runs in `flushSync`.
 */
export function mountOddsBench(container: HTMLElement, options: OddsBenchOptions): OddsBench {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, gcTime: Infinity, retry: false } },
  });
  const markets = buildMarkets(options);
  queryClient.setQueryData(eventMarketsQueryOptions(EVENT.id).queryKey, {
    event: EVENT,
    markets,
  });
  queryClient.setQueryData(
    eventOddsQueryOptions(EVENT.id).queryKey,
    markets.map((_, m) => toOdds(oddsUpdate(m, options))),
  );
  // Pushes, not polls, keep these prices current.
  hubStatusStore.setState({ state: 'connected' });
  notifyManager.setScheduler((callback) => callback());

  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <QueryClientProvider client={queryClient}>
        <LiveMarketBoard event={EVENT} markets={markets} />
      </QueryClientProvider>,
    ),
  );

  return {
    push: (n) =>
      flushSync(() => emitMarketUpdate({ code: 'MarketOdds', data: oddsUpdate(n, options) })),
    showsBestBack: (n, r) => {
      const m = n % options.markets;
      const label = priceLabel(
        'BACK',
        runnerName(r),
        tickToPrice(bestBackTick(n, r)),
        m === 0 ? undefined : marketName(m),
      );
      const market = container.querySelector(`[data-market-id="${marketId(m)}"]`);
      // The name goes on with the size on offer: "Back India 1.85 2.5K".
      return market?.querySelector(`[aria-label^="${label} "]`) !== null && market !== null;
    },
    unmount: () => {
      flushSync(() => root.unmount());
      notifyManager.setScheduler((callback) => setTimeout(callback, 0));
      hubStatusStore.setState({ state: 'disconnected' });
      queryClient.clear();
    },
  };
}
