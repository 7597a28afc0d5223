import type { Bet, BetResult, ExpectedProfitLoss, OpenBets } from '@backlay/contract/bets';
import type { Market, MarketOdds, SportEvent } from '@backlay/contract/sports';
import { restoreSession } from '../session/session-store';
import { STORAGE_KEYS } from '../storage/storage-keys';

/*
 * Builders of sports and bet data as the API answers it. Tests override only the fields
 * they are about.
 */

type MatchOdds = NonNullable<SportEvent['matchOdds']>;
type ListRunner = MatchOdds['runners'][number];

/** A match-odds runner as list pages get it: best back and lay with their sizes. */
export function listRunner(
  id: number,
  name: string,
  back: [number, number] | null,
  lay: [number, number] | null,
): ListRunner {
  return {
    id,
    name,
    back: back ? { price: back[0], size: back[1] } : null,
    lay: lay ? { price: lay[0], size: lay[1] } : null,
  };
}

/** An upcoming cricket event with a two-runner match odds market. */
export function buildEvent(overrides: Partial<SportEvent> = {}): SportEvent {
  const id = overrides.id ?? 101;
  return {
    id,
    title: 'India v Australia',
    status: 'UPCOMING',
    matchDate: '2026-03-01T14:00:00.000Z',
    openDate: '2026-03-01T14:00:00.000Z',
    venueTimeZone: 'Asia/Kolkata',
    sportId: 3,
    sportName: 'Cricket',
    competition: 'T20 World Cup',
    externalId: `ext-${id}`,
    pin: false,
    score: null,
    matchOdds: {
      marketId: `1.${id}`,
      status: 'OPEN',
      runners: [
        listRunner(1, 'India', [1.85, 1200], [1.87, 800]),
        listRunner(2, 'Australia', [2.12, 500], [2.16, 450]),
      ],
    },
    ...overrides,
  };
}

/** A market of an event; runners named in order. */
export function buildMarket(overrides: Partial<Market> & { runnerNames?: string[] } = {}): Market {
  const { runnerNames = ['India', 'Australia'], ...rest } = overrides;
  const id = rest.id ?? '1.101';
  return {
    id,
    eventId: 101,
    name: 'Match Odds',
    type: 'MATCH_ODDS',
    status: 'OPEN',
    inPlay: false,
    betDelaySeconds: 0,
    line: null,
    fillOrKill: false,
    suspendedReason: null,
    runners: runnerNames.map((name, i) => ({ id: i + 1, name, sortOrder: i + 1, result: null })),
    ...rest,
  };
}

/** Prices of a market: per runner, back and lay levels as [price, size], best first. */
export function buildOdds(
  marketId: string,
  runners: { runnerId: number; back: [number, number][]; lay: [number, number][] }[],
  overrides: Partial<MarketOdds> = {},
): MarketOdds {
  return {
    marketId,
    status: 'OPEN',
    inPlay: false,
    suspendedReason: null,
    runners: runners.map((r) => ({
      runnerId: r.runnerId,
      back: r.back.map(([price, size]) => ({ price, size })),
      lay: r.lay.map(([price, size]) => ({ price, size })),
    })),
    publishedAt: 1_000,
    ...overrides,
  };
}

/** A bet as the bet endpoints answer it: a matched back of 1,000 on India at 1.85. */
export function buildBet(overrides: Partial<Bet> = {}): Bet {
  return {
    id: 9001,
    eventId: 101,
    eventName: 'India v Australia',
    eventExternalId: 'sim-3-000001',
    sportId: 3,
    marketId: '1.101',
    marketName: 'Match Odds',
    marketType: 'MATCH_ODDS',
    line: null,
    runnerId: 1,
    runnerName: 'India',
    side: 'BACK',
    price: 1.85,
    stake: 1000,
    matchedStake: 1000,
    averagePrice: 1.85,
    unmatchedStake: 0,
    cancelledStake: 0,
    status: 'MATCHED',
    liability: 1000,
    profitLoss: null,
    resultRuns: null,
    keepInPlay: false,
    placedAt: '2026-03-01T12:00:00.000Z',
    settledAt: null,
    ...overrides,
  };
}

/**
 * A fancy No as the market showed it: "No 77 runs at rate 102" on 6 Over Runs MI, a lay of
 * Yes on the session's 77 (line 76.5) at 2.02.
 */
export function buildFancyNoBet(overrides: Partial<Bet> = {}): Bet {
  return buildBet({
    id: 9101,
    marketId: '1.201',
    marketName: '6 Over Runs MI',
    marketType: 'FANCY',
    line: 76.5,
    runnerName: 'Yes',
    side: 'LAY',
    price: 2.02,
    averagePrice: 2.02,
    stake: 100,
    matchedStake: 100,
    liability: 102,
    ...overrides,
  });
}

/** A bookmaker lay at a rate of 178 (decimal odds 2.78). */
export function buildBookmakerBet(overrides: Partial<Bet> = {}): Bet {
  return buildBet({
    id: 9102,
    marketId: '1.202',
    marketName: 'Bookmaker',
    marketType: 'BOOKMAKER',
    side: 'LAY',
    price: 2.78,
    averagePrice: 2.78,
    stake: 100,
    matchedStake: 100,
    liability: 178,
    ...overrides,
  });
}

/** What a placement or cancellation answers. */
export function buildBetResult(bet: Partial<Bet> = {}, wallet: Partial<BetResult> = {}): BetResult {
  return { bet: buildBet(bet), balance: 9000, exposure: 1000, available: 8000, ...wallet };
}

/** The player's open bets. */
export function buildOpenBets(bets: Bet[], wallet: Partial<OpenBets> = {}): OpenBets {
  return { openBets: bets, balance: 10_000, exposure: 1_000, ...wallet };
}

/** Expected profit and loss of one market: runner id → if-win amount. */
export function buildExpectedProfitLoss(
  marketId: string,
  byRunner: Record<number, number>,
  eventId = 101,
): ExpectedProfitLoss {
  const runners = Object.entries(byRunner).map(([runnerId, profitLoss]) => ({
    runnerId: Number(runnerId),
    profitLoss,
  }));
  const worst = Math.min(0, ...runners.map((r) => r.profitLoss));
  return [{ eventId, marketId, exposure: -worst, runners }];
}

/** Stores a live session for a player who may see the given sports, as a reload restores it. */
export function logInPlayer(userInfo: Record<string, unknown> = {}): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(STORAGE_KEYS.expireIn, String(Date.now() + 600_000));
  localStorage.setItem(
    STORAGE_KEYS.userInfo,
    JSON.stringify({
      userId: 'u1',
      userName: 'alice',
      balance: 10_000,
      exposure: 0,
      football: true,
      tennis: true,
      cricket: true,
      kabaddi: true,
      horseRacing: true,
      ...userInfo,
    }),
  );
  restoreSession();
}
