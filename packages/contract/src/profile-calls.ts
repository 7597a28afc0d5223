/** The player's activity log, IP address and profile image calls of the route table. */
import {
  activityLogQuerySchema,
  activityLogSchema,
  clientIpSchema,
  storeImageRequestSchema,
  storeImageResultSchema,
} from './profile';
import { noInputSchema, type ApiRoute } from './route-entry';

export const activityLogRoute = {
  method: 'GET',
  path: 'Account/GetActivityLog',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: activityLogQuerySchema,
  response: activityLogSchema,
} satisfies ApiRoute;

export const clientIpRoute = {
  method: 'GET',
  path: 'Account/GetClientIp',
  auth: 'optional',
  loader: false,
  pathChosenHere: true,
  request: noInputSchema,
  response: clientIpSchema,
} satisfies ApiRoute;

export const storeImageRoute = {
  method: 'POST',
  path: 'Setting/StoreImage',
  auth: 'required',
  loader: false,
  request: storeImageRequestSchema,
  response: storeImageResultSchema,
} satisfies ApiRoute;
