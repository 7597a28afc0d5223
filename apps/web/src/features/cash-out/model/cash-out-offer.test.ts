import { CASH_OUT_REFUSALS } from '@backlay/contract/cash-out';
import { describe, expect, it } from 'vitest';
import { buildBet, buildMarket } from '../../../shared/test/sports-fixtures';
import {
  buildCashOutAnswer,
  buildQuote,
  notOffered,
  offered,
} from '../../../shared/test/cash-out-fixtures';
import {
  cashOutMarkets,
  cashOutSubmission,
  fractionLabel,
  offerOf,
  orderLine,
  outcomeOf,
  positionKey,
  runnerChanges,
  signedRupees,
} from './cash-out-offer';

const NAMES = new Map([
  [1, 'India'],
  [2, 'Australia'],
]);

describe('the amounts a cash out shows', () => {
  it('signs rupees: plus for a profit, a minus sign for a loss, none for nothing', () => {
    expect(signedRupees(342.59)).toBe('+₹342.59');
    expect(signedRupees(-1234.5)).toBe('−₹1,234.50');
    expect(signedRupees(0)).toBe('₹0.00');
    // Less than a paisa is nothing either way.
    expect(signedRupees(-0.001)).toBe('₹0.00');
  });

  it('names the shares in whole percent', () => {
    expect([1, 0.75, 0.5, 0.25].map(fractionLabel)).toEqual(['100%', '75%', '50%', '25%']);
  });
});

describe('the offer of a quote', () => {
  it('offers the guaranteed amount, green for a profit and red for a loss', () => {
    expect(offerOf(offered())).toEqual({
      kind: 'offer',
      quote: buildQuote(),
      amount: '+₹342.59',
      tone: 'profit',
    });
    const loss = offerOf(offered(buildQuote({ guaranteed: -6.48 })));
    expect(loss).toMatchObject({ kind: 'offer', amount: '−₹6.48', tone: 'loss' });
  });

  it('gives the server’s reason when nothing is offered', () => {
    expect(offerOf(notOffered('UNMATCHED_BETS', CASH_OUT_REFUSALS.UNMATCHED_BETS))).toEqual({
      kind: 'unavailable',
      reason: CASH_OUT_REFUSALS.UNMATCHED_BETS,
    });
    expect(offerOf({ available: false, reason: null, reasonCode: null, quote: null })).toEqual({
      kind: 'unavailable',
      reason: 'Cash out is not available right now.',
    });
  });

  it('offers nothing, and no reason to show, once nothing is left to cash out', () => {
    expect(offerOf(notOffered('ALREADY_LEVEL', CASH_OUT_REFUSALS.ALREADY_LEVEL))).toEqual({
      kind: 'nothing',
    });
    expect(offerOf(notOffered('NO_POSITION', CASH_OUT_REFUSALS.NO_POSITION))).toEqual({
      kind: 'nothing',
    });
    // A reason that passes (no price for now) is still said.
    expect(offerOf(notOffered('NO_PRICE', CASH_OUT_REFUSALS.NO_PRICE)).kind).toBe('unavailable');
  });
});

describe('the confirmation', () => {
  it('lists each runner before and after, by name, and shows a missing figure as unknown', () => {
    expect(runnerChanges(buildQuote(), NAMES)).toEqual([
      { runnerId: 1, name: 'India', before: 1500, after: 342.59 },
      { runnerId: 2, name: 'Australia', before: -1000, after: 342.6 },
    ]);
    const partial = buildQuote({ before: { 1: 10, 3: 20 }, after: { 1: 15 } });
    expect(runnerChanges(partial, NAMES)).toEqual([
      { runnerId: 1, name: 'India', before: 10, after: 15 },
      { runnerId: 3, name: 'Runner 3', before: 20, after: null },
    ]);
  });

  it('says each order as a bet is said: decimal odds on match odds, a rate on bookmaker', () => {
    const odds = { name: 'Match Odds', type: 'MATCH_ODDS', runnerNames: NAMES };
    expect(orderLine({ runnerId: 2, side: 'BACK', price: 2.16, stake: 1157.41 }, odds)).toBe(
      'Back Australia ₹1,157.41 at 2.16',
    );
    expect(orderLine({ runnerId: 1, side: 'LAY', price: 1.9, stake: 50 }, odds)).toBe(
      'Lay India ₹50.00 at 1.9',
    );
    const bookmaker = { name: 'Bookmaker', type: 'BOOKMAKER', runnerNames: NAMES };
    expect(orderLine({ runnerId: 1, side: 'LAY', price: 2.78, stake: 50 }, bookmaker)).toBe(
      'Lay India ₹50.00 at rate 178',
    );
  });

  it('sends the quote’s share and its orders exactly as quoted', () => {
    const quote = buildQuote({ fraction: 0.5 });
    expect(cashOutSubmission('1.101', quote)).toEqual({
      marketId: '1.101',
      fraction: 0.5,
      quote: quote.orders,
    });
  });
});

