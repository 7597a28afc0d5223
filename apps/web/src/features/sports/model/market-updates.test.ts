import { describe, expect, it } from 'vitest';
import type { MarketUpdate } from '../../../shared/hub/market-updates';
import { buildEvent, buildMarket, buildOdds } from '../../../shared/test/sports-fixtures';
import {
  applyToEventMarkets,
  applyToEvents,
  applyToOddsList,
  applyToTree,
  matchOddsMarketIds,
} from './market-updates';

const odds = (marketId: string, publishedAt = 1_000) =>
  buildOdds(
    marketId,
    [
      { runnerId: 1, back: [[1.85, 100]], lay: [[1.87, 100]] },
      { runnerId: 2, back: [[2.1, 50]], lay: [[2.14, 50]] },
    ],
    { publishedAt },
  );

function oddsPush(marketId: string, publishedAt: number, back: number): MarketUpdate {
  return {
    code: 'MarketOdds',
    data: {
      MarketId: marketId,
      PublishedAt: publishedAt,
      Runners: [
        {
          RunnerId: 1,
          Back: [
            { Price: back, Size: 10 },
            { Price: back - 0.01, Size: 20 },
            { Price: back - 0.02, Size: 30 },
            { Price: back - 0.03, Size: 40 },
          ],
          Lay: [{ Price: back + 0.02, Size: 5 }],
        },
      ],
    },
  };
}

const statusPush = (
  marketId: string,
  status: 'open' | 'suspended' | 'closed',
  inPlay = false,
): MarketUpdate => ({
  code: 'MarketStatus',
  data: { MarketId: marketId, Status: status, InPlay: inPlay, PublishedAt: 5_000 },
});

describe('applyToOddsList', () => {
  const none = () => null;

  it('keeps the reason of a pushed suspension while it lasts, and drops it on reopening', () => {
    const running: MarketUpdate = {
      code: 'MarketStatus',
      data: {
        MarketId: '1.1',
        Status: 'suspended',
        InPlay: true,
        Reason: 'Ball running',
        PublishedAt: 5_000,
      },
    };
    const held = applyToOddsList([odds('1.1')], running, none);
    expect(held?.[0]).toMatchObject({ status: 'SUSPENDED', suspendedReason: 'Ball running' });
    const reopened = applyToOddsList(held, statusPush('1.1', 'open', true), none);
    expect(reopened?.[0]).toMatchObject({ status: 'OPEN', suspendedReason: null });
  });

  it('replaces the pushed runner’s levels (up to three) and keeps the rest as they were', () => {
    const list = [odds('1.1'), odds('1.2')];
    const next = applyToOddsList(list, oddsPush('1.1', 2_000, 1.9), none);
    expect(next?.[0]?.runners[0]?.back).toEqual([
      { price: 1.9, size: 10 },
      { price: 1.89, size: 20 },
      { price: 1.88, size: 30 },
    ]);
    expect(next?.[0]?.runners[1]).toBe(list[0]?.runners[1]);
    expect(next?.[0]?.publishedAt).toBe(2_000);
    // The other market keeps its identity, so its view need not render again.
    expect(next?.[1]).toBe(list[1]);
  });

  it('ignores a push older than the prices held', () => {
    const list = [odds('1.1', 3_000)];
    expect(applyToOddsList(list, oddsPush('1.1', 2_000, 1.5), none)).toBe(list);
  });

  it('writes a status push, and leaves the list alone for other markets', () => {
    const list = [odds('1.1')];
    const next = applyToOddsList(list, statusPush('1.1', 'suspended', true), none);
    expect(next?.[0]).toMatchObject({ status: 'SUSPENDED', inPlay: true });
    expect(applyToOddsList(list, statusPush('1.9', 'closed'), none)).toBe(list);
  });

  it('adds a market it did not hold, with the status its own data gives', () => {
    const next = applyToOddsList([], oddsPush('1.5', 10, 3), () => ({
      status: 'OPEN',
      inPlay: true,
    }));
    expect(next).toHaveLength(1);
    expect(next?.[0]).toMatchObject({ marketId: '1.5', status: 'OPEN', inPlay: true });
    expect(next?.[0]?.runners[0]?.runnerId).toBe(1);
  });
});

describe('applyToEventMarkets', () => {
  it('writes a pushed status into the market', () => {
    const data = { event: buildEvent(), markets: [buildMarket({ id: '1.101' })] };
    const next = applyToEventMarkets(data, statusPush('1.101', 'closed'));
    expect(next?.markets[0]?.status).toBe('CLOSED');
    expect(applyToEventMarkets(data, oddsPush('1.101', 1, 2))).toBe(data);
  });

  it('keeps a settled market settled when the hub says it is closed', () => {
    // The hub has no word for settled: it says closed of a settled market too.
    const data = { event: buildEvent(), markets: [buildMarket({ status: 'SETTLED' })] };
    expect(applyToEventMarkets(data, statusPush('1.101', 'closed'))).toBe(data);
    const list = [{ ...odds('1.101'), status: 'SETTLED' as const }];
    expect(applyToOddsList(list, statusPush('1.101', 'closed'), () => null)).toBe(list);
  });
});

describe('list updates', () => {
  it('moves the best prices of the pushed runners of an event’s match odds', () => {
    const events = [buildEvent({ id: 101 }), buildEvent({ id: 102 })];
    const next = applyToEvents(events, oddsPush('1.101', 1, 1.7));
    expect(next?.[0]?.matchOdds?.runners[0]).toMatchObject({
      back: { price: 1.7, size: 10 },
      lay: { price: 1.72, size: 5 },
    });
    expect(next?.[1]).toBe(events[1]);
  });

  it('marks an event in play when its match odds go in play, and suspends it', () => {
    const events = [buildEvent({ id: 101 })];
    const next = applyToEvents(events, statusPush('1.101', 'suspended', true));
    expect(next?.[0]).toMatchObject({
      status: 'IN_PLAY',
      matchDate: 'In-Play',
      matchOdds: { status: 'SUSPENDED' },
    });
  });

  it('updates events inside the sport tree', () => {
    const tree = [
      { id: 3, name: 'Cricket', order: 3, events: [buildEvent({ id: 101 })] },
      { id: 1, name: 'Football', order: 1, events: [buildEvent({ id: 201 })] },
    ];
    const next = applyToTree(tree, oddsPush('1.201', 1, 4));
    expect(next?.[0]).toBe(tree[0]);
    expect(next?.[1]?.events[0]?.matchOdds?.runners[0]?.back?.price).toBe(4);
  });

  it('lists the match odds markets to watch, once each', () => {
    expect(
      matchOddsMarketIds([
        buildEvent({ id: 102 }),
        buildEvent({ id: 101 }),
        buildEvent({ id: 101 }),
        buildEvent({ id: 103, matchOdds: null }),
      ]),
    ).toEqual(['1.101', '1.102']);
  });
});
