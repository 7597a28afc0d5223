/*
 * The bets feature's public entry: the player's open bets and expected profit and loss, what
 * follows a bet's answer, the bet slip's selection, a bet's figures and the one-tap betting
 * switch, which the sports, bet slip and account features share. Other features import this
 * file only (a lint zone sees to it), never the modules behind it.
 */
export { useCancelBet } from './api/cancel-bet';
export { useExpectedProfitLoss } from './api/expected-profit-loss-query';
export { useOpenBets } from './api/open-bets-query';
export { refreshAfterBet } from './api/refresh-player-bets';
export { usePlayerBets } from './hooks/use-player-bets';
export { betFigures, matchedLiability, type BetFigures } from './model/bet-figures';
export {
  useBetSlip,
  type BetSelection,
  type BetSlipState,
  type OneTapBet,
} from './model/bet-slip-store';
// Rates and run values are the shared bet description's (packages/exchange), stated once.
export { rateOf, readsAsRate, runValueOf } from '@backlay/contract/bet-description';
export { OneTapSwitch } from './components/one-tap-switch';
export { oneTapBusyMessage, oneTapStake } from './model/one-tap-betting';