describe('the answer to a confirmation', () => {
  it('says what a done cash out locked in', () => {
    expect(outcomeOf(buildCashOutAnswer(), buildQuote(), 'Match Odds')).toEqual({
      kind: 'done',
      message: 'Cashed out 100% of Match Odds: +₹342.59 locked in.',
    });
  });

  it('hands on the new quote when the price moved', () => {
    const requote = buildQuote({ guaranteed: 309.52 });
    const answer = buildCashOutAnswer({
      done: false,
      requote,
      reason: CASH_OUT_REFUSALS.PRICE_MOVED,
      reasonCode: 'PRICE_MOVED',
    });
    expect(outcomeOf(answer, buildQuote(), 'Match Odds')).toEqual({
      kind: 'requote',
      quote: requote,
      message: 'The price moved: cash out is now +₹309.52.',
    });
  });

  it('gives the reason when nothing was done and nothing is offered now', () => {
    const answer = buildCashOutAnswer({
      done: false,
      reason: CASH_OUT_REFUSALS.NO_PRICE,
      reasonCode: 'NO_PRICE',
    });
    expect(outcomeOf(answer, buildQuote(), 'Match Odds')).toEqual({
      kind: 'refused',
      message: CASH_OUT_REFUSALS.NO_PRICE,
    });
  });
});

describe('the markets to cash out', () => {
  const MATCH_ODDS = buildMarket({ id: '1.101' });
  const BOOKMAKER = buildMarket({ id: '1.102', name: 'Bookmaker', type: 'BOOKMAKER' });

  it('takes match odds and bookmaker markets with something matched, never fancy', () => {
    const bets = [
      buildBet({ id: 1, marketId: '1.101' }),
      buildBet({
        id: 2,
        marketId: '1.102',
        marketName: 'Bookmaker',
        marketType: 'BOOKMAKER',
        runnerId: 2,
        runnerName: 'Australia',
      }),
      buildBet({ id: 3, marketId: '1.103', marketName: '6 Over Runs', marketType: 'FANCY' }),
      buildBet({ id: 4, marketId: '1.101', runnerId: 2, runnerName: 'Australia' }),
    ];
    const markets = cashOutMarkets(bets, [MATCH_ODDS, BOOKMAKER]);
    expect(markets.map((m) => [m.id, m.name, m.bets.map((b) => b.id)])).toEqual([
      ['1.101', 'Match Odds', [1, 4]],
      ['1.102', 'Bookmaker', [2]],
    ]);
    expect([...(markets[0]?.runnerNames ?? [])]).toEqual([
      [1, 'India'],
      [2, 'Australia'],
    ]);
  });

  it('leaves out a market whose bets all wait unmatched', () => {
    const waiting = buildBet({ matchedStake: 0, unmatchedStake: 1000, status: 'UNMATCHED' });
    expect(cashOutMarkets([waiting], [MATCH_ODDS])).toEqual([]);
    const matched = buildBet({ id: 2 });
    expect(cashOutMarkets([waiting, matched], [MATCH_ODDS]).map((m) => m.bets.length)).toEqual([2]);
  });

  it('names runners from the bets when the page does not hold the market', () => {
    const [market] = cashOutMarkets([buildBet({ marketName: 'Match Odds' })], []);
    expect(market?.name).toBe('Match Odds');
    expect([...(market?.runnerNames ?? [])]).toEqual([[1, 'India']]);
  });

  it('keys the position by each bet’s matched and unmatched stake', () => {
    const bet = buildBet({ id: 7 });
    expect(positionKey([bet])).toBe(positionKey([{ ...bet }]));
    expect(positionKey([bet])).not.toBe(positionKey([{ ...bet, matchedStake: 400 }]));
    expect(positionKey([bet])).not.toBe(positionKey([bet, buildBet({ id: 8 })]));
  });
});
