/**
 * The sport and market calls (spec §7): the sport tree, events by sport, the closest events,
 * an event's markets, odds, limits, the brand's betting rules, the score card, the score of its
 * fancy sessions, and its video (the TV stream and the video link).
 * Sport visibility (spec §6) is enforced here, not only hidden in the client: guests see the
 * domain's sports, players those both they and the domain have switched on.
 */
import type { FastifyInstance } from 'fastify';
import type { BettingRules, MarketTypeRules } from '@backlay/contract/betting-rules';
import type { VideoLink } from '@backlay/contract/live-media';
import { API_ROUTES } from '@backlay/contract/routes';
import {
  MARKET_TYPES,
  SPORT_IDS,
  SPORT_NAMES,
  type EventMarkets,
  type SportId,
  type SportTree,
  type TvStream,
  type UserLimits,
} from '@backlay/contract/sports';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import {
  defineApiRoute,
  requirePlayer,
  type Player,
  type RequestContext,
} from '../../http/api-route';
import { bookOf } from '../wallet';
import { findUserById, sportFlagsOf } from '../account';
import { findMarket, maxStakeFor, readOdds } from '../exchange';
import { maySeeSport, type BetLimits, type DomainRules, type SportFlags } from '../brands';
import {
  findEventSport,
  listEvents,
  listMarkets,
  readScoreCard,
  readScoreSession,
} from './sports-store';

/** The built-in feed's stand-in for live video of each sport: its own field, court or track. */
const TV_PLACEHOLDER_FILES: Record<SportId, string> = {
  1: 'football',
  2: 'tennis',
  3: 'cricket',
  25: 'kabaddi',
  26: 'horse-racing',
};

/** Where the built-in feed's stand-in for live video of a sport is served. */
export function tvPlaceholderUrl(sportId: SportId): string {
  return `/cdn/assets/_feed/tv-placeholder-${TV_PLACEHOLDER_FILES[sportId]}.svg`;
}

const NOT_AVAILABLE = 'This sport is not available on your account.';

/**
 * A player's limits as the wire carries them: rupees and percent, and the player's own stake
 * limit (an operator's) where it is lower than the brand's.
 */
function limitsOnWire(
  limits: BetLimits,
  player: Pick<Player, 'betting'>,
): Omit<MarketTypeRules, 'marketType'> {
  return {
    minStake: fromMinorUnits(limits.minStakeMinor),
    maxStake: fromMinorUnits(maxStakeFor(player, limits.maxStakeMinor).minor),
    maxLiability: fromMinorUnits(limits.maxLiabilityMinor),
    betDelaySeconds: limits.betDelaySeconds,
    commissionPercent: limits.commissionBasisPoints / 100,
  };
}

export interface SportsRouteDeps {
  db: Database;
  rules: DomainRules;
}

