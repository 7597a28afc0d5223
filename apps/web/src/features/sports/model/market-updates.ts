import type { MarketStatusData } from '@backlay/contract/hub';
import {
  ODDS_DEPTH,
  IN_PLAY_MATCH_DATE,
  type EventMarkets,
  type MarketOdds,
  type MarketStatus,
  type SportEvent,
  type SportTree,
} from '@backlay/contract/sports';
import type { MarketUpdate } from '../../../shared/hub/market-updates';

/*
 * Pushed market updates written into the data the pages already hold. Each function is
 * pure and returns its input unchanged when the update is not about it, so unchanged
 * markets keep their identity and their views need not render again.
 */

const HUB_TO_MARKET_STATUS: Record<MarketStatusData['Status'], MarketStatus> = {
  open: 'OPEN',
  suspended: 'SUSPENDED',
  closed: 'CLOSED',
};

/** A pushed status as the contract's market status. */
export function marketStatusOf(status: MarketStatusData['Status']): MarketStatus {
  return HUB_TO_MARKET_STATUS[status];
}

/**
 * A market's status after a pushed one. The hub says `closed` of a settled market too (it
 * has no word for settled), so a market known to be settled stays so.
 */
export function pushedStatus(
  current: MarketStatus,
  pushed: MarketStatusData['Status'],
): MarketStatus {
  const status = marketStatusOf(pushed);
  return current === 'SETTLED' && status === 'CLOSED' ? current : status;
}

/** Why a pushed status holds the market, while it is suspended ('Ball running'); else null. */
function pushedReason(status: MarketStatus, data: MarketStatusData): string | null {
  return status === 'SUSPENDED' ? (data.Reason ?? null) : null;
}

type OddsRunner = MarketOdds['runners'][number];

function pushedLevels(levels: readonly { Price: number; Size: number }[]) {
  return levels.slice(0, ODDS_DEPTH).map((l) => ({ price: l.Price, size: l.Size }));
}

/** One market's odds after an update; pushes older than the prices held are ignored. */
export function applyToMarketOdds(odds: MarketOdds, update: MarketUpdate): MarketOdds {
  if (update.code === 'MarketStatus') {
    const status = pushedStatus(odds.status, update.data.Status);
    const suspendedReason = pushedReason(status, update.data);
    if (
      odds.status === status &&
      odds.inPlay === update.data.InPlay &&
      odds.suspendedReason === suspendedReason
    ) {
      return odds;
    }
    return { ...odds, status, inPlay: update.data.InPlay, suspendedReason };
  }
  if (update.data.PublishedAt < odds.publishedAt) return odds;
  const pushed = new Map(update.data.Runners.map((r) => [String(r.RunnerId), r]));
  const runners: OddsRunner[] = odds.runners.map((runner) => {
    const next = pushed.get(String(runner.runnerId));
    pushed.delete(String(runner.runnerId));
    return next
      ? { runnerId: runner.runnerId, back: pushedLevels(next.Back), lay: pushedLevels(next.Lay) }
      : runner;
  });
  for (const next of pushed.values()) {
    const runnerId = Number(next.RunnerId);
    if (Number.isInteger(runnerId)) {
      runners.push({ runnerId, back: pushedLevels(next.Back), lay: pushedLevels(next.Lay) });
    }
  }
  return { ...odds, runners, publishedAt: update.data.PublishedAt };
}

/**
 * An event's odds after an update. A market the list does not hold yet joins it, with the
 * status and in-play flag `describe` gives (from the market's own data).
 */
export function applyToOddsList(
  list: MarketOdds[] | undefined,
  update: MarketUpdate,
  describe: (marketId: string) => Pick<MarketOdds, 'status' | 'inPlay'> | null,
): MarketOdds[] | undefined {
  if (!list) return list;
  const index = list.findIndex((o) => o.marketId === update.data.MarketId);
  if (index >= 0) {
    const current = list[index] as MarketOdds;
    const next = applyToMarketOdds(current, update);
    return next === current ? list : list.map((o, i) => (i === index ? next : o));
  }
  const known = describe(update.data.MarketId);
  if (!known) return list;
  const empty: MarketOdds = {
    marketId: update.data.MarketId,
    ...known,
    suspendedReason: null,
    runners: [],
    publishedAt: 0,
  };
  return [...list, applyToMarketOdds(empty, update)];
}

/** An event's markets after a status push. */
export function applyToEventMarkets(
  data: EventMarkets | undefined,
  update: MarketUpdate,
): EventMarkets | undefined {
  if (!data || update.code !== 'MarketStatus') return data;
  const index = data.markets.findIndex((m) => m.id === update.data.MarketId);
  const market = data.markets[index];
  if (!market) return data;
  const status = pushedStatus(market.status, update.data.Status);
  const suspendedReason = pushedReason(status, update.data);
  if (
    market.status === status &&
    market.inPlay === update.data.InPlay &&
    market.suspendedReason === suspendedReason
  ) {
    return data;
  }
  const markets = data.markets.slice();
  markets[index] = { ...market, status, inPlay: update.data.InPlay, suspendedReason };
  return { ...data, markets };
}

/** An event of a list after an update of its match odds market. */
export function applyToEvent(event: SportEvent, update: MarketUpdate): SportEvent {
  const matchOdds = event.matchOdds;
  if (!matchOdds || matchOdds.marketId !== update.data.MarketId) return event;
  if (update.code === 'MarketStatus') {
    const status = pushedStatus(matchOdds.status, update.data.Status);
    // The match odds going in play means the event has started.
    const starts = update.data.InPlay && event.status === 'UPCOMING';
    if (status === matchOdds.status && !starts) return event;
    return {
      ...event,
      ...(starts ? { status: 'IN_PLAY' as const, matchDate: IN_PLAY_MATCH_DATE } : {}),
      matchOdds: { ...matchOdds, status },
    };
  }
  const pushed = new Map(update.data.Runners.map((r) => [String(r.RunnerId), r]));
  let changed = false;
  const runners = matchOdds.runners.map((runner) => {
    const next = pushed.get(String(runner.id));
    if (!next) return runner;
    changed = true;
    const back = next.Back[0];
    const lay = next.Lay[0];
    return {
      ...runner,
      back: back ? { price: back.Price, size: back.Size } : null,
      lay: lay ? { price: lay.Price, size: lay.Size } : null,
    };
  });
  return changed ? { ...event, matchOdds: { ...matchOdds, runners } } : event;
}

/** A list of events after an update. */
export function applyToEvents(
  events: SportEvent[] | undefined,
  update: MarketUpdate,
): SportEvent[] | undefined {
  if (!events) return events;
  let changed = false;
  const next = events.map((event) => {
    const updated = applyToEvent(event, update);
    if (updated !== event) changed = true;
    return updated;
  });
  return changed ? next : events;
}

/** The sport tree after an update. */
export function applyToTree(
  tree: SportTree | undefined,
  update: MarketUpdate,
): SportTree | undefined {
  if (!tree) return tree;
  let changed = false;
  const next = tree.map((sport) => {
    const events = applyToEvents(sport.events, update);
    if (events === sport.events) return sport;
    changed = true;
    return { ...sport, events: events ?? [] };
  });
  return changed ? next : tree;
}

/** The match odds market ids of some events, for watching them. */
export function matchOddsMarketIds(events: readonly SportEvent[]): string[] {
  const ids = events.flatMap((e) => (e.matchOdds ? [e.matchOdds.marketId] : []));
  return [...new Set(ids)].sort();
}
