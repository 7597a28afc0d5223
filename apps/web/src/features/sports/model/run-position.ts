import type { Bet } from '@backlay/contract/bets';
import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import { betFigures, runValueOf } from '../../bets/index';

/** What a fancy bet needs to say what it pays at each final run count. */
export type FancyBetPart = Pick<Bet, 'side' | 'line' | 'matchedStake' | 'averagePrice' | 'price'>;

/**
 * One band of final run counts with the player's P&L over it: `from` to `to` inclusive, `to`
 * null for "or more".
 */
export interface RunPositionBand {
  from: number;
  to: number | null;
  profitLoss: number;
}

/**
 * The run-position ladder of a session: the player's P&L at every final run count, over their
 * matched bets on its lines (a Yes bet at 85 wins from 85 runs up, a No bet at 84 wins below
 * 84), as bands of run counts with the same P&L. Unmatched parts stake nothing. Empty when no
 * bet is matched.
 */
export function runPosition(bets: readonly FancyBetPart[]): RunPositionBand[] {
  const parts = bets
    .filter((bet) => bet.line !== null && bet.matchedStake > 0)
    .map((bet) => {
      const figures = betFigures(bet.side, bet.averagePrice ?? bet.price, bet.matchedStake);
      return {
        // A Yes (back) wins at the run value and above; a No (lay) loses there.
        from: runValueOf(bet.line ?? 0),
        backs: bet.side === 'BACK',
        winMinor: toMinorUnits(figures?.profit ?? 0),
        loseMinor: toMinorUnits(figures?.liability ?? 0),
      };
    });
  if (parts.length === 0) return [];
  const atRuns = (runs: number) =>
    parts.reduce((sum, part) => {
      const yes = runs >= part.from;
      return sum + (yes === part.backs ? part.winMinor : -part.loseMinor);
    }, 0);
  // The P&L only changes at a bet's run value: one band starts at 0 and one at each value.
  const starts = [...new Set([0, ...parts.map((part) => part.from)])].sort((a, b) => a - b);
  const bands: RunPositionBand[] = [];
  starts.forEach((from, index) => {
    const next = starts[index + 1];
    const minor = atRuns(from);
    const last = bands[bands.length - 1];
    if (last && toMinorUnits(last.profitLoss) === minor) {
      last.to = next === undefined ? null : next - 1;
      return;
    }
    bands.push({
      from,
      to: next === undefined ? null : next - 1,
      profitLoss: fromMinorUnits(minor),
    });
  });
  return bands;
}
