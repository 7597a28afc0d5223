/**
 * The casino calls of the route table: game lists, launches at three providers, and the
 * player's casino rounds. A launch starts something new, so a suspended brand refuses it.
 */
import {
  casinoGamesSchema,
  casinoGridSchema,
  casinoProfitLossRequestSchema,
  casinoProfitLossSchema,
  casinoRoundsRequestSchema,
  casinoRoundsSchema,
  dreamCasinoUrlQuerySchema,
  launchGameRequestSchema,
  launchGameResultSchema,
} from './casino';
import { noInputSchema, type ApiRoute } from './route-entry';

export const internationalGamesRoute = {
  method: 'GET',
  path: 'InternationalCasino/GetGames',
  auth: 'optional',
  loader: false,
  request: noInputSchema,
  response: casinoGamesSchema,
} satisfies ApiRoute;

export const casinoGridRoute = {
  method: 'GET',
  path: 'Casino/GetGrid',
  auth: 'optional',
  loader: false,
  pathChosenHere: true,
  request: noInputSchema,
  response: casinoGridSchema,
} satisfies ApiRoute;

export const launchDreamRoute = {
  method: 'POST',
  path: 'Casino/LaunchDream',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  closedWhenSuspended: true,
  request: launchGameRequestSchema,
  response: launchGameResultSchema,
} satisfies ApiRoute;

export const launchKingRoute = {
  method: 'POST',
  path: 'Casino/LaunchKing',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  closedWhenSuspended: true,
  request: launchGameRequestSchema,
  response: launchGameResultSchema,
} satisfies ApiRoute;

export const launchMacRoute = {
  method: 'POST',
  path: 'Casino/LaunchMac',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  closedWhenSuspended: true,
  request: launchGameRequestSchema,
  response: launchGameResultSchema,
} satisfies ApiRoute;

export const dreamCasinoUrlRoute = {
  method: 'GET',
  path: 'Casino/GetDreamUrl',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  closedWhenSuspended: true,
  request: dreamCasinoUrlQuerySchema,
  response: launchGameResultSchema,
} satisfies ApiRoute;

/** The casino tab of bet history: the player's rounds, newest first. */
export const casinoRoundsRoute = {
  method: 'POST',
  path: 'Casino/GetRounds',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: casinoRoundsRequestSchema,
  response: casinoRoundsSchema,
} satisfies ApiRoute;

/** The casino tab of P&L: the player's result per game. */
export const casinoProfitLossRoute = {
  method: 'POST',
  path: 'Casino/GetProfitLoss',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: casinoProfitLossRequestSchema,
  response: casinoProfitLossSchema,
} satisfies ApiRoute;