export function sportsRoutes(app: FastifyInstance, deps: SportsRouteDeps): void {
  const { db, rules } = deps;

  async function visibleSports(context: RequestContext): Promise<SportId[]> {
    const domainFlags = rules.sportFlags(context.domain);
    let playerFlags: SportFlags | null = null;
    if (context.player?.sports) {
      playerFlags = context.player.sports;
    } else if (context.player) {
      const user = await findUserById(db, context.player.domain, context.player.id);
      if (!user) throw new ApiError('UNAUTHORIZED', 'Your session has ended. Please log in again.');
      playerFlags = sportFlagsOf(user);
    }
    return Object.values(SPORT_IDS).filter((id) => maySeeSport(domainFlags, playerFlags, id));
  }

  const bookFor = (context: RequestContext) => (context.player ? bookOf(context.player) : 'real');

  /** The event's sport, when the visitor may see it; unknown and hidden events look alike. */
  async function visibleEvent(context: RequestContext, eventId: number) {
    const event = await findEventSport(db, eventId);
    if (!event || !(await visibleSports(context)).includes(event.sportId)) {
      throw new ApiError('NOT_FOUND', 'That event does not exist.');
    }
    return event;
  }

  defineApiRoute(app, API_ROUTES.sportTree, async (_input, context) => {
    const sports = await visibleSports(context);
    const events = await listEvents(db, { sportIds: sports }, bookFor(context));
    return sports.map((id) => ({
      id,
      name: SPORT_NAMES[id],
      order: id,
      events: events.filter((event) => event.sportId === id),
    })) satisfies SportTree;
  });

  defineApiRoute(app, API_ROUTES.eventsBySportName, async (query, context) => {
    const wanted =
      query.sportId ??
      (Object.entries(SPORT_NAMES).find(
        ([, name]) => name.toLowerCase() === query.sportName?.toLowerCase(),
      )?.[0] as string | undefined);
    const sportId = Number(wanted) as SportId;
    if (!wanted || !SPORT_NAMES[sportId]) {
      throw new ApiError('NOT_FOUND', `There is no sport called ${query.sportName ?? ''}.`);
    }
    if (!(await visibleSports(context)).includes(sportId)) {
      throw new ApiError('FORBIDDEN', NOT_AVAILABLE);
    }
    return listEvents(db, { sportIds: [sportId] }, bookFor(context));
  });

  defineApiRoute(app, API_ROUTES.closestEvents, async (query, context) => {
    return listEvents(
      db,
      { sportIds: await visibleSports(context), search: query.search, limit: query.count },
      bookFor(context),
    );
  });

  defineApiRoute(app, API_ROUTES.marketsByEvent, async ({ eventId }, context) => {
    const { sportId, status } = await visibleEvent(context, eventId);
    const [event] = await listEvents(
      db,
      { sportIds: [sportId], statuses: [status], eventId },
      bookFor(context),
    );
    if (!event) throw new ApiError('NOT_FOUND', 'That event does not exist.');
    const markets = (await listMarkets(db, eventId)).map((market) => ({
      ...market,
      // The delay a bet placed now waits out: the player's brand's, for this market's type.
      betDelaySeconds: market.inPlay
        ? rules.limits(context.domain, sportId, market.type).betDelaySeconds
        : 0,
    }));
    return { event, markets } satisfies EventMarkets;
  });

  defineApiRoute(app, API_ROUTES.userOdds, async (query, context) => {
    let marketIds = query.marketIds ?? [];
    if (query.eventId !== undefined) {
      await visibleEvent(context, query.eventId);
      marketIds = (await listMarkets(db, query.eventId)).map((market) => market.id);
    }
    const sports = await visibleSports(context);
    const odds = await readOdds(db, marketIds, bookFor(context));
    // Markets of hidden sports are left out, as unknown ones are.
    const visible = await Promise.all(
      odds.map(async (o) => {
        const market = await findMarket(db, o.marketId);
        return market && sports.includes(market.sportId) ? o : null;
      }),
    );
    return visible.filter((o) => o !== null);
  });

  defineApiRoute(app, API_ROUTES.userLimits, async ({ marketId }, context) => {
    const market = await findMarket(db, marketId);
    if (!market || !(await visibleSports(context)).includes(market.sportId)) {
      throw new ApiError('NOT_FOUND', 'That market does not exist.');
    }
    const limits = limitsOnWire(
      rules.limits(context.domain, market.sportId, market.type),
      requirePlayer(context),
    );
    return {
      marketId,
      sportId: market.sportId,
      ...limits,
      // The delay applies to bets placed in play only.
      betDelaySeconds: market.inPlay ? limits.betDelaySeconds : 0,
    } satisfies UserLimits;
  });

  defineApiRoute(app, API_ROUTES.bettingRules, async (_input, context) => {
    const player = requirePlayer(context);
    const sports = await visibleSports(context);
    return {
      sports: sports.map((sportId) => ({
        sportId,
        sportName: SPORT_NAMES[sportId],
        markets: MARKET_TYPES.map((marketType) => ({
          marketType,
          ...limitsOnWire(rules.limits(context.domain, sportId, marketType), player),
        })),
      })),
    } satisfies BettingRules;
  });

  defineApiRoute(app, API_ROUTES.scoreCard, async ({ eventId }, context) => {
    await visibleEvent(context, eventId);
    const card = await readScoreCard(db, eventId);
    if (!card) throw new ApiError('NOT_FOUND', 'That event does not exist.');
    return card;
  });

  defineApiRoute(app, API_ROUTES.scoreSession, async ({ eventId }, context) => {
    await visibleEvent(context, eventId);
    const sessions = await readScoreSession(db, eventId);
    if (!sessions) throw new ApiError('NOT_FOUND', 'That event does not exist.');
    return sessions;
  });

  /** An event's video as the brand offers it: the TV stream and the video link both say this. */
  async function videoOf(context: RequestContext, eventId: number): Promise<TvStream> {
    const { status, sportId } = await visibleEvent(context, eventId);
    if (!rules.tvEnabled(context.domain)) {
      return {
        status: 0,
        url: null,
        placeholder: false,
        message: 'Live TV is not offered on this site.',
      };
    }
    if (status !== 'IN_PLAY') {
      return {
        status: 0,
        url: null,
        placeholder: false,
        message: 'The stream opens when the event goes in play.',
      };
    }
    // The built-in feed has no video: it says so, and offers its animated stand-in.
    return {
      status: 1,
      url: tvPlaceholderUrl(sportId),
      placeholder: true,
      message: 'Simulated feed: there is no live video of this event. Follow the live score.',
    };
  }

  defineApiRoute(app, API_ROUTES.tvStream, async ({ eventId }, context) =>
    videoOf(context, eventId),
  );

  defineApiRoute(app, API_ROUTES.videoLink, async ({ eventId }, context) => {
    const { status, url, placeholder, message } = await videoOf(context, eventId);
    return { eventId, url: status === 1 ? url : null, placeholder, message } satisfies VideoLink;
  });
}
