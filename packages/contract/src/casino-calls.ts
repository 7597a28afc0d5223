/** The casino calls of the route table: game lists and launches at three providers. */
import {
  casinoGamesSchema,
  casinoGridSchema,
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
  request: launchGameRequestSchema,
  response: launchGameResultSchema,
} satisfies ApiRoute;

export const launchKingRoute = {
  method: 'POST',
  path: 'Casino/LaunchKing',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: launchGameRequestSchema,
  response: launchGameResultSchema,
} satisfies ApiRoute;

export const launchMacRoute = {
  method: 'POST',
  path: 'Casino/LaunchMac',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: launchGameRequestSchema,
  response: launchGameResultSchema,
} satisfies ApiRoute;

export const dreamCasinoUrlRoute = {
  method: 'GET',
  path: 'Casino/GetDreamUrl',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: dreamCasinoUrlQuerySchema,
  response: launchGameResultSchema,
} satisfies ApiRoute;
