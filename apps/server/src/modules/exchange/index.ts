/**
 * The exchange module's entry: placing and cancelling bets (single and batched), the order
 * flow the market maker quotes through, odds as the ladder shows them, and a market's
 * lifecycle from open to settled.
 */
// Bets: the routes, the single path and the batcher, and what they announce after commit.
export { exchangeRoutes } from './exchange-routes';
export { createBetPlacement, type BetPlacement } from './bet-placement';
export type { ExchangeDeps } from './placement';
export { createChangePublisher } from './change-publisher';
export { createMarketTurns } from './market-turns';

// Markets: reading and locking a market's row, its lifecycle, and its odds.
export { findMarket, lockMarketRow, type MarketRow } from './market-rows';
export { setMarketOpen, settleMarketResult, turnInPlay } from './market-lifecycle';
export { readOdds, toHubOdds } from './odds';

// Orders and positions for participants other than players (the market maker).
export { placeOrders, type NewOrder } from './order-flow';
export { syncExposure, type Owner } from './positions';
