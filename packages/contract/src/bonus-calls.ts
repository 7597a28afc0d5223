/** The bonus calls of the route table. */
import { bonusListSchema, claimBonusQuerySchema, claimBonusResultSchema } from './bonuses';
import { noInputSchema, type ApiRoute } from './route-entry';

export const bonusesRoute = {
  method: 'GET',
  path: 'Bonus/GetBonuses',
  auth: 'required',
  loader: true,
  request: noInputSchema,
  response: bonusListSchema,
} satisfies ApiRoute;

export const claimBonusRoute = {
  method: 'GET',
  path: 'Bonus/Claim',
  auth: 'required',
  loader: true,
  request: claimBonusQuerySchema,
  response: claimBonusResultSchema,
} satisfies ApiRoute;
