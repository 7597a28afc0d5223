import { describe, expect, it } from 'vitest';
import { runPosition, type FancyBetPart } from './run-position';

const yes = (runs: number, stake: number, price = 2): FancyBetPart => ({
  side: 'BACK',
  line: runs - 0.5,
  matchedStake: stake,
  averagePrice: price,
  price,
});
const no = (runs: number, stake: number, price = 2): FancyBetPart => ({
  side: 'LAY',
  line: runs - 0.5,
  matchedStake: stake,
  averagePrice: price,
  price,
});

describe('runPosition', () => {
  it('has no ladder without a matched bet', () => {
    expect(runPosition([])).toEqual([]);
    expect(runPosition([{ ...yes(85, 100), matchedStake: 0 }])).toEqual([]);
    expect(runPosition([{ ...yes(85, 100), line: null }])).toEqual([]);
  });

  it('pays a Yes bet from its run value up and loses it below', () => {
    expect(runPosition([yes(85, 100, 1.9)])).toEqual([
      { from: 0, to: 84, profitLoss: -100 },
      { from: 85, to: null, profitLoss: 90 },
    ]);
  });

  it('pays a No bet below its run value and takes its liability there and above', () => {
    expect(runPosition([no(84, 100, 2.1)])).toEqual([
      { from: 0, to: 83, profitLoss: 100 },
      { from: 84, to: null, profitLoss: -110 },
    ]);
  });

  it('shows the middle a No 84 and a Yes 85 leave: both lose at exactly 84 runs', () => {
    expect(runPosition([no(84, 100), yes(85, 100)])).toEqual([
      { from: 0, to: 83, profitLoss: 0 },
      { from: 84, to: 84, profitLoss: -200 },
      { from: 85, to: null, profitLoss: 0 },
    ]);
  });

  it('pays both where a Yes at 80 and a No at 90 overlap, and merges equal bands', () => {
    const bands = runPosition([yes(80, 500), no(90, 500), yes(80, 0)]);
    expect(bands).toEqual([
      { from: 0, to: 79, profitLoss: 0 },
      { from: 80, to: 89, profitLoss: 1000 },
      { from: 90, to: null, profitLoss: 0 },
    ]);
    // Two bets at one value make one band edge, not two.
    expect(runPosition([yes(85, 100), yes(85, 50)])).toHaveLength(2);
  });

  it('keeps paise exact when many bets add up', () => {
    const bets = Array.from({ length: 10 }, () => yes(85, 0.1, 2));
    expect(runPosition(bets)).toEqual([
      { from: 0, to: 84, profitLoss: -1 },
      { from: 85, to: null, profitLoss: 1 },
    ]);
  });
});
