/** The player's activity log, IP address and profile image calls of the route table. */
import {
  activityLogQuerySchema,
  activityLogSchema,
  clientIpSchema,
  getImageQuerySchema,
  storedImageSchema,
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
  // A base64 screenshot of up to 2 MB, and room for the payload codec's envelope around it.
  bodyLimitBytes: 4 * 1024 * 1024,
  request: storeImageRequestSchema,
  response: storeImageResultSchema,
} satisfies ApiRoute;

export const getImageRoute = {
  method: 'GET',
  path: 'Setting/GetImage',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: getImageQuerySchema,
  response: storedImageSchema,
} satisfies ApiRoute;
