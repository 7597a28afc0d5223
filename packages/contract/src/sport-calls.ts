/** The sports, markets, odds, scores and TV calls of the route table (spec §7), one per call. */
import {
  scoreSessionQuerySchema,
  scoreSessionSchema,
  videoLinkQuerySchema,
  videoLinkSchema,
} from './live-media';
import { noInputSchema, type ApiRoute } from './route-entry';
import {
  closestEventsQuerySchema,
  eventListSchema,
  eventMarketsSchema,
  eventsBySportQuerySchema,
  marketsByEventQuerySchema,
  scoreCardQuerySchema,
  scoreCardSchema,
  sportTreeSchema,
  tvStreamRequestSchema,
  tvStreamSchema,
  userLimitsQuerySchema,
  userLimitsSchema,
  userOddsQuerySchema,
  userOddsSchema,
} from './sports';

export const eventsBySportNameRoute = {
  method: 'GET',
  path: 'event/GetBySportName',
  auth: 'optional',
  loader: true,
  request: eventsBySportQuerySchema,
  response: eventListSchema,
} satisfies ApiRoute;

export const sportTreeRoute = {
  method: 'GET',
  path: 'Event/TreeSportWithEvent',
  auth: 'optional',
  loader: false,
  request: noInputSchema,
  response: sportTreeSchema,
} satisfies ApiRoute;

export const marketsByEventRoute = {
  method: 'GET',
  path: 'Market/GetByEventId',
  auth: 'required',
  loader: true,
  request: marketsByEventQuerySchema,
  response: eventMarketsSchema,
} satisfies ApiRoute;

export const userOddsRoute = {
  method: 'GET',
  path: 'Odds/GetUserOddsV2',
  auth: 'optional',
  loader: false,
  request: userOddsQuerySchema,
  response: userOddsSchema,
} satisfies ApiRoute;

export const closestEventsRoute = {
  method: 'GET',
  path: 'Event/Closest',
  auth: 'optional',
  loader: true,
  request: closestEventsQuerySchema,
  response: eventListSchema,
} satisfies ApiRoute;

export const userLimitsRoute = {
  method: 'GET',
  path: 'Odds/GetUserLimits',
  auth: 'required',
  loader: false,
  request: userLimitsQuerySchema,
  response: userLimitsSchema,
} satisfies ApiRoute;

export const scoreCardRoute = {
  method: 'GET',
  path: 'services/app/Sport/GetScoreCard',
  auth: 'optional',
  loader: false,
  request: scoreCardQuerySchema,
  response: scoreCardSchema,
} satisfies ApiRoute;

export const scoreSessionRoute = {
  method: 'GET',
  path: 'services/app/Sport/GetScoreSession',
  auth: 'optional',
  loader: false,
  pathChosenHere: true,
  request: scoreSessionQuerySchema,
  response: scoreSessionSchema,
} satisfies ApiRoute;

export const videoLinkRoute = {
  method: 'GET',
  path: 'services/app/Sport/GetVideoLink',
  auth: 'optional',
  loader: false,
  pathChosenHere: true,
  request: videoLinkQuerySchema,
  response: videoLinkSchema,
} satisfies ApiRoute;

/** Spec §7: the stream is there when `status` is 1. */
export const tvStreamRoute = {
  method: 'POST',
  path: 'Tv/GetStream',
  auth: 'optional',
  loader: false,
  pathChosenHere: true,
  request: tvStreamRequestSchema,
  response: tvStreamSchema,
} satisfies ApiRoute;
