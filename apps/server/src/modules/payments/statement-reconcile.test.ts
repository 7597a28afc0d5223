/**
 * The statement reconciles: its lines, summed, give the balance the header shows (cash +
 * exposure), after bets on three markets (one lost, one won, one still open), a deposit and a
 * withdrawal asked for; and with bets' holds and releases folded away, they still do, each
 * settled market being one line of its net result.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { transactionDetailSchema, type Transaction } from '@backlay/contract/wallet';
import { testAppConfig, TEST_BACKENDS } from '../../test-helper';
import { createDomainRules } from '../brands';
import { placeBody, seedEvent } from '../exchange/exchange-test-kit';
import { createFeedRunner } from '../feed/feed-runner';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { bankAccount, fund, key, must, paymentsApp } from './payments-test-kit';

/** Sums rupee amounts exactly, in paise. */
const paise = (rupees: number) => Math.round(rupees * 100);

describe.each(TEST_BACKENDS)('a statement that reconciles (%s)', (backend) => {
  it('rebuilds the header balance from its lines, with holds shown or folded away', async () => {
    const kit = await paymentsApp(backend);
    const domainsDir = testAppConfig().domainsDir;
    const feed = createFeedRunner({
      db: kit.db,
      rules: createDomainRules(domainsDir),
      publisher: { publishMarketOdds: async () => undefined, publishMarketStatus: async () => {} },
      log: { error: (...args: unknown[]) => console.error(...args), info: () => undefined },
      idPrefix: `r${randomUUID().slice(0, 6)}-`,
    });
    const player = await kit.player();
    await fund(kit, player, 10_000);

    const seeded = [];
    for (let i = 0; i < 3; i++) {
      seeded.push(await seedEvent(kit.db, feed, { probabilities: { match_odds: [0.5, 0.5] } }));
    }
    const [lost, won, open] = seeded.map((event) => ({
      ...event,
      marketId: must(event.markets.match_odds),
    }));
    if (!lost || !won || !open) throw new Error('three markets');
    const bet = async (marketId: string, stake: number) => {
      const placed = await player.call(
        'POST',
        'Bet/PlaceBetV2',
        placeBody(marketId, 1, 'BACK', 1.5, stake),
      );
      expect(placed.body.success, JSON.stringify(placed.body.error)).toBe(true);
    };
    await bet(lost.marketId, 1_000);
    await bet(won.marketId, 2_000);
    await bet(open.marketId, 500);
    // The feed numbers runners from 0: Australia (runner 2) wins one market, India the other.
    await feed.applyAll([
      { kind: 'result', externalId: lost.externalId, marketKey: 'match_odds', winner: 1 },
      { kind: 'result', externalId: won.externalId, marketKey: 'match_odds', winner: 0 },
    ]);
    const asked = await player.call('POST', 'DepositWithdrawal/CreateWithdrawal', {
      amount: 1_500,
      withdrawalAccountId: await bankAccount(player),
      idempotencyKey: key(),
    });
    expect(asked.body.success).toBe(true);

    const header = (await player.call('GET', 'Bet/GetUserOpenBets')).body.result as {
      balance: number;
      exposure: number;
    };
    // The open market's bet is still held: the balance is more than what is available.
    expect(header.exposure).toBe(500);

    /** Every line of the statement, page by page (small pages, so the cursor carries figures). */
    async function everyLine(holds: 'SHOW' | 'HIDE'): Promise<Transaction[]> {
      const lines: Transaction[] = [];
      let cursor: string | null = null;
      do {
        const page = await player.call('GET', 'Transaction/GetHistory', {
          holds,
          MaxResultCount: 2,
          ...(cursor ? { cursor } : {}),
        });
        expect(page.status).toBe(200);
        lines.push(...page.body.result.items);
        cursor = page.body.result.nextCursor;
      } while (cursor);
      return lines;
    }

    for (const holds of ['SHOW', 'HIDE'] as const) {
      const lines = await everyLine(holds);
      // The lines add up to the header's balance, and the newest says it too.
      expect(lines.reduce((sum, line) => sum + paise(line.amount), 0)).toBe(paise(header.balance));
      expect(must(lines[0]).balance).toBe(header.balance);
      expect(must(lines[0]).available).toBe(header.balance - header.exposure);
      // Each line's balance is the older line's plus its own amount.
      for (const [i, line] of lines.entries()) {
        const older = lines[i + 1]?.balance ?? 0;
        expect(paise(older) + paise(line.amount)).toBe(paise(line.balance));
      }
      const onMarket = (marketId: string) => lines.filter((l) => l.market?.id === marketId);
      // The lost market is a line of its own: the stake lost, naming its event and market.
      const settledLoss = onMarket(lost.marketId).filter((l) => l.type === 'SETTLEMENT');
      expect(settledLoss).toHaveLength(1);
      expect(settledLoss[0]).toMatchObject({
        amount: -1_000,
        exposure: -1_000,
        description: 'Market settled: lost',
        market: { name: 'Match Odds', eventId: lost.eventId },
      });
      // The feed's id with the feed's prefix: what the market page's link carries.
      expect(must(settledLoss[0]).market?.eventExternalId.endsWith(lost.externalId)).toBe(true);
      expect(must(settledLoss[0]).market?.eventName).toMatch(/^India v Australia/);
      // The won market nets its winnings less the commission, as one line.
      const settledWin = onMarket(won.marketId).filter((l) => l.type === 'SETTLEMENT');
      expect(settledWin).toHaveLength(1);
      expect(must(settledWin[0]).amount).toBeGreaterThan(0);
      // Matched below evens (the maker lays under 2), less the commission.
      expect(must(settledWin[0]).amount).toBeLessThan(2_000);
      const holdLines = lines.filter((l) => l.type === 'BET');
      if (holds === 'HIDE') {
        expect(holdLines).toEqual([]);
        // Folded, a settled market is one line: its net result.
        expect(onMarket(lost.marketId)).toHaveLength(1);
        expect(onMarket(won.marketId)).toHaveLength(1);
      } else {
        // Holds move nothing on the balance, but say what they set aside.
        expect(holdLines.length).toBeGreaterThanOrEqual(3);
        for (const line of holdLines) expect(line.amount).toBe(0);
        expect(onMarket(open.marketId)).toEqual([
          expect.objectContaining({ type: 'BET', amount: 0, exposure: 500 }),
        ]);
      }
      expect(lines.map((l) => l.type)).toEqual(expect.arrayContaining(['DEPOSIT', 'WITHDRAWAL']));
      expect(lines.find((l) => l.type === 'WITHDRAWAL')?.amount).toBe(-1_500);
    }

    // The settled loss's detail names the market as bet on, with the player's bet on it.
    const lines = await everyLine('HIDE');
    const lossLine = must(lines.find((l) => l.market?.id === lost.marketId));
    const detail = await player.call('GET', 'Transaction/GetDetail', { id: lossLine.id });
    const parsed = transactionDetailSchema.parse(detail.body.result);
    expect(parsed).toMatchObject({
      amount: -1_000,
      balance: lossLine.balance,
      available: lossLine.available,
      market: { id: lost.marketId, type: 'MATCH_ODDS', line: null },
      marketName: 'Match Odds',
    });
    expect(parsed.bets).toEqual([
      expect.objectContaining({ marketId: lost.marketId, side: 'BACK', runnerName: 'India' }),
    ]);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
