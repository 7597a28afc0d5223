/**
 * The exchange module's entry: placing and cancelling bets (single and batched), cash out, the
 * order flow the market maker quotes through, odds as the ladder shows them, and a market's
 * lifecycle from open to settled.
 */
// Bets: the routes, the single path and the batcher, cash out, and what they announce after
// commit.
export { exchangeRoutes } from './exchange-routes';
export { createBetPlacement, type BetPlacement } from './bet-placement';
export { maxStakeFor, type ExchangeDeps } from './placement';
export { cashOut, quoteCashOutFor } from './cash-out';
export { createChangePublisher } from './change-publisher';
export { createMarketTurns } from './market-turns';
// Crash tests' fault-injection point at a bet group's COMMIT (off unless named).
export { betGroupFailpoint, failpointNotice, FAILPOINT_VARIABLE } from './failpoint';

// Markets: reading and locking a market's row, its lifecycle, and its odds.
export { SUSPENDED_REASON, findMarket, lockMarketRow, type MarketRow } from './market-rows';
export { marketLabels, playerBetsOnMarket, type MarketLabel } from './market-labels';
export { setMarketOpen, settleMarketResult, turnInPlay } from './market-lifecycle';
export { FEED, type Settler } from './settlement-runs';
// Work other modules do inside a market's settlement (bonus wagering), once per market.
export {
  onMarketSettled,
  type MarketSettled,
  type SettledFill,
  type SettledPosition,
  type SettlementHook,
} from './settlement-hooks';
export { publishMarketOdds, publishMarketStatus, type MarketPublisher } from './market-pushes';
export { readOdds, toHubOdds } from './odds';

// Orders and positions for participants other than players (the market maker).
export { placeOrders, type NewOrder } from './order-flow';
export { syncExposure, type Owner } from './positions';

// A player's recent bets as operators see them.
export { playerRecentBets, type PlayerBet } from './player-bets';

// Operators' market operations (the back office): listing, the book, suspending and resuming,
// settling and voiding by hand, correcting a settlement.
export {
  correctSettlement,
  listMarkets,
  readAdminMarket,
  resumeMarket,
  settleMarketByOperator,
  suspendMarket,
  type ActingOperator,
  type AdminMarketRow,
  type MarketAction,
  type MarketOperationsDeps,
  type MarketsQuery,
  type RecordChange,
  type ResultAction,
} from './market-operations';
export { marketBook } from './market-book';

// What a player's settled markets made them since a time (what a loss limit counts).
export { settledResultsBetween, settledResultSince } from './settled-results';
