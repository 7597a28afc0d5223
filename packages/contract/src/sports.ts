/**
 * Sports, events, markets, odds, limits, scorecards and TV streams on the wire (spec §3, §7).
 *
 * Money travels as rupees with at most two decimals, prices as decimal odds on the exchange
 * ladder (1.01 to 1000). Event ids are numbers; market ids are strings (`1.` followed by digits,
 * as exchanges spell them); runner ids are numbers, unique within their market.
 */
import { z } from 'zod';

/** The sports of spec §3; a sport's order equals its id. */
export const SPORT_IDS = {
  football: 1,
  tennis: 2,
  cricket: 3,
  kabaddi: 25,
  horseRacing: 26,
} as const;
export type SportKey = keyof typeof SPORT_IDS;
/** Per-sport switches, as domain settings and user info carry them. */
export type SportFlags = Record<SportKey, boolean>;
export type SportId = (typeof SPORT_IDS)[SportKey];
export const SPORT_NAMES: Record<SportId, string> = {
  1: 'Football',
  2: 'Tennis',
  3: 'Cricket',
  25: 'Kabaddi',
  26: 'Horse Racing',
};
export const sportIdSchema = z.coerce
  .number()
  .int()
  .refine((id): id is SportId => Object.values(SPORT_IDS).includes(id as SportId), {
    message: 'Unknown sport',
  });

/** The `matchDate` of an event being played (spec §4: an event is in play when it reads so). */
export const IN_PLAY_MATCH_DATE = 'In-Play';

export const EVENT_STATUSES = ['UPCOMING', 'IN_PLAY', 'FINISHED', 'CANCELLED'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const MARKET_TYPES = ['MATCH_ODDS', 'BOOKMAKER', 'FANCY'] as const;
export type MarketType = (typeof MARKET_TYPES)[number];
export const MARKET_STATUSES = ['OPEN', 'SUSPENDED', 'CLOSED', 'SETTLED'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];
/**
 * The feed's reason while a cricket ball is in play: the bookmaker and fancy markets close for
 * a few seconds each ball, and the client shows this text instead of a plain 'Suspended'.
 */
export const BALL_RUNNING_REASON = 'Ball running';
/** The longest suspension reason the feed gives. */
export const SUSPENDED_REASON_MAX_LENGTH = 80;

export const eventIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const marketIdSchema = z
  .string()
  .trim()
  .regex(/^1\.\d{1,15}$/, 'Unknown market');
export const runnerIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Best back or lay price of a runner and the rupees available at it. */
export const priceSizeSchema = z.object({ price: z.number(), size: z.number() });
export type PriceSize = z.infer<typeof priceSizeSchema>;

/** An event as lists show it (spec §3: id, title, status, matchDate, sportId, sportName, pin). */
export const eventSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(EVENT_STATUSES),
  /** The start time (ISO 8601), or `In-Play` while the event is being played. */
  matchDate: z.string(),
  /** The start time (ISO 8601), whatever the status. */
  openDate: z.string(),
  /** The venue's clock (an IANA zone such as `Europe/London`), or null where the feed gave none. */
  venueTimeZone: z.string().nullable(),
  sportId: z.number(),
  sportName: z.string(),
  competition: z.string(),
  /** The feed's id of the event: the `dreamEventId` of `/markets/:eventid?/:dreamEventId`. */
  externalId: z.string(),
  /** Whether the player pinned it (false for guests; pins live in the client, spec §4). */
  pin: z.boolean(),
  /** A one-line live score while in play or finished, else null. */
  score: z.string().nullable(),
  /** The match odds market and its best prices, for list pages; null when it has none open. */
  matchOdds: z
    .object({
      marketId: z.string(),
      status: z.enum(MARKET_STATUSES),
      runners: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          back: priceSizeSchema.nullable(),
          lay: priceSizeSchema.nullable(),
        }),
      ),
    })
    .nullable(),
});
export type SportEvent = z.infer<typeof eventSchema>;

/** `Event/TreeSportWithEvent`: the sports a visitor may see, each with its events (spec §6). */
export const sportTreeSchema = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    order: z.number(),
    events: z.array(eventSchema),
  }),
);
export type SportTree = z.infer<typeof sportTreeSchema>;

/** `event/GetBySportName`: one sport's events, by name (`Cricket`) or by id. */
export const eventsBySportQuerySchema = z
  .object({
    sportName: z.string().trim().min(1).max(40).optional(),
    sportId: sportIdSchema.optional(),
  })
  .refine((q) => q.sportName !== undefined || q.sportId !== undefined, {
    message: 'Name a sport',
  });
export const eventListSchema = z.array(eventSchema);

/** `Event/Closest`: the events starting soonest (in play first), across the visible sports. */
export const closestEventsQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(50).default(10),
  /** Only events whose title or competition contains this text (the header search box). */
  search: z.string().trim().max(60).optional(),
});

