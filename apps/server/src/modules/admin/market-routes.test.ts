import { describe, expect, it } from 'vitest';
import * as calls from '@backlay/contract/admin-calls';
import { TEST_BACKENDS } from '../../test-helper';
import {
  demoPlayer,
  exchangeApp,
  placeBody,
  seedEvent,
  TEST_HOST,
} from '../exchange/exchange-test-kit';
import { getBalances } from '../wallet';
import { auditLedger } from '../wallet/ledger-audit';
import { adminKit } from './admin-test-kit';

describe.each(TEST_BACKENDS)("operators' market calls (%s)", (backend) => {
  /** Two demo players matched on runner 1 at 2.0 for ₹100: one backs, one lays. */
  async function matchedMarket() {
    const x = await exchangeApp(backend);
    const kit = adminKit(x.app);
    const event = await seedEvent(x.db, x.feed);
    const marketId = event.markets.match_odds as string;
    const backer = await demoPlayer(x);
    const layer = await demoPlayer(x);
    for (const [player, side] of [
      [backer, 'BACK'],
      [layer, 'LAY'],
    ] as const) {
      const placed = await x.call('POST', 'Bet/PlaceBetV2', {
        host: TEST_HOST,
        token: player.token,
        body: placeBody(marketId, 1, side, 2, 100),
      });
      expect(placed.body.success, JSON.stringify(placed.body)).toBe(true);
    }
    const cash = async (id: string) =>
      (await getBalances(x.db, { domain: 'test', ownerId: id, book: 'play' })).balanceMinor;
    return { x, kit, marketId, backer, layer, cash };
  }

  it('suspends a market so bets are refused, and refuses a brand-scoped trader', async () => {
    const { x, kit, marketId, backer } = await matchedMarket();
    const boss = await kit.owner('market.owner');
    const scoped = await kit.operator(boss.token, 'trader.scoped', 'trader', ['99exch.com']);
    const refused = await kit.call(calls.suspendMarketRoute, {
      token: scoped.token,
      input: { marketId, reason: 'not mine to touch' },
    });
    expect(refused.status).toBe(403);

    const trader = await kit.operator(boss.token, 'trader.all', 'trader', 'all');
    const suspended = await kit.call(calls.suspendMarketRoute, {
      token: trader.token,
      input: { marketId, reason: 'disputed goal' },
    });
    expect(suspended.result?.market.status).toBe('SUSPENDED');
    const bet = await x.call('POST', 'Bet/PlaceBetV2', {
      host: TEST_HOST,
      token: backer.token,
      body: placeBody(marketId, 1, 'BACK', 2, 100),
    });
    expect(bet.body.error.details).toBe('MARKET_SUSPENDED');
    const resumed = await kit.call(calls.resumeMarketRoute, {
      token: trader.token,
      input: { marketId, reason: 'resolved' },
    });
    expect(resumed.result?.market.status).toBe('OPEN');
    const audit = await kit.call(calls.auditLogRoute, {
      token: boss.token,
      input: { targetId: marketId },
    });
    expect(audit.result?.items.map((e) => [e.action, e.operatorName])).toEqual([
      ['market.resume', 'trader.all'],
      ['market.suspend', 'trader.all'],
    ]);
    expect(audit.result?.items[1]?.before).toMatchObject({ status: 'OPEN' });
    expect(audit.result?.items[1]?.after).toMatchObject({
      status: 'SUSPENDED',
      reason: 'disputed goal',
    });
  });

  it('shows the book, settles once when two operators settle at once, then corrects', async () => {
    const { x, kit, marketId, backer, layer, cash } = await matchedMarket();
    const boss = await kit.owner('settle.owner');
    const trader = await kit.operator(boss.token, 'trader.two', 'trader', 'all');
    const before = { backer: await cash(backer.id), layer: await cash(layer.id) };

    const book = await kit.call(calls.marketBookRoute, {
      token: trader.token,
      input: { marketId },
    });
    expect(book.result?.market.matchedVolume).toBe(0); // play money is not real-money volume
    expect(book.result?.runners.map((r) => r.runnerId)).toEqual([1, 2]);

    const [a, b] = await Promise.all(
      [boss.token, trader.token].map((token) =>
        kit.call(calls.settleMarketRoute, {
          token,
          input: { marketId, winnerRunnerId: 1, reason: 'full time' },
        }),
      ),
    );
    expect([a?.status, b?.status].sort()).toEqual([200, 409]);
    const winnings = (await cash(backer.id)) - before.backer;
    expect(winnings).toBeGreaterThan(9_000); // ₹100 at 2.0 wins ₹100, less commission
    expect(winnings).toBeLessThanOrEqual(10_000);
    expect((await cash(layer.id)) - before.layer).toBe(-10_000);

    const corrected = await kit.call(calls.correctSettlementRoute, {
      token: trader.token,
      input: { marketId, winnerRunnerId: 2, reason: 'the feed had the wrong winner' },
    });
    expect(corrected.result?.market.winnerRunnerId).toBe(2);
    expect((await cash(backer.id)) - before.backer).toBe(-10_000);
    expect((await cash(layer.id)) - before.layer).toBe(winnings);
    const again = await kit.call(calls.correctSettlementRoute, {
      token: trader.token,
      input: { marketId, winnerRunnerId: 2, reason: 'again' },
    });
    expect(again.status).toBe(409);

    const history = await kit.call(calls.marketBookRoute, {
      token: trader.token,
      input: { marketId },
    });
    expect(history.result?.settlements.map((s) => [s.kind, s.winnerRunnerId])).toEqual([
      ['settle', 1],
      ['correction', 2],
    ]);
    const audit = await auditLedger(x.db);
    expect(audit.totalMinor).toBe(0);
    expect(audit.unbalancedTransferIds).toEqual([]);
    expect(audit.mismatchedAccountIds).toEqual([]);
  });
});
