/**
 * Reading sports events and markets for the player calls, in the contract's wire shapes. The
 * feed writes these tables (modules/feed); the exchange writes bets.
 */
import {
  IN_PLAY_MATCH_DATE,
  SPORT_NAMES,
  type EventStatus,
  type Market,
  type ScoreCard,
  type SportEvent,
  type SportId,
} from '@backlay/contract/sports';
import type { ScoreSession } from '@backlay/contract/live-media';
import type { Queryable } from '../../db/database';
import { SUSPENDED_REASON, readOdds } from '../exchange';
import { type Book } from '../wallet';

export interface FeedScoreJson {
  summary: string;
  teams: { name: string; score: string }[];
  commentary: string[];
  /** Where each fancy session stands, by its key ('fancy:6-over-runs:MI'); cricket only. */
  sessions?: { key: string; value: number | null }[];
}

interface EventRow {
  id: string;
  external_id: string;
  sport_id: SportId;
  competition: string;
  title: string;
  start_at: Date;
  venue_time_zone: string | null;
  status: EventStatus;
  score: FeedScoreJson | null;
  updated_at: Date;
  match_odds_id: string | null;
}

const EVENT_SELECT = `
  SELECT e.id, e.external_id, e.sport_id, e.competition, e.title, e.start_at, e.venue_time_zone,
    e.status, e.score, e.updated_at,
    -- The event's first MATCH_ODDS market (its match odds; goal lines and set betting come
    -- after it), while it can be bet on: never a later market once the match odds is over.
    (SELECT m.id FROM (SELECT id, status FROM markets
                       WHERE event_id = e.id AND type = 'MATCH_ODDS'
                       ORDER BY sort_order LIMIT 1) m
     WHERE m.status IN ('OPEN', 'SUSPENDED')) AS match_odds_id
  FROM sport_events e`;

export interface EventQuery {
  sportIds: readonly SportId[];
  /** Only these statuses; by default what can still be bet on. */
  statuses?: readonly EventStatus[];
  search?: string;
  limit?: number;
  eventId?: number;
  externalId?: string;
}

/** Events in play first, then by start time, each with its match odds' best prices. */
export async function listEvents(
  db: Queryable,
  query: EventQuery,
  book: Book,
): Promise<SportEvent[]> {
  const statuses = query.statuses ?? ['UPCOMING', 'IN_PLAY'];
  const rows = await db.query<EventRow>(
    `${EVENT_SELECT}
     WHERE e.sport_id = ANY($1::int[]) AND e.status = ANY($2::text[])
       AND ($3::text IS NULL OR e.title ILIKE $3 OR e.competition ILIKE $3)
       AND ($5::bigint IS NULL OR e.id = $5)
       AND ($6::text IS NULL OR e.external_id = $6)
     ORDER BY (e.status = 'IN_PLAY') DESC, e.start_at, e.id
     LIMIT $4`,
    [
      [...query.sportIds],
      [...statuses],
      query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
      query.limit ?? 200,
      query.eventId ?? null,
      query.externalId ?? null,
    ],
  );
  const marketIds = rows.flatMap((row) => (row.match_odds_id ? [row.match_odds_id] : []));
  const odds = new Map((await readOdds(db, marketIds, book, 1)).map((o) => [o.marketId, o]));
  const runners = await runnersOf(db, marketIds);
  return rows.map((row) => {
    const market = row.match_odds_id ? odds.get(row.match_odds_id) : undefined;
    return {
      id: Number(row.id),
      title: row.title,
      status: row.status,
      matchDate: row.status === 'IN_PLAY' ? IN_PLAY_MATCH_DATE : row.start_at.toISOString(),
      openDate: row.start_at.toISOString(),
      venueTimeZone: row.venue_time_zone,
      sportId: row.sport_id,
      sportName: SPORT_NAMES[row.sport_id],
      competition: row.competition,
      externalId: row.external_id,
      pin: false,
      score: row.score?.summary ?? null,
      matchOdds: market
        ? {
            marketId: market.marketId,
            status: market.status,
            runners: market.runners.map((runner) => ({
              id: runner.runnerId,
              name: runners.get(`${market.marketId}:${runner.runnerId}`) ?? '',
              back: runner.back[0] ?? null,
              lay: runner.lay[0] ?? null,
            })),
          }
        : null,
    };
  });
}

async function runnersOf(db: Queryable, marketIds: string[]): Promise<Map<string, string>> {
  if (marketIds.length === 0) return new Map();
  const rows = await db.query<{ market_id: string; runner_id: number; name: string }>(
    'SELECT market_id, runner_id, name FROM market_runners WHERE market_id = ANY($1::text[])',
    [marketIds],
  );
  return new Map(rows.map((row) => [`${row.market_id}:${row.runner_id}`, row.name]));
}

/** An event of any status by id, with its sport. */
export async function findEventSport(
  db: Queryable,
  eventId: number,
): Promise<{ sportId: SportId; status: EventStatus } | undefined> {
  const [row] = await db.query<{ sport_id: SportId; status: EventStatus }>(
    'SELECT sport_id, status FROM sport_events WHERE id = $1',
    [eventId],
  );
  return row && { sportId: row.sport_id, status: row.status };
}

