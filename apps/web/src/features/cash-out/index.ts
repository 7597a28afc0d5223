/*
 * The cash out feature's public entry: one market's cash out block, and which of a player's
 * open bets' markets get one. The market page's open-bets panel shows them; other features
 * import this file only (a lint zone sees to it).
 */
export { CashOutBox } from './components/cash-out-box';
export { cashOutMarkets, type CashOutMarket } from './model/cash-out-offer';
