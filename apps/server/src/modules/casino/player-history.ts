/**
 * A player's casino play as their own pages read it: the casino tab of bet history (rounds,
 * newest first) and of P&L (the result per game), both over calendar days in India's time, and
 * the game names the statement shows beside casino movements.
 */
import type {
  CasinoProfitLoss,
  CasinoRound,
  CasinoRounds,
  casinoRoundsRequestSchema,
} from '@backlay/contract/casino';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import type { Player } from '../../http/api-route';
import { bookOf, toMinor } from '../wallet';
import type { RoundState } from './rounds';

type RoundsQuery = z.output<typeof casinoRoundsRequestSchema>;

/** The start of a calendar day in India (UTC+05:30). */
function indiaDay(day: string, offsetDays = 0): Date {
  const start = new Date(`${day}T00:00:00+05:30`);
  return new Date(start.getTime() + offsetDays * 86_400_000);
}

function bounds(query: RoundsQuery) {
  return {
    from: query.from ? indiaDay(query.from) : null,
    to: query.to ? indiaDay(query.to, 1) : null,
  };
}

/** The rounds' filter: $1 player, $2 domain, $3 book, $4 from, $5 to. */
const PLAYER_ROUNDS = `casino_rounds r JOIN casino_games g ON g.game_code = r.game_code
  WHERE r.player_id = $1 AND r.domain = $2 AND r.book = $3
    AND ($4::timestamptz IS NULL OR r.created_at >= $4)
    AND ($5::timestamptz IS NULL OR r.created_at < $5)`;

interface TotalRow {
  rounds: number;
  stake_minor: string | number;
  win_minor: string | number;
}

function totalOf(row: TotalRow | undefined) {
  const stake = toMinor(row?.stake_minor ?? 0);
  const win = toMinor(row?.win_minor ?? 0);
  return {
    rounds: row?.rounds ?? 0,
    stake: fromMinorUnits(stake),
    win: fromMinorUnits(win),
    net: fromMinorUnits(win - stake),
  };
}

/** `Casino/GetRounds`: the player's rounds, newest first, with the totals of the period. */
export async function playerRounds(
  db: Queryable,
  player: Player,
  query: RoundsQuery,
): Promise<CasinoRounds> {
  const { from, to } = bounds(query);
  const params = [player.id, player.domain, bookOf(player), from, to];
  const rows = await db.query<{
    id: string;
    created_at: Date;
    game_code: string;
    name: string;
    provider: string;
    status: RoundState;
    stake_minor: string | number;
    win_minor: string | number;
  }>(
    `SELECT r.id, r.created_at, r.game_code, g.name, r.provider, r.status,
       r.stake_minor - r.refund_minor AS stake_minor, r.win_minor
     FROM ${PLAYER_ROUNDS}
     ORDER BY r.created_at DESC, r.id DESC LIMIT $6 OFFSET $7`,
    [...params, query.MaxResultCount, query.SkipCount],
  );
  const [total] = await db.query<TotalRow>(
    `SELECT count(*)::int AS rounds, coalesce(sum(r.stake_minor - r.refund_minor), 0) AS stake_minor,
       coalesce(sum(r.win_minor), 0) AS win_minor
     FROM ${PLAYER_ROUNDS}`,
    params,
  );
  const items = rows.map((row): CasinoRound => {
    const stake = toMinor(row.stake_minor);
    const win = toMinor(row.win_minor);
    return {
      id: row.id,
      time: row.created_at.toISOString(),
      gameCode: row.game_code,
      gameName: row.name,
      provider: row.provider,
      status: row.status,
      stake: fromMinorUnits(stake),
      win: fromMinorUnits(win),
      net: fromMinorUnits(win - stake),
    };
  });
  return { totalCount: total?.rounds ?? 0, items, total: totalOf(total) };
}

/** `Casino/GetProfitLoss`: the player's result per game over the period, biggest stake first. */
export async function playerCasinoProfitLoss(
  db: Queryable,
  player: Player,
  query: RoundsQuery,
): Promise<CasinoProfitLoss> {
  const { from, to } = bounds(query);
  const params = [player.id, player.domain, bookOf(player), from, to];
  const rows = await db.query<TotalRow & { game_code: string; name: string; provider: string }>(
    `SELECT r.game_code, g.name, g.provider, count(*)::int AS rounds,
       sum(r.stake_minor - r.refund_minor) AS stake_minor, sum(r.win_minor) AS win_minor
     FROM ${PLAYER_ROUNDS}
     GROUP BY r.game_code, g.name, g.provider
     ORDER BY sum(r.stake_minor - r.refund_minor) DESC, r.game_code
     LIMIT $6 OFFSET $7`,
    [...params, query.MaxResultCount, query.SkipCount],
  );
  const [total] = await db.query<TotalRow & { games: number }>(
    `SELECT count(DISTINCT r.game_code)::int AS games, count(*)::int AS rounds,
       coalesce(sum(r.stake_minor - r.refund_minor), 0) AS stake_minor,
       coalesce(sum(r.win_minor), 0) AS win_minor
     FROM ${PLAYER_ROUNDS}`,
    params,
  );
  return {
    totalCount: total?.games ?? 0,
    items: rows.map((row) => ({
      gameCode: row.game_code,
      gameName: row.name,
      provider: row.provider,
      ...totalOf(row),
    })),
    total: totalOf(total),
  };
}

const REFERENCE = /^casino:([a-z][a-z0-9-]{1,30}):(.+)$/;

/**
 * The game of each casino movement's reference (`casino:<provider>:<round id>`, as the wallet
 * keeps it), for the statement: reference → game name. References of no round are left out.
 */
export async function casinoGameNames(
  db: Queryable,
  references: readonly (string | null)[],
): Promise<Map<string, string>> {
  const pairs = [...new Set(references.filter((r): r is string => r !== null))]
    .map((reference) => REFERENCE.exec(reference))
    .filter((match): match is RegExpExecArray => match !== null);
  if (pairs.length === 0) return new Map();
  const rows = await db.query<{ provider: string; round_id: string; name: string }>(
    `SELECT r.provider, r.round_id, g.name
     FROM unnest($1::text[], $2::text[]) AS k (provider, round_id)
     JOIN casino_rounds r ON r.provider = k.provider AND r.round_id = k.round_id
     JOIN casino_games g ON g.game_code = r.game_code`,
    [pairs.map((m) => m[1]), pairs.map((m) => m[2])],
  );
  return new Map(rows.map((row) => [`casino:${row.provider}:${row.round_id}`, row.name]));
}
