/** The bet calls of the route table (spec §7), one entry per call. */
import {
  betHistoryRequestSchema,
  betHistorySchema,
  betResultSchema,
  cancelBetRequestSchema,
  expectedProfitLossQuerySchema,
  expectedProfitLossSchema,
  openBetsQuerySchema,
  openBetsSchema,
  placeBetRequestSchema,
  profitLossRequestSchema,
  profitLossSchema,
} from './bets';
import type { ApiRoute } from './route-entry';

export const placeBetRoute = {
  method: 'POST',
  path: 'Bet/PlaceBetV2',
  auth: 'required',
  loader: false,
  closedWhenSuspended: true,
  request: placeBetRequestSchema,
  response: betResultSchema,
} satisfies ApiRoute;

export const cancelBetRoute = {
  method: 'POST',
  path: 'Bet/CancelBet',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: cancelBetRequestSchema,
  response: betResultSchema,
} satisfies ApiRoute;

export const expectedProfitLossRoute = {
  method: 'GET',
  path: 'Bet/GetUserExpectedProfitLoss',
  auth: 'required',
  loader: false,
  request: expectedProfitLossQuerySchema,
  response: expectedProfitLossSchema,
} satisfies ApiRoute;

export const openBetsRoute = {
  method: 'GET',
  path: 'Bet/GetUserOpenBets',
  auth: 'required',
  loader: false,
  request: openBetsQuerySchema,
  response: openBetsSchema,
} satisfies ApiRoute;

export const betHistoryRoute = {
  method: 'POST',
  path: 'Bet/GetUserBetHistory',
  auth: 'required',
  loader: true,
  request: betHistoryRequestSchema,
  response: betHistorySchema,
} satisfies ApiRoute;

export const profitLossRoute = {
  method: 'POST',
  path: 'Bet/GetUserProfitLoss',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: profitLossRequestSchema,
  response: profitLossSchema,
} satisfies ApiRoute;
