import type { Bet } from '@backlay/contract/bets';
import type { BetSelection } from '../../bets/index';
import { formatMoney, formatPrice } from '../../../shared/format/money';

const rupees = (amount: number) => `₹${formatMoney(amount)}`;

/** The side as the slip names it: Back and Lay, or Yes and No on a fancy market. */
export function sideWord(selection: Pick<BetSelection, 'marketType' | 'side'>): string {
  if (selection.marketType === 'FANCY') return selection.side === 'BACK' ? 'Yes' : 'No';
  return selection.side === 'BACK' ? 'Back' : 'Lay';
}

/** What the toast says while a one-tap bet is on its way; it cannot be taken back. */
export function placingMessage(selection: BetSelection, stake: number): string {
  return `Placing ${sideWord(selection)} ${selection.runnerName} ${rupees(stake)} at ${formatPrice(selection.price)}…`;
}

/** What the success toast says about a placed bet: how much matched, and what waits unmatched. */
export function placedMessage(bet: Bet): string {
  const side = bet.side === 'BACK' ? 'Back' : 'Lay';
  const what = `${side} ${bet.runnerName}`;
  const matchedAt = formatPrice(bet.averagePrice ?? bet.price);
  if (bet.matchedStake > 0 && bet.unmatchedStake > 0) {
    return (
      `Bet partly matched: ${what} ${rupees(bet.matchedStake)} matched at ${matchedAt}; ` +
      `${rupees(bet.unmatchedStake)} waits unmatched at ${formatPrice(bet.price)}.`
    );
  }
  if (bet.matchedStake > 0) {
    return `Bet matched: ${what} ${rupees(bet.matchedStake)} at ${matchedAt}.`;
  }
  if (bet.unmatchedStake > 0) {
    return `Bet placed, unmatched: ${what} ${rupees(bet.unmatchedStake)} at ${formatPrice(bet.price)} waits for a match.`;
  }
  return `Bet not matched: ${what} ${rupees(bet.stake)} at ${formatPrice(bet.price)} was not placed.`;
}
