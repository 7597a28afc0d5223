import { describe, expect, it } from 'vitest';
import type { MarketType } from '@backlay/contract/sports';
import { tickToPrice } from '@backlay/exchange/ladder';
import { quotesFor } from './market-maker';

const RUNNERS = [
  { id: 1, name: 'Yes', sortOrder: 1 },
  { id: 2, name: 'No', sortOrder: 2 },
];

const quoted = (type: MarketType, yes: number) =>
  quotesFor({ type, runners: RUNNERS, fairProbabilities: [yes, 1 - yes] });

/** The sides players can take: a house lay order is a price to back, a house back one to lay. */
const playerSides = (type: MarketType, yes: number) =>
  [...new Set(quoted(type, yes).map((quote) => (quote.side === 'lay' ? 'BACK' : 'LAY')))].sort();

describe('the market maker on a fancy run value', () => {
  it.each([0.5, 0.55, 0.8, 0.97])(
    'offers only No (players lay Yes) when Yes is %f: at least as likely as not',
    (yes) => {
      const quotes = quoted('FANCY', yes);
      expect(quotes.length).toBeGreaterThan(0);
      expect(quotes.every((quote) => quote.runnerId === 1 && quote.side === 'back')).toBe(true);
      expect(playerSides('FANCY', yes)).toEqual(['LAY']);
    },
  );

  it.each([0.03, 0.2, 0.45, 0.4999])('offers only Yes (players back it) when Yes is %f', (yes) => {
    const quotes = quoted('FANCY', yes);
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.every((quote) => quote.runnerId === 1 && quote.side === 'lay')).toBe(true);
    expect(playerSides('FANCY', yes)).toEqual(['BACK']);
  });

  it('prices the side it offers off the fair price by its margin, in the house’s favour', () => {
    const [no] = quoted('FANCY', 0.6);
    const [yes] = quoted('FANCY', 0.4);
    // Laying Yes at 0.6 costs more than fair odds of 1.67; backing it at 0.4 pays less than 2.5.
    expect(tickToPrice(no?.priceTick ?? 0)).toBeGreaterThan(1 / 0.6);
    expect(tickToPrice(yes?.priceTick ?? 0)).toBeLessThan(1 / 0.4);
  });

  it('still quotes both sides of every runner of match odds and bookmaker markets', () => {
    for (const type of ['MATCH_ODDS', 'BOOKMAKER'] as const) {
      for (const yes of [0.3, 0.5, 0.7]) {
        const quotes = quoted(type, yes);
        for (const runnerId of [1, 2]) {
          const sides = quotes.filter((quote) => quote.runnerId === runnerId).map((q) => q.side);
          expect(new Set(sides)).toEqual(new Set(['back', 'lay']));
        }
      }
    }
  });

  it('quotes nothing without fair prices (a withdrawn value)', () => {
    expect(quotesFor({ type: 'FANCY', runners: RUNNERS, fairProbabilities: null })).toEqual([]);
  });
});
