import { describe, expect, it } from 'vitest';
import { settleMarket } from '@backlay/exchange/position';
import { TEST_BACKENDS } from '../../test-helper';
import { demoPlayer, exchangeApp, quotedRunners, TEST_HOST } from '../exchange/exchange-test-kit';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import { createSimulator, type FeedUpdate } from './simulator';

/**
 * Every price the feed publishes requotes both books, and at sixty times real time a cricket
 * match in play publishes several a second: on a busy machine this outlasts the default timeout.
 */
const SLOW = { timeout: 120_000 };

interface FillRow {
  runner_id: number;
  price_tick: number;
  stake_minor: string;
  back_owner: string;
  lay_owner: string;
}

describe.each(TEST_BACKENDS)('the simulated feed on %s', async (backend) => {
  const x = await exchangeApp(backend);

  it('runs a seeded race to its result and settles every position exactly', SLOW, async () => {
    const start = new Date('2026-11-21T10:00:00Z');
    const simulator = createSimulator({ seed: 2026, start, fixturesPerSport: 2, pace: 60 });
    await x.feed.applyAll(simulator.advance(start));

    // The horse race starting soonest, and its match odds market with the maker's prices.
    const [race] = await x.db.query<{ event_id: string; market_id: string }>(
      `SELECT e.id AS event_id, m.id AS market_id FROM sport_events e
       JOIN markets m ON m.event_id = e.id AND m.type = 'MATCH_ODDS'
       WHERE e.sport_id = 26 AND e.status = 'UPCOMING' ORDER BY e.start_at LIMIT 1`,
    );
    expect(race).toBeDefined();
    const marketId = race?.market_id as string;
    const runners = await quotedRunners(x, marketId);
    expect(runners.length).toBeGreaterThanOrEqual(6);

    // Players back and lay several horses at the quoted prices.
    const players = [await demoPlayer(x), await demoPlayer(x), await demoPlayer(x)];
    let n = 0;
    for (const [i, player] of players.entries()) {
      for (const runner of runners.slice(i, i + 3)) {
        const side = n % 2 === 0 ? 'BACK' : 'LAY';
        const price = side === 'BACK' ? runner.back[0]?.price : runner.lay[0]?.price;
        if (price === undefined) continue;
        const res = await x.call('POST', 'Bet/PlaceBetV2', {
          host: TEST_HOST,
          token: player.token,
          body: {
            marketId,
            runnerId: runner.runnerId,
            side,
            price,
            stake: 200,
            idempotencyKey: `feed-bet-${n++}`,
          },
        });
        expect(res.body.success).toBe(true);
      }
    }

    // Run the simulation until that market is settled (a race is about a minute at pace 60),
    // applying what happens to the race: the other fixtures' feed is the feed loop tests' part.
    const [{ external_id: raceFeedId = '' } = {}] = await x.db.query<{ external_id: string }>(
      'SELECT external_id FROM sport_events WHERE id = $1',
      [race?.event_id],
    );
    const aboutRace = (update: FeedUpdate) =>
      update.kind !== 'fixture' && raceFeedId.endsWith(update.externalId);
    let settled = false;
    for (let minutes = 1; minutes <= 24 * 60 && !settled; minutes += 5) {
      const updates = simulator.advance(new Date(start.getTime() + minutes * 60_000));
      await x.feed.applyAll(updates.filter(aboutRace));
      const [row] = await x.db.query<{ status: string }>(
        'SELECT status FROM markets WHERE id = $1',
        [marketId],
      );
      settled = row?.status === 'SETTLED';
    }
    expect(settled).toBe(true);
    const [market] = await x.db.query<{ winner_runner_id: number | null }>(
      'SELECT winner_runner_id FROM markets WHERE id = $1',
      [marketId],
    );

    // Each player's settlement is exactly what their fills imply, with 2% commission on wins.
    const fills = await x.db.query<FillRow>(
      `SELECT f.runner_id, f.price_tick, f.stake_minor, bb.owner_id AS back_owner,
         lb.owner_id AS lay_owner
       FROM bet_fills f JOIN bets bb ON bb.id = f.back_bet_id JOIN bets lb ON lb.id = f.lay_bet_id
       WHERE f.market_id = $1`,
      [marketId],
    );
    const ids = new Set(players.map((p) => p.id));
    const bets = fills.flatMap((f) => {
      const common = {
        runnerId: f.runner_id,
        priceTick: f.price_tick,
        stakeMinor: Number(f.stake_minor),
      };
      return [
        ...(ids.has(f.back_owner)
          ? [{ ...common, side: 'back' as const, playerId: f.back_owner }]
          : []),
        ...(ids.has(f.lay_owner)
          ? [{ ...common, side: 'lay' as const, playerId: f.lay_owner }]
          : []),
      ];
    });
    const expected = settleMarket({
      runnerIds: runners.map((r) => r.runnerId),
      outcome:
        market?.winner_runner_id == null
          ? { kind: 'void' }
          : { kind: 'winner', winnerRunnerId: market.winner_runner_id },
      bets,
      commissionBasisPoints: 200,
    });
    if (!expected.ok) throw new Error(expected.code);
    for (const player of players) {
      const mine = expected.players.find((p) => p.playerId === player.id);
      const [row] = await x.db.query<{ profit_minor: string; commission_minor: string }>(
        'SELECT profit_minor, commission_minor FROM market_settlements WHERE market_id = $1 AND owner_id = $2',
        [marketId, player.id],
      );
      expect({
        profit: Number(row?.profit_minor ?? 0),
        commission: Number(row?.commission_minor ?? 0),
      }).toEqual({
        profit: mine?.grossPnlMinor ?? 0,
        commission: mine?.commissionMinor ?? 0,
      });
      const wallet = await x.call('GET', 'Bet/GetUserOpenBets', {
        host: TEST_HOST,
        token: player.token,
        query: { marketId },
      });
      expect(wallet.body.result.openBets).toEqual([]);
      const net = (mine?.grossPnlMinor ?? 0) - (mine?.commissionMinor ?? 0);
      const [cash] = await x.db.query<{ n: string }>(
        `SELECT coalesce(sum(e.amount_minor), 0) AS n FROM ledger_entries e
         JOIN ledger_accounts a ON a.id = e.account_id
         WHERE a.owner_id = $1 AND e.reference = $2 AND a.kind = 'player_cash'`,
        [player.id, marketId],
      );
      // Holds out, releases and the settlement back in: the market's net effect on cash.
      expect(Number(cash?.n)).toBe(net);
    }
    await expectSoundLedger(x.db);
  });

  it(
    'lets a waiting request in between updates, not only after the whole batch',
    SLOW,
    async () => {
      const start = new Date('2026-11-21T10:00:00Z');
      const simulator = createSimulator({ seed: 7, start, fixturesPerSport: 2, pace: 60 });
      const updates = simulator.advance(start);
      expect(updates.length).toBeGreaterThan(20);
      // A request arriving now is an I/O callback: it must run before the batch is done.
      const order: string[] = [];
      const applying = x.feed.applyAll(updates).then(() => order.push('batch applied'));
      setImmediate(() => order.push('request served'));
      await applying;
      expect(order).toEqual(['request served', 'batch applied']);
    },
  );
});
