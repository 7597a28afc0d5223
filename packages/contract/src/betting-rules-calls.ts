/** The betting rules call of the route table. */
import { bettingRulesSchema } from './betting-rules';
import { noInputSchema, type ApiRoute } from './route-entry';

export const bettingRulesRoute = {
  method: 'GET',
  path: 'Setting/GetBettingRules',
  auth: 'required',
  loader: true,
  pathChosenHere: true,
  request: noInputSchema,
  response: bettingRulesSchema,
} satisfies ApiRoute;
