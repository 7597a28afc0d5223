/** The bonus calls of the route table. */
import {
  bonusesQuerySchema,
  bonusListSchema,
  claimBonusQuerySchema,
  claimBonusResultSchema,
} from './bonuses';
import type { ApiRoute } from './route-entry';

/** The bonus wallet, the offers with their terms, the active bonuses' meters, and past ones. */
export const bonusesRoute = {
  method: 'GET',
  path: 'Bonus/GetBonuses',
  auth: 'required',
  loader: true,
  request: bonusesQuerySchema,
  response: bonusListSchema,
} satisfies ApiRoute;

/** Claims an offer (or takes a friend's referral code); claiming twice claims once and says so. */
export const claimBonusRoute = {
  method: 'GET',
  path: 'Bonus/Claim',
  auth: 'required',
  loader: true,
  closedWhenSuspended: true,
  request: claimBonusQuerySchema,
  response: claimBonusResultSchema,
} satisfies ApiRoute;
