import { describe, expect, it } from 'vitest';
import {
  describeBet,
  ENGLISH_BET_WORDS as words,
  formatOdds,
  marketText,
  priceFigure,
  priceText,
  rateOf,
  readsAsRate,
  runValueOf,
  sessionResultText,
  type DescribableBet,
} from './bet-description';

const bet = (over: Partial<DescribableBet>): DescribableBet => ({
  marketType: 'MATCH_ODDS',
  marketName: 'Match Odds',
  runnerName: 'India',
  side: 'BACK',
  line: null,
  ...over,
});

describe('a bet described as its market showed it', () => {
  it('reads a fancy No as No, its run value and its rate, never Yes · Lay at decimal odds', () => {
    // "No 77 runs at rate 102": a lay of Yes on the session's 77 (line 76.5) at 2.02.
    const no = bet({
      marketType: 'FANCY',
      marketName: '6 Over Runs MI',
      runnerName: 'Yes',
      side: 'LAY',
      line: 76.5,
    });
    expect(describeBet(no, words)).toEqual({
      tone: 'lay',
      side: 'No',
      selection: '77 runs',
      choice: 'No 6 Over Runs MI 77',
      asRate: true,
    });
    expect(priceText(no.marketType, 2.02, words)).toBe('rate 102');
    expect(priceFigure(no.marketType, 2.02)).toBe('102');
  });

  it('reads a fancy back as Yes', () => {
    const yes = bet({ marketType: 'FANCY', marketName: 'Total', runnerName: 'Yes', line: 84.5 });
    expect(describeBet(yes, words)).toMatchObject({ side: 'Yes', selection: '85 runs' });
  });

  it('reads a bookmaker price as its whole rate: 178, not 2.78', () => {
    const bookmaker = bet({ marketType: 'BOOKMAKER', marketName: 'Bookmaker', side: 'LAY' });
    expect(describeBet(bookmaker, words)).toMatchObject({
      side: 'Lay',
      selection: 'India',
      choice: 'Lay India',
      asRate: true,
    });
    expect(priceText('BOOKMAKER', 2.78, words)).toBe('rate 178');
    expect(priceFigure('BOOKMAKER', 2.78)).toBe('178');
  });

  it('keeps decimal odds on match odds', () => {
    expect(describeBet(bet({}), words)).toMatchObject({ side: 'Back', choice: 'Back India' });
    expect(priceText('MATCH_ODDS', 2.78, words)).toBe('2.78');
    expect(priceFigure('MATCH_ODDS', 2.5)).toBe('2.5');
    expect(formatOdds(1.0100000000000002)).toBe('1.01');
  });

  it('names a fancy market with its run value, other markets as they are', () => {
    const session = { marketType: 'FANCY', marketName: '6 Over Runs MI', line: 76.5 };
    expect(marketText(session, words)).toBe('6 Over Runs MI · 77 runs');
    expect(
      marketText({ marketType: 'BOOKMAKER', marketName: 'Bookmaker', line: null }, words),
    ).toBe('Bookmaker');
  });

  it('takes its words from the reader’s language', () => {
    const hindi = { ...words, no: 'नो', runs: (runs: number) => `${runs} रन` };
    const no = bet({ marketType: 'FANCY', marketName: 'S', side: 'LAY', line: 9.5 });
    expect(describeBet(no, hindi)).toMatchObject({ side: 'नो', selection: '10 रन' });
  });

  it('reads a settled session in runs: the count where known, else what the value tells', () => {
    expect(sessionResultText({ line: 76.5, yesWon: false, resultRuns: 71 }, words)).toBe('71 runs');
    expect(sessionResultText({ line: 76.5, yesWon: true, resultRuns: null }, words)).toBe(
      '77 or more runs',
    );
    expect(sessionResultText({ line: 76.5, yesWon: false, resultRuns: null }, words)).toBe(
      'fewer than 77 runs',
    );
    expect(sessionResultText({ line: 76.5, yesWon: null, resultRuns: null }, words)).toBeNull();
  });
});

describe('rates', () => {
  it('reads decimal odds as what a hundred rupees wins', () => {
    expect(rateOf(2)).toBe(100);
    expect(rateOf(1.85)).toBe(85);
    expect(rateOf(3.05)).toBe(205);
    // Floating point never leaves a fraction: 1.1 − 1 is 0.10000000000000009.
    expect(rateOf(1.1)).toBe(10);
  });

  it('reads only bookmaker and fancy prices as rates, and a line by the count that wins Yes', () => {
    expect(readsAsRate('BOOKMAKER')).toBe(true);
    expect(readsAsRate('FANCY')).toBe(true);
    expect(readsAsRate('MATCH_ODDS')).toBe(false);
    expect(runValueOf(84.5)).toBe(85);
  });
});
