import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CASH_OUT_REFUSALS,
  cashOutAnswerSchema,
  cashOutQuoteAnswerSchema,
  type CashOutAnswer,
  type CashOutOrder,
  type CashOutQuote,
  type CashOutQuoteAnswer,
} from '@backlay/contract/cash-out';
import { toMinorUnits } from '@backlay/exchange/money';
import { ifWinMinor } from '@backlay/exchange/position';
import { TEST_BACKENDS, testAppConfig } from '../../test-helper';
import { bookOf, getBalances } from '../wallet';
import { expectSoundLedger } from '../wallet/wallet-test-helpers';
import { createBetPlacement } from './bet-placement';
import { cashOut, quoteCashOutFor } from './cash-out';
import {
  CRICKET_MARKETS,
  demoPlayer,
  exchangeApp,
  exchangeState,
  placeBody,
  placementDeps,
  placingPlayer,
  quotedRunners,
  seedEvent,
  TEST_HOST,
  type ExchangeApp,
} from './exchange-test-kit';
import { loadPosition } from './positions';

const key = () => randomUUID().replace(/-/g, '');

/** A copy of config/domains in which the test brand switches cash out off. */
function domainsWithoutCashOut(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backlay-cash-out-'));
  fs.cpSync(testAppConfig().domainsDir, dir, {
    recursive: true,
    filter: (file) => !file.includes('node_modules'),
  });
  const file = path.join(dir, 'betting.json');
  const rules = JSON.parse(fs.readFileSync(file, 'utf8'));
  rules.domains.test = { ...rules.domains.test, cashOut: false };
  fs.writeFileSync(file, JSON.stringify(rules));
  return dir;
}

/**
 * The most a full cash out may leave between the best and worst runner (cash-out.ts): one
 * hedged runner at most floor(ceil(price) / 2) paise, several at most G − 1, G the largest
 * ceil(price) hedged.
 */
function spreadBoundMinor(orders: readonly CashOutOrder[]): number {
  const gaps = orders.map((order) => Math.ceil(order.price));
  const largest = Math.max(...gaps);
  return orders.length === 1 ? Math.floor(largest / 2) : largest - 1;
}

const spread = (values: readonly number[]) => Math.max(...values) - Math.min(...values);

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value, got none');
  return value;
}

