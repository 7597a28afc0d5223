/**
 * The hub module's entry: the real-time hub (SignalR JSON protocol over WebSocket) with its
 * routes, presence and pushes of balances, odds and market changes.
 */
export { createHub, type Hub, type HubOptions } from './hub';
export { hubRoutes } from './hub-routes';