export const runnerSchema = z.object({
  id: z.number(),
  name: z.string(),
  sortOrder: z.number(),
  /** Set once the market settles: WINNER, LOSER or VOID. */
  result: z.enum(['WINNER', 'LOSER', 'VOID']).nullable(),
});

/** A market of an event. */
export const marketSchema = z.object({
  id: z.string(),
  eventId: z.number(),
  name: z.string(),
  type: z.enum(MARKET_TYPES),
  status: z.enum(MARKET_STATUSES),
  inPlay: z.boolean(),
  /** Seconds an in-play bet waits before it reaches the book. */
  betDelaySeconds: z.number(),
  /**
   * FANCY: one run value V of a session, as V - 0.5 (84.5 for 85): its first runner is YES (the
   * session reaches V: back it), the second NO (it stays below V: lay the first). A session's
   * values share the market's name; only the values quoted now are listed ('No 84', 'Yes 85').
   * Null for other markets.
   */
  line: z.number().nullable(),
  /** BOOKMAKER and FANCY: bets are matched now or not at all (nothing rests unmatched). */
  fillOrKill: z.boolean(),
  /** Why the feed suspended it ('Ball running', 'Wicket'), while suspended; else null. */
  suspendedReason: z.string().nullable(),
  runners: z.array(runnerSchema),
});
export type Market = z.infer<typeof marketSchema>;

/** `Market/GetByEventId`. */
export const marketsByEventQuerySchema = z.object({ eventId: eventIdSchema });
export const eventMarketsSchema = z.object({ event: eventSchema, markets: z.array(marketSchema) });
export type EventMarkets = z.infer<typeof eventMarketsSchema>;

/** `Odds/GetUserOddsV2`: by market ids (comma separated, up to 20) or by event. */
export const userOddsQuerySchema = z
  .object({
    marketIds: z
      .string()
      .trim()
      .max(400)
      .transform((v) => v.split(',').filter(Boolean))
      .pipe(z.array(marketIdSchema).max(20))
      .optional(),
    eventId: eventIdSchema.optional(),
  })
  .refine((q) => (q.marketIds?.length ?? 0) > 0 || q.eventId !== undefined, {
    message: 'Name markets or an event',
  });

export const ODDS_DEPTH = 3;
export const marketOddsSchema = z.object({
  marketId: z.string(),
  status: z.enum(MARKET_STATUSES),
  inPlay: z.boolean(),
  /** As the market's `suspendedReason`. */
  suspendedReason: z.string().nullable(),
  runners: z.array(
    z.object({
      runnerId: z.number(),
      /** Best first: highest back prices, lowest lay prices; up to ODDS_DEPTH each. */
      back: z.array(priceSizeSchema),
      lay: z.array(priceSizeSchema),
    }),
  ),
  /** When these prices were read, epoch milliseconds. */
  publishedAt: z.number(),
});
export type MarketOdds = z.infer<typeof marketOddsSchema>;
export const userOddsSchema = z.array(marketOddsSchema);

/** `Odds/GetUserLimits`: what one bet on a market may be, for the player's domain and sport. */
export const userLimitsQuerySchema = z.object({ marketId: marketIdSchema });
export const userLimitsSchema = z.object({
  marketId: z.string(),
  sportId: z.number(),
  minStake: z.number(),
  maxStake: z.number(),
  /** The most the player may stand to lose on the market, all bets together. */
  maxLiability: z.number(),
  betDelaySeconds: z.number(),
  /** Commission on net market winnings, percent. */
  commissionPercent: z.number(),
});
export type UserLimits = z.infer<typeof userLimitsSchema>;

/** `services/app/Sport/GetScoreCard`. */
export const scoreCardQuerySchema = z.object({ eventId: eventIdSchema });
export const scoreCardSchema = z.object({
  eventId: z.number(),
  sportId: z.number(),
  status: z.enum(EVENT_STATUSES),
  /** One line, e.g. `IND 152/4 (17.2) v AUS 180/7`. */
  summary: z.string(),
  /** Sides or runners with their score, in order. */
  teams: z.array(z.object({ name: z.string(), score: z.string() })),
  /** The latest happenings, newest first (a wicket, a goal, a break of serve). */
  commentary: z.array(z.string()),
  updatedAt: z.string(),
});
export type ScoreCard = z.infer<typeof scoreCardSchema>;

/** `Tv/GetStream` (spec §7: success when status is 1). */
export const tvStreamRequestSchema = z.object({ eventId: eventIdSchema });
export const tvStreamSchema = z.object({
  status: z.number().int().min(0).max(1),
  url: z.string().nullable(),
  /** True when the stream is the built-in feed's placeholder, not video of the event. */
  placeholder: z.boolean(),
  message: z.string(),
});
export type TvStream = z.infer<typeof tvStreamSchema>;