function cashOutKit(x: ExchangeApp) {
  const as = (token: string) => ({ host: TEST_HOST, token });
  return {
    as,
    async quote(token: string, marketId: string, fraction?: number): Promise<CashOutQuoteAnswer> {
      const res = await x.call('GET', 'Bet/CashOutQuote', {
        ...as(token),
        query: { marketId, ...(fraction === undefined ? {} : { fraction: String(fraction) }) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return cashOutQuoteAnswerSchema.parse(res.body.result);
    },
    async confirm(
      token: string,
      marketId: string,
      quote: Pick<CashOutQuote, 'orders'> & { fraction?: number },
      idempotencyKey = key(),
    ): Promise<CashOutAnswer> {
      const res = await x.call('POST', 'Bet/CashOut', {
        ...as(token),
        body: {
          marketId,
          ...(quote.fraction === undefined ? {} : { fraction: quote.fraction }),
          quote: quote.orders,
          idempotencyKey,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return cashOutAnswerSchema.parse(res.body.result);
    },
    /** The player's if-win P&L per runner as their fills in the database say, in paise. */
    async ifWin(playerId: string, marketId: string, runnerIds = [1, 2]): Promise<number[]> {
      const position = await loadPosition(x.db, marketId, playerId);
      return ifWinMinor(runnerIds, position.matched);
    },
    /** The player's exposure hold as the ledger keeps it, in paise. */
    async heldMinor(playerId: string): Promise<number> {
      const [row] = await x.db.query<{ domain: string; is_demo: boolean }>(
        'SELECT domain, is_demo FROM users WHERE id = $1',
        [playerId],
      );
      const book = bookOf({ demo: must(row).is_demo });
      return (await getBalances(x.db, { domain: must(row).domain, ownerId: playerId, book }))
        .exposureMinor;
    },
  };
}

/** A match odds market where the player backed India for ₹1,000 at 1.97 and India shortened. */
async function shortenedBack(x: ExchangeApp) {
  const event = await seedEvent(x.db, x.feed);
  const marketId = must(event.markets.match_odds);
  const player = await demoPlayer(x);
  const placed = await x.call('POST', 'Bet/PlaceBetV2', {
    host: TEST_HOST,
    token: player.token,
    body: placeBody(marketId, 1, 'BACK', 1.9, 1000),
  });
  expect(placed.body.result.bet).toMatchObject({ status: 'MATCHED', averagePrice: 1.97 });
  // The feed makes India the favourite: the market maker now offers Australia at 2.46 to back.
  await x.feed.applyAll([
    {
      kind: 'prices',
      externalId: event.externalId,
      marketKey: 'match_odds',
      probabilities: [0.6, 0.4],
    },
  ]);
  return { event, marketId, player };
}

describe.each(TEST_BACKENDS)('cash out on %s', async (backend) => {
  const x = await exchangeApp(backend);
  const kit = cashOutKit(x);

  it('cashes a matched back out in full: every runner pays the same within the bound, the hold follows', async () => {
    const { marketId, player } = await shortenedBack(x);
    expect(await kit.ifWin(player.id, marketId)).toEqual([97_000, -100_000]);

    const answer = await kit.quote(player.token, marketId);
    expect(answer).toMatchObject({ available: true, reason: null, reasonCode: null });
    const quote = must(answer.quote);
    // Backing Australia at 2.46 levels it: (970 + 1000) / 2.46 = 800.813; in whole paise 800.82
    // leaves India at 169.18 and Australia at 169.19 (winnings are floored per fill).
    expect(quote.orders).toEqual([{ runnerId: 2, side: 'BACK', price: 2.46, stake: 800.82 }]);
    expect(quote.ifWinBefore).toEqual([
      { runnerId: 1, amount: 970 },
      { runnerId: 2, amount: -1000 },
    ]);
    expect(quote.guaranteed).toBe(169.18);

    const done = await kit.confirm(player.token, marketId, quote);
    expect(done).toMatchObject({ done: true, requote: null, reason: null, reasonCode: null });
    expect(done.bets).toHaveLength(1);
    expect(done.bets[0]).toMatchObject({
      marketId,
      runnerId: 2,
      side: 'BACK',
      status: 'MATCHED',
      matchedStake: 800.82,
      averagePrice: 2.46,
    });

    // What the fills say now, not what the quote promised.
    const after = await kit.ifWin(player.id, marketId);
    expect(spread(after)).toBeLessThanOrEqual(spreadBoundMinor(quote.orders));
    expect(after).toEqual([16_918, 16_919]);
    expect(Math.min(...after)).toBe(toMinorUnits(quote.guaranteed));
    expect(done.ifWinAfter.map((r) => toMinorUnits(r.amount))).toEqual(after);
    // Nothing can be lost whoever wins, so nothing is held.
    expect(await kit.heldMinor(player.id)).toBe(0);
    expect(done).toMatchObject({ exposure: 0, balance: 100_000, available: 100_000 });
    await expectSoundLedger(x.db);

    // Level now: nothing left to cash out.
    const again = await kit.quote(player.token, marketId);
    expect(again).toMatchObject({ available: false, quote: null });
    expect(['ALREADY_LEVEL', 'STAKE_BELOW_MIN']).toContain(again.reasonCode);
  });

  it('cashes out half: the cashed share is level, the rest of the position is kept as it was', async () => {
    const { marketId, player } = await shortenedBack(x);
    const before = await kit.ifWin(player.id, marketId);
    const answer = await kit.quote(player.token, marketId, 0.5);
    const quote = must(answer.quote);
    expect(quote.fraction).toBe(0.5);
    expect(quote.orders).toHaveLength(1);
    expect(quote.orders[0]).toMatchObject({ runnerId: 2, side: 'BACK', price: 2.46 });

    const done = await kit.confirm(player.token, marketId, quote);
    expect(done.done).toBe(true);
    const after = await kit.ifWin(player.id, marketId);
    const kept = before.map((value) => value - Math.round(value * 0.5));
    const cashed = after.map((value, runner) => value - (kept[runner] ?? 0));
    expect(spread(cashed)).toBeLessThanOrEqual(spreadBoundMinor(quote.orders));
    expect(Math.min(...cashed)).toBe(toMinorUnits(quote.guaranteed));
    expect(after).toEqual(quote.ifWinAfter.map((r) => toMinorUnits(r.amount)));
    // Half the position still rides on India: the hold is what Australia winning would cost.
    expect(await kit.heldMinor(player.id)).toBe(Math.max(0, -Math.min(...after)));
    expect(Math.min(...after)).toBeLessThan(0);
    await expectSoundLedger(x.db);
  });

  it('places nothing when the price moved against the quote, and answers the cash out at the price now', async () => {
    const { marketId, player } = await shortenedBack(x);
    const quote = must((await kit.quote(player.token, marketId)).quote);
    // Another player backs Australia for all that is offered at 2.46.
    const other = await demoPlayer(x);
    const taken = await x.call('POST', 'Bet/PlaceBetV2', {
      ...kit.as(other.token),
      body: placeBody(marketId, 2, 'BACK', 2.46, 2500),
    });
    expect(taken.body.result.bet).toMatchObject({ status: 'MATCHED', averagePrice: 2.46 });

    const state = await exchangeState(x.db);
    const stale = await kit.confirm(player.token, marketId, quote);
    expect(stale).toMatchObject({
      done: false,
      reasonCode: 'PRICE_MOVED',
      reason: CASH_OUT_REFUSALS.PRICE_MOVED,
      bets: [],
    });
    expect(await exchangeState(x.db)).toBe(state);
    expect(stale.ifWinAfter.map((r) => toMinorUnits(r.amount))).toEqual([97_000, -100_000]);
    const requote = must(stale.requote);
    expect(requote.orders).toHaveLength(1);
    expect(requote.orders[0]).toMatchObject({ runnerId: 2, side: 'BACK' });
    expect(must(requote.orders[0]).price).toBeLessThan(2.46);
    expect(requote.guaranteed).toBeLessThan(quote.guaranteed);

    // The player confirms the new quote.
    const done = await kit.confirm(player.token, marketId, requote);
    expect(done.done).toBe(true);
    const after = await kit.ifWin(player.id, marketId);
    expect(spread(after)).toBeLessThanOrEqual(spreadBoundMinor(requote.orders));
    await expectSoundLedger(x.db);
  });

  it('requotes a quote whose position changed since, rather than hedging the old one', async () => {
    const { marketId, player } = await shortenedBack(x);
    const quote = must((await kit.quote(player.token, marketId)).quote);
    // The player backs India again: the quoted hedge no longer levels the position.
    const more = await x.call('POST', 'Bet/PlaceBetV2', {
      ...kit.as(player.token),
      body: placeBody(marketId, 1, 'BACK', 1.5, 200),
    });
    expect(more.body.result.bet.status).toBe('MATCHED');
    const state = await exchangeState(x.db);
    const stale = await kit.confirm(player.token, marketId, quote);
    expect(stale).toMatchObject({ done: false, reasonCode: 'QUOTE_CHANGED', bets: [] });
    expect(await exchangeState(x.db)).toBe(state);
    expect(must(stale.requote).orders[0]?.stake).toBeGreaterThan(must(quote.orders[0]).stake);
  });

  it('is not available with no bets, with unmatched bets, or on a fancy market; it is on bookmaker', async () => {
    const event = await seedEvent(x.db, x.feed, { markets: CRICKET_MARKETS });
    const odds = must(event.markets.match_odds);
    const bookmaker = must(event.markets.bookmaker);
    const fancy = must(event.markets['fancy:6-over-runs:IND']);
    const player = await demoPlayer(x);

    expect(await kit.quote(player.token, odds)).toEqual({
      available: false,
      reason: CASH_OUT_REFUSALS.NO_POSITION,
      reasonCode: 'NO_POSITION',
      quote: null,
    });
    const state = await exchangeState(x.db);
    const refused = await kit.confirm(player.token, odds, {
      orders: [{ runnerId: 1, side: 'LAY', price: 2.04, stake: 100 }],
    });
    expect(refused).toMatchObject({ done: false, reasonCode: 'NO_POSITION', requote: null });
    expect(await exchangeState(x.db)).toBe(state);

    // A lay far from the market rests unmatched, next to a matched back.
    const place = (marketId: string, runnerId: number, side: 'BACK' | 'LAY', price: number) =>
      x.call('POST', 'Bet/PlaceBetV2', {
        ...kit.as(player.token),
        body: placeBody(marketId, runnerId, side, price, 200),
      });
    expect((await place(odds, 1, 'BACK', 1.9)).body.result.bet.status).toBe('MATCHED');
    const resting = await place(odds, 1, 'LAY', 1.2);
    expect(resting.body.result.bet.status).toBe('UNMATCHED');
    expect(await kit.quote(player.token, odds)).toMatchObject({
      available: false,
      reasonCode: 'UNMATCHED_BETS',
    });
    await x.call('POST', 'Bet/CancelBet', {
      ...kit.as(player.token),
      body: { betId: resting.body.result.bet.id },
    });
    expect((await kit.quote(player.token, odds)).available).toBe(true);

    // Yes at even money offers No: the player lays Yes.
    const [yes] = await quotedRunners(x, fancy);
    const onFancy = await place(fancy, 1, 'LAY', must(must(yes).lay[0]).price);
    expect(onFancy.body.result.bet.status).toBe('MATCHED');
    expect(await kit.quote(player.token, fancy)).toMatchObject({
      available: false,
      reason: CASH_OUT_REFUSALS.MARKET_TYPE,
      reasonCode: 'MARKET_TYPE',
    });

    const [india] = await quotedRunners(x, bookmaker);
    const onBookmaker = await place(bookmaker, 1, 'BACK', must(must(india).back[0]).price);
    expect(onBookmaker.body.result.bet.status).toBe('MATCHED');
    const quote = must((await kit.quote(player.token, bookmaker)).quote);
    const done = await kit.confirm(player.token, bookmaker, quote);
    expect(done.done).toBe(true);
    const after = await kit.ifWin(player.id, bookmaker);
    expect(spread(after)).toBeLessThanOrEqual(spreadBoundMinor(quote.orders));
    await expectSoundLedger(x.db);
  });

  it('answers a replayed key with the same bets, placing nothing twice, and refuses it for other orders', async () => {
    const { marketId, player } = await shortenedBack(x);
    const quote = must((await kit.quote(player.token, marketId)).quote);
    const idempotencyKey = key();
    // The same confirmation sent twice at once, and once more after.
    const [first, second] = await Promise.all([
      kit.confirm(player.token, marketId, quote, idempotencyKey),
      kit.confirm(player.token, marketId, quote, idempotencyKey),
    ]);
    expect(first.done && second.done).toBe(true);
    expect(second.bets.map((bet) => bet.id)).toEqual(first.bets.map((bet) => bet.id));
    const state = await exchangeState(x.db);
    const replay = await kit.confirm(player.token, marketId, quote, idempotencyKey);
    expect(replay.done).toBe(true);
    expect(replay.bets.map((bet) => bet.id)).toEqual(first.bets.map((bet) => bet.id));
    expect(await exchangeState(x.db)).toBe(state);
    const hedges = await x.db.query('SELECT id FROM bets WHERE owner_id = $1 AND runner_id = 2', [
      player.id,
    ]);
    expect(hedges).toHaveLength(1);

    const conflict = await x.call('POST', 'Bet/CashOut', {
      ...kit.as(player.token),
      body: {
        marketId,
        quote: quote.orders.map((order) => ({ ...order, stake: order.stake + 1 })),
        idempotencyKey,
      },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.details).toBe('IDEMPOTENCY_CONFLICT');
    expect(await exchangeState(x.db)).toBe(state);
    await expectSoundLedger(x.db);
  });

  it('hedges once when two cash outs of the same position arrive together', async () => {
    const { marketId, player } = await shortenedBack(x);
    const quote = must((await kit.quote(player.token, marketId)).quote);
    const answers = await Promise.all([
      kit.confirm(player.token, marketId, quote),
      kit.confirm(player.token, marketId, quote),
    ]);
    expect(answers.filter((answer) => answer.done)).toHaveLength(1);
    const late = must(answers.find((answer) => !answer.done));
    expect(late.bets).toEqual([]);
    expect(late.requote === null || late.reasonCode === 'QUOTE_CHANGED').toBe(true);
    const hedges = await x.db.query('SELECT id FROM bets WHERE owner_id = $1 AND runner_id = 2', [
      player.id,
    ]);
    expect(hedges).toHaveLength(1);
    expect(spread(await kit.ifWin(player.id, marketId))).toBeLessThanOrEqual(
      spreadBoundMinor(quote.orders),
    );
    await expectSoundLedger(x.db);
  });

  it('hedges once when two instances (each with its own turns) take the same cash out', async () => {
    const event = await seedEvent(x.db, x.feed);
    const marketId = must(event.markets.match_odds);
    const player = await placingPlayer(x);
    const deps = placementDeps(x.db);
    await createBetPlacement(deps, null).place(player, placeBody(marketId, 1, 'BACK', 1.9, 1000));
    await x.feed.applyAll([
      {
        kind: 'prices',
        externalId: event.externalId,
        marketKey: 'match_odds',
        probabilities: [0.6, 0.4],
      },
    ]);
    const quote = must((await quoteCashOutFor(deps, player, { marketId, fraction: 1 })).quote);
    // Only the database's lock on the market keeps these apart.
    const confirmation = { marketId, fraction: 1, quote: quote.orders };
    const answers = await Promise.all([
      cashOut(placementDeps(x.db), player, { ...confirmation, idempotencyKey: key() }),
      cashOut(placementDeps(x.db), player, { ...confirmation, idempotencyKey: key() }),
    ]);
    expect(answers.filter((answer) => answer.done)).toHaveLength(1);
    const hedges = await x.db.query('SELECT id FROM bets WHERE owner_id = $1 AND runner_id = 2', [
      player.id,
    ]);
    expect(hedges).toHaveLength(1);
    expect(spread(await kit.ifWin(player.id, marketId))).toBeLessThanOrEqual(
      spreadBoundMinor(quote.orders),
    );
    await expectSoundLedger(x.db);
  });

  it('waits out the in-play bet delay, and places nothing when the market was suspended meanwhile', async () => {
    const { event, marketId, player } = await shortenedBack(x);
    await x.feed.applyAll([{ kind: 'status', externalId: event.externalId, status: 'IN_PLAY' }]);
    const quote = must((await kit.quote(player.token, marketId)).quote);
    x.setDuringDelay(() =>
      x.feed.applyAll([
        {
          kind: 'suspend',
          externalId: event.externalId,
          marketKey: 'match_odds',
          reason: 'wicket',
        },
        { kind: 'resume', externalId: event.externalId, marketKey: 'match_odds' },
      ]),
    );
    const sleeps = x.sleeps.length;
    const refused = await x.call('POST', 'Bet/CashOut', {
      ...kit.as(player.token),
      body: { marketId, quote: quote.orders, idempotencyKey: key() },
    });
    expect(refused.body.error?.details).toBe('SUSPENDED_DURING_DELAY');
    expect(x.sleeps.slice(sleeps)).toEqual([5_000]);
    expect(await kit.ifWin(player.id, marketId)).toEqual([97_000, -100_000]);

    const again = must((await kit.quote(player.token, marketId)).quote);
    const done = await kit.confirm(player.token, marketId, again);
    expect(done.done).toBe(true);
    expect(x.sleeps.slice(sleeps)).toEqual([5_000, 5_000]);
    await expectSoundLedger(x.db);
  });
});

describe.each(TEST_BACKENDS)('cash out switched off for a brand on %s', async (backend) => {
  const x = await exchangeApp(backend, { domainsDir: domainsWithoutCashOut() });
  const kit = cashOutKit(x);

  it('is not offered, and a confirmation places nothing', async () => {
    const { marketId, player } = await shortenedBack(x);
    expect(await kit.quote(player.token, marketId)).toEqual({
      available: false,
      reason: CASH_OUT_REFUSALS.SWITCHED_OFF,
      reasonCode: 'SWITCHED_OFF',
      quote: null,
    });
    const state = await exchangeState(x.db);
    const refused = await kit.confirm(player.token, marketId, {
      orders: [{ runnerId: 2, side: 'BACK', price: 2.46, stake: 800.81 }],
    });
    expect(refused).toMatchObject({
      done: false,
      reasonCode: 'SWITCHED_OFF',
      requote: null,
      bets: [],
    });
    expect(await exchangeState(x.db)).toBe(state);
    await expectSoundLedger(x.db);
  });
});
