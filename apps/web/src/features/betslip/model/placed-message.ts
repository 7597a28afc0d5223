import type { Bet } from '@backlay/contract/bets';
import type { BetSelection } from '../../bets/index';
import { describeBet, priceText } from '../../../shared/bets/bet-description';
import { formatMoney } from '../../../shared/format/money';
import { i18n, params } from '../../../shared/i18n/i18n';

/** The slip's toasts, read as each text is made so that they follow the language. */
export const betWords = i18n('betslip/placed-message', {
  placing: params('Placing {choice} {stake} at {price}…'),
  partlyMatched: params(
    'Bet partly matched: {choice} {matched} matched at {matchedAt}; {unmatched} waits unmatched at {price}.',
  ),
  matched: params('Bet matched: {choice} {matched} at {matchedAt}.'),
  unmatched: params('Bet placed, unmatched: {choice} {unmatched} at {price} waits for a match.'),
  notMatched: params('Bet not matched: {choice} {stake} at {price} was not placed.'),
});

const rupees = (amount: number) => `₹${formatMoney(amount)}`;

type Choice = Pick<Bet, 'marketType' | 'side' | 'runnerName' | 'marketName' | 'line'>;

/**
 * What a bet is on, as its market reads (the shared bet description): "Back India", or on a
 * fancy session "No 6 Over Runs MI 84" (its side and run value).
 */
export function choiceText(choice: Choice): string {
  return describeBet(choice).choice;
}

/** What the toast says while a one-tap bet is on its way; it cannot be taken back. */
export function placingMessage(selection: BetSelection, stake: number): string {
  return betWords.get().placing({
    choice: choiceText(selection),
    stake: rupees(stake),
    price: priceText(selection.marketType, selection.price),
  });
}

/** What the success toast says about a placed bet: how much matched, and what waits unmatched. */
export function placedMessage(bet: Bet): string {
  const t = betWords.get();
  const choice = choiceText(bet);
  const price = priceText(bet.marketType, bet.price);
  const matchedAt = priceText(bet.marketType, bet.averagePrice ?? bet.price);
  const matched = rupees(bet.matchedStake);
  const unmatched = rupees(bet.unmatchedStake);
  if (bet.matchedStake > 0 && bet.unmatchedStake > 0) {
    return t.partlyMatched({ choice, matched, matchedAt, unmatched, price });
  }
  if (bet.matchedStake > 0) return t.matched({ choice, matched, matchedAt });
  if (bet.unmatchedStake > 0) return t.unmatched({ choice, unmatched, price });
  return t.notMatched({ choice, stake: rupees(bet.stake), price });
}
