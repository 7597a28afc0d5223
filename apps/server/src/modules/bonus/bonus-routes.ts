/** The player's bonus calls: thin handlers over the bonus service. */
import type { FastifyInstance } from 'fastify';
import { bonusesRoute, claimBonusRoute } from '@backlay/contract/bonus-calls';
import { defineApiRoute, requirePlayer } from '../../http/api-route';
import type { BonusService } from './bonus-service';

export function bonusRoutes(app: FastifyInstance, service: BonusService): void {
  defineApiRoute(app, bonusesRoute, (input, context) =>
    service.getBonuses(requirePlayer(context), input.coupon),
  );
  defineApiRoute(app, claimBonusRoute, (input, context) =>
    service.claim(requirePlayer(context), input),
  );
}
