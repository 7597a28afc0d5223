/**
 * Groups of markets (batch-placement.ts): bets on several markets submitted together are placed
 * in one transaction, a player betting on two of them at once waits whole for the next group,
 * and two batchers (as two instances of the server) placing crossing bursts on the same markets
 * and players never deadlock nor fail a group. After each, every player's hold on every market
 * equals the exposure their bets and fills imply, and the ledger is sound.
 */
import { describe, expect, it } from 'vitest';
import { exposureMinor } from '@backlay/exchange/position';
import type { PlaceBetRequest } from '@backlay/contract/bets';
import type { Player } from '../../http/api-route';
import { TEST_BACKENDS } from '../../test-helper';
import { heldForReference } from '../wallet';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import {
  batchingPlacement,
  exchangeApp,
  matchOddsMarkets,
  placeBody,
  placingPlayer,
  seedEvent,
} from './exchange-test-kit';
import type { BetPlacement } from './bet-placement';
import { loadPositionAndHold } from './positions';
import { ownerOf } from './placement';

const RUNNERS = [1, 2];

describe.each(TEST_BACKENDS)('bets on several markets placed in groups on %s', async (backend) => {
  const x = await exchangeApp(backend);
  const failures: unknown[] = [];
  const log = { error: (...args: unknown[]) => void failures.push(args) };

  async function markets(count: number): Promise<string[]> {
    const event = await seedEvent(x.db, x.feed, { markets: matchOddsMarkets(count) });
    return Array.from({ length: count }, (_, m) => event.markets[`m${m}`] as string);
  }

  /** Every player's hold on every market is the exposure of their position there. */
  async function expectHoldsMatchPositions(players: readonly Player[], marketIds: string[]) {
    for (const player of players) {
      const owner = ownerOf(player);
      for (const marketId of marketIds) {
        const position = await loadPositionAndHold(x.db, marketId, owner);
        const held = await heldForReference(x.db, owner, marketId);
        expect({ marketId, held }).toEqual({
          marketId,
          held: exposureMinor(RUNNERS, position.matched, position.unmatched),
        });
      }
    }
    await expectSoundLedger(x.db);
  }

  const backAndRest = (marketId: string, stake: number): PlaceBetRequest[] => [
    placeBody(marketId, 1, 'BACK', 1.9, stake),
    placeBody(marketId, 2, 'LAY', 1.5, stake + 100),
  ];

  it('places bets on several markets in one transaction; a player on two waits for the next', async () => {
    const [a, b, c] = await markets(3);
    if (!a || !b || !c) throw new Error('three markets');
    const players = await Promise.all(Array.from({ length: 6 }, () => placingPlayer(x)));
    const { placement } = batchingPlacement(x.db, log);
    // Players 0–1 on a, 2–3 on b, 4–5 on c; and player 0 also on b, after the others there:
    // b shares a player with a, so it waits whole for the next group.
    const bets: [Player, PlaceBetRequest][] = players.flatMap((player, i) =>
      backAndRest([a, b, c][Math.floor(i / 2)] as string, 200 + i).map(
        (body) => [player, body] as [Player, PlaceBetRequest],
      ),
    );
    const first = players[0] as Player;
    bets.push(...backAndRest(b, 500).map((body) => [first, body] as [Player, PlaceBetRequest]));
    const answers = await Promise.all(bets.map(([player, body]) => placement.place(player, body)));
    expect(new Set(answers.map(({ bet }) => bet.id)).size).toBe(bets.length);
    expect(placement.batchStats()).toMatchObject({
      // a and c together, then b.
      batches: 2,
      placed: bets.length,
      refused: 0,
      failures: 0,
    });
    // Each market kept its order of arrival: on b, the bets of players 2 and 3 came first.
    const onB = answers.filter(({ bet }) => bet.marketId === b).map(({ bet }) => bet.id);
    expect(onB).toEqual([...onB].sort((p, q) => p - q));
    expect(failures).toEqual([]);
    await expectHoldsMatchPositions(players, [a, b, c]);
  });

  it('leaves a market whose turn is held for a later group, not holding the others up', async () => {
    const [a, b] = await markets(2);
    if (!a || !b) throw new Error('two markets');
    const [p, q] = await Promise.all([placingPlayer(x), placingPlayer(x)]);
    if (!p || !q) throw new Error('two players');
    const { deps, placement } = batchingPlacement(x.db, log);
    // Something else (a cancel, the market maker) holds a's turn until released.
    let release = () => {};
    const held = deps.inTurn(a, () => new Promise<void>((resolve) => (release = resolve)));
    expect(deps.inTurn.busy(a)).toBe(true);
    const onA = placement.place(p, placeBody(a, 1, 'BACK', 1.9, 200));
    const onB = await placement.place(q, placeBody(b, 1, 'BACK', 1.9, 200));
    // b was placed while a's turn was still held; a waits for it, then goes.
    expect(onB.bet.marketId).toBe(b);
    expect(deps.inTurn.busy(a)).toBe(true);
    release();
    await held;
    expect((await onA).bet.marketId).toBe(a);
    expect(placement.batchStats()).toMatchObject({ batches: 2, placed: 2, failures: 0 });
    expect(failures).toEqual([]);
    await expectHoldsMatchPositions([p, q], [a, b]);
  });

  it('rolls a group back whole when one market of it cannot be locked, and places the rest singly', async () => {
    const [a, b, c] = await markets(3);
    if (!a || !b || !c) throw new Error('three markets');
    const players = await Promise.all(Array.from({ length: 3 }, () => placingPlayer(x)));
    // b's row refuses to be locked: its statement fails in the middle of the group's (on
    // PostgreSQL, sent together with a's and c's), aborting the transaction.
    await x.db.exec(`
      CREATE FUNCTION refuse_market_lock() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.id = '${b}' THEN RAISE EXCEPTION 'market % refused for the test', NEW.id; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_market_lock BEFORE UPDATE ON markets
        FOR EACH ROW EXECUTE FUNCTION refuse_market_lock();`);
    try {
      const { placement } = batchingPlacement(x.db, log);
      const seen = failures.length;
      const answers = await Promise.allSettled(
        [a, b, c].map((marketId, i) =>
          placement.place(players[i] as Player, placeBody(marketId, 1, 'BACK', 1.9, 300)),
        ),
      );
      // One group of the three, failed and rolled back; a's and c's bets placed the single
      // way, b's refused there too (its row still refuses).
      expect(placement.batchStats()).toMatchObject({ batches: 0, placed: 0, failures: 1 });
      expect(answers.map((answer) => answer.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
      ]);
      expect(failures.length).toBeGreaterThan(seen);
      failures.splice(seen);
      await expectHoldsMatchPositions(players, [a, b, c]);
    } finally {
      await x.db.exec(`DROP TRIGGER refuse_market_lock ON markets;
        DROP FUNCTION refuse_market_lock()`);
    }
  });

  it('places the other markets of a group whose first market does not exist', async () => {
    const [a, b] = await markets(2);
    if (!a || !b) throw new Error('two markets');
    const players = await Promise.all(Array.from({ length: 3 }, () => placingPlayer(x)));
    const { placement } = batchingPlacement(x.db, log);
    // Market ids are '1.<number>': '1.0' is no market, and first in the group's (id) order.
    const answers = await Promise.allSettled(
      ['1.0', a, b].map((marketId, i) =>
        placement.place(players[i] as Player, placeBody(marketId, 1, 'BACK', 1.9, 300)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(placement.batchStats()).toMatchObject({
      batches: 1,
      placed: 2,
      failures: 0,
      handedOn: expect.objectContaining({ market: 1, position: 0 }),
    });
    await expectHoldsMatchPositions(players.slice(1), [a, b]);
  });

  it('never deadlocks two instances placing crossing bursts on the same markets', async () => {
    const marketIds = await markets(6);
    const players = await Promise.all(Array.from({ length: 8 }, () => placingPlayer(x)));
    const instances: BetPlacement[] = [0, 1].map(() => batchingPlacement(x.db, log).placement);
    for (let round = 0; round < 3; round++) {
      // Each player bets on two markets, through one instance on one and the other on the
      // other, the pairs crossing from player to player.
      const bets = players.flatMap((player, i) => {
        const here = marketIds[(i + round) % marketIds.length] as string;
        const there = marketIds[(i * 5 + round + 1) % marketIds.length] as string;
        return [
          ...backAndRest(here, 100 + i).map((body) => ({ at: i % 2, player, body })),
          ...backAndRest(there, 150 + i).map((body) => ({ at: (i + 1) % 2, player, body })),
        ];
      });
      const answers = await Promise.all(
        bets.map(({ at, player, body }) => (instances[at] as BetPlacement).place(player, body)),
      );
      expect(new Set(answers.map(({ bet }) => bet.id)).size).toBe(bets.length);
    }
    for (const instance of instances) expect(instance.batchStats().failures).toBe(0);
    const placed = instances.reduce((sum, i) => sum + i.batchStats().placed, 0);
    const batches = instances.reduce((sum, i) => sum + i.batchStats().batches, 0);
    expect(placed).toBeGreaterThan(0);
    // Groups spanned markets: fewer transactions than market batches would have taken.
    expect(batches).toBeLessThan(3 * marketIds.length);
    expect(failures).toEqual([]);
    await expectHoldsMatchPositions(players, marketIds);
  });
});
