/** The responsible-gambling calls of the route table (paths chosen here: the spec has none). */
import {
  gamblingBreakSchema,
  gamblingSettingsSchema,
  selfExcludeSchema,
  setGamblingLimitsSchema,
  takeTimeOutSchema,
} from './responsible-gambling';
import { noInputSchema, type ApiRoute } from './route-entry';

export const gamblingSettingsRoute = {
  method: 'GET',
  path: 'ResponsibleGambling/GetSettings',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: noInputSchema,
  response: gamblingSettingsSchema,
} satisfies ApiRoute;

export const setGamblingLimitsRoute = {
  method: 'POST',
  path: 'ResponsibleGambling/SetLimits',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: setGamblingLimitsSchema,
  response: gamblingSettingsSchema,
} satisfies ApiRoute;

export const takeTimeOutRoute = {
  method: 'POST',
  path: 'ResponsibleGambling/TakeTimeOut',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: takeTimeOutSchema,
  response: gamblingBreakSchema,
} satisfies ApiRoute;

export const selfExcludeRoute = {
  method: 'POST',
  path: 'ResponsibleGambling/SelfExclude',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: selfExcludeSchema,
  response: gamblingBreakSchema,
} satisfies ApiRoute;
