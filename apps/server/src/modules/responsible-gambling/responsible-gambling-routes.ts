/**
 * The player's responsible-gambling calls: their limits, a time-out and self-exclusion. Every
 * change is counted against the player's limit first (a break also checks the password, so the
 * limit bounds guesses too).
 */
import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@backlay/contract/routes';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { GamblingBreak } from '@backlay/contract/responsible-gambling';
import { defineApiRoute, requirePlayer, type RequestContext } from '../../http/api-route';
import type { RateLimits } from '../limits';
import { BREAK_MESSAGES, takeBreak } from './gambling-breaks';
import { gamblingSettings, setGamblingLimits, type GamblingUsage } from './gambling-limits';

/** What a player's other open pages read as the break closes them. */
const BREAK_CLOSE_REASON = 'Your break from play has started. You have been logged out.';

export interface ResponsibleGamblingRoutesOptions {
  db: Database;
  limits: RateLimits;
  /** The payments module's deposits and the exchange's results (the app passes them in). */
  usage: GamblingUsage;
  /** Closes the player's real-time connections on every instance (the app passes the hub's). */
  closeConnections: (domain: string, playerId: string, reason: string) => Promise<unknown>;
  now: () => Date;
}

export async function responsibleGamblingRoutes(
  app: FastifyInstance,
  options: ResponsibleGamblingRoutesOptions,
) {
  const { db, limits, usage, now } = options;

  /** A break: taken, then the player's open pages are closed too (their sessions already are). */
  async function startBreak(
    context: RequestContext,
    request: Parameters<typeof takeBreak>[2],
  ): Promise<GamblingBreak> {
    const player = requirePlayer(context);
    await limits.take('gamblingChangesPlayer', player.id);
    const taken = await takeBreak(db, player, request, now(), context);
    await options.closeConnections(player.domain, player.id, BREAK_CLOSE_REASON);
    return taken;
  }

  defineApiRoute(app, API_ROUTES.gamblingSettings, (_input, context) =>
    gamblingSettings(db, requirePlayer(context), usage, now()),
  );

  defineApiRoute(app, API_ROUTES.setGamblingLimits, async (input, context) => {
    const player = requirePlayer(context);
    if (player.demo) throw new ApiError('FORBIDDEN', BREAK_MESSAGES.demo);
    await limits.take('gamblingChangesPlayer', player.id);
    const at = now();
    await setGamblingLimits(db, player, input, at, context);
    return gamblingSettings(db, player, usage, at);
  });

  defineApiRoute(app, API_ROUTES.takeTimeOut, (input, context) =>
    startBreak(context, { kind: 'TIME_OUT', ...input }),
  );

  defineApiRoute(app, API_ROUTES.selfExclude, (input, context) =>
    startBreak(context, { kind: 'SELF_EXCLUSION', ...input }),
  );
}