interface MarketListRow {
  id: string;
  event_id: string;
  name: string;
  type: Market['type'];
  status: Market['status'];
  in_play: boolean;
  bet_delay_seconds: number;
  line: string | null;
  fill_or_kill: boolean;
  suspended_reason: string | null;
  winner_runner_id: number | null;
  runners: { id: number; name: string; sortOrder: number }[];
}

/**
 * Every market of an event, match odds first; of a fancy session's run values only those the
 * feed quotes now (with fair prices): the others, left behind as the line moved, still settle
 * but would list hundreds of dead values per match.
 */
export async function listMarkets(db: Queryable, eventId: number): Promise<Market[]> {
  const rows = await db.query<MarketListRow>(
    `SELECT m.id, m.event_id, m.name, m.type, m.status, m.in_play, m.bet_delay_seconds, m.line,
       m.fill_or_kill, ${SUSPENDED_REASON} AS suspended_reason, m.winner_runner_id,
       (SELECT coalesce(json_agg(json_build_object('id', r.runner_id, 'name', r.name,
          'sortOrder', r.sort_order) ORDER BY r.sort_order), '[]'::json)
        FROM market_runners r WHERE r.market_id = m.id) AS runners
     FROM markets m
     WHERE m.event_id = $1 AND (m.type <> 'FANCY' OR m.fair_probabilities IS NOT NULL)
     ORDER BY m.sort_order, m.id`,
    [eventId],
  );
  return rows.map((row) => ({
    id: row.id,
    eventId: Number(row.event_id),
    name: row.name,
    type: row.type,
    status: row.status,
    inPlay: row.in_play,
    betDelaySeconds: row.bet_delay_seconds,
    line: row.line === null ? null : Number(row.line),
    fillOrKill: row.fill_or_kill,
    suspendedReason: row.suspended_reason,
    runners: row.runners.map((runner) => ({
      ...runner,
      result:
        row.status !== 'SETTLED'
          ? null
          : row.winner_runner_id === null
            ? 'VOID'
            : runner.id === row.winner_runner_id
              ? 'WINNER'
              : 'LOSER',
    })),
  }));
}

/** The event's score card, or undefined for an unknown event. */
export async function readScoreCard(
  db: Queryable,
  eventId: number,
): Promise<ScoreCard | undefined> {
  const [row] = await db.query<EventRow>(`${EVENT_SELECT} WHERE e.id = $1`, [eventId]);
  if (!row) return undefined;
  const score = row.score;
  return {
    eventId: Number(row.id),
    sportId: row.sport_id,
    status: row.status,
    summary:
      score?.summary ??
      (row.status === 'UPCOMING' ? `Starts ${row.start_at.toISOString()}` : row.title),
    teams: score?.teams ?? [],
    commentary: score?.commentary ?? [],
    updatedAt: row.updated_at.toISOString(),
  };
}

interface SessionHeadRow {
  id: string;
  name: string;
  market_key: string;
  line: string;
}

/**
 * The event's fancy sessions (a session is its FANCY markets of one name, one per run value),
 * each by the value the house takes No at now: the lowest quoted one still open or suspended,
 * else the lowest still open or suspended, else the lowest of all. The runs are the feed's
 * latest word on the session; none yet reads as null, never as a guess.
 */
export async function readScoreSession(
  db: Queryable,
  eventId: number,
): Promise<ScoreSession | undefined> {
  const [event] = await db.query<{ score: FeedScoreJson | null; updated_at: Date }>(
    'SELECT score, updated_at FROM sport_events WHERE id = $1',
    [eventId],
  );
  if (!event) return undefined;
  const heads = await db.query<SessionHeadRow>(
    `SELECT h.id, h.name, h.market_key, h.line FROM (
       SELECT DISTINCT ON (m.name) m.id, m.name, m.market_key, m.line,
         min(m.sort_order) OVER (PARTITION BY m.name) AS first_order
       FROM markets m
       WHERE m.event_id = $1 AND m.type = 'FANCY' AND m.line IS NOT NULL
       ORDER BY m.name, m.status IN ('OPEN', 'SUSPENDED') DESC,
         m.fair_probabilities IS NOT NULL DESC, m.line, m.id
     ) h
     ORDER BY h.first_order, h.name`,
    [eventId],
  );
  const standing = new Map((event.score?.sessions ?? []).map((s) => [s.key, s.value]));
  return {
    eventId,
    sessions: heads.map((head) => ({
      marketId: head.id,
      name: head.name,
      line: Number(head.line),
      runs: standing.get(sessionKeyOf(head.market_key)) ?? null,
    })),
    updatedAt: event.updated_at.toISOString(),
  };
}

/** The session of a run value's market key: 'fancy:6-over-runs:MI@85' is 'fancy:6-over-runs:MI'. */
function sessionKeyOf(marketKey: string): string {
  const at = marketKey.lastIndexOf('@');
  return at < 0 ? marketKey : marketKey.slice(0, at);
}
