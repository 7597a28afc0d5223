import { priceToTick } from '@backlay/exchange/ladder';
import { describe, expect, it } from 'vitest';
import { TEST_BACKENDS } from '../../test-helper';
import { demoPlayer, exchangeApp, placeBody, seedEvent, TEST_HOST } from './exchange-test-kit';
import { crossingBounds, loadCrossingOrders } from './order-flow';

const tick = (price: number) => {
  const found = priceToTick(price);
  if (found === undefined) throw new Error(`${price} is off the ladder`);
  return found;
};

describe('the prices takers can reach', () => {
  it('are the lowest back and the highest lay per runner', () => {
    expect(
      crossingBounds([
        { runnerId: 1, side: 'back', priceTick: 40 },
        { runnerId: 2, side: 'lay', priceTick: 30 },
        { runnerId: 1, side: 'back', priceTick: 35 },
        { runnerId: 1, side: 'lay', priceTick: 20 },
        { runnerId: 2, side: 'lay', priceTick: 33 },
      ]),
    ).toEqual({ runnerIds: [1, 2], backFrom: [35, null], layTo: [20, 33] });
  });
});

describe.each(TEST_BACKENDS)('the resting orders read for takers on %s', async (backend) => {
  const x = await exchangeApp(backend);

  it('are exactly the ones at a crossing price, in placement order', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const player = await demoPlayer(x);
    // Backs well above the market and lays well below it rest on both runners.
    for (const [runnerId, side, price] of [
      [1, 'BACK', 3],
      [1, 'BACK', 5],
      [1, 'BACK', 4],
      [1, 'LAY', 1.2],
      [1, 'LAY', 1.4],
      [2, 'BACK', 6],
      [2, 'LAY', 1.3],
    ] as const) {
      const placed = await x.call('POST', 'Bet/PlaceBetV2', {
        host: TEST_HOST,
        token: player.token,
        body: placeBody(marketId, runnerId, side, price, 200),
      });
      expect(placed.body.success).toBe(true);
    }
    const resting = async (where: string, params: unknown[]) =>
      (
        await x.db.query<{ id: string }>(
          `SELECT id FROM bets WHERE market_id = $1 AND book = 'play'
             AND matched_minor + cancelled_minor < stake_minor AND ${where} ORDER BY id`,
          [marketId, ...params],
        )
      ).map((row) => Number(row.id));

    // A lay taker at 4.00 on runner 1 and a back taker at 1.30 on runner 2.
    const read = await loadCrossingOrders(
      x.db,
      marketId,
      'play',
      crossingBounds([
        { runnerId: 1, side: 'lay', priceTick: tick(4) },
        { runnerId: 2, side: 'back', priceTick: tick(1.3) },
      ]),
    );
    const ids = (runnerId: number) => (read.get(runnerId) ?? []).map((order) => order.id);
    expect(ids(1)).toEqual(
      await resting(`runner_id = 1 AND side = 'BACK' AND price_tick <= $2`, [tick(4)]),
    );
    expect(ids(2)).toEqual(
      await resting(`runner_id = 2 AND side = 'LAY' AND price_tick >= $2`, [tick(1.3)]),
    );
    // The back at 5.00, runner 1's lays and runner 2's back cannot be reached: left unread.
    const unreachable = await resting(
      `((runner_id = 1 AND (price_tick > $2 OR side = 'LAY'))
        OR (runner_id = 2 AND side = 'BACK'))`,
      [tick(4)],
    );
    expect(unreachable.length).toBeGreaterThanOrEqual(4);
    for (const id of unreachable) expect([...ids(1), ...ids(2)]).not.toContain(id);
    expect(ids(1).length).toBeGreaterThanOrEqual(2);
  });
});
