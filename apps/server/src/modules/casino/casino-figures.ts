/**
 * The casino as operators read it: real-money figures by day, game, provider and brand (the
 * rounds' stakes less refunds are the turnover, their wins what was paid, and the difference
 * the gross gaming revenue), the round lookup, and one round with every callback of it.
 */
import type {
  CasinoFigure,
  CasinoFigures,
  CasinoRoundDetail,
  CasinoRoundSummary,
} from '@backlay/contract/admin-casino';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { likeLiteral } from '../../db/like-pattern';
import { toMinor } from '../wallet';
import { ROUND_COLUMNS, type RoundRow } from './rounds';

interface FigureRow {
  grouping: number;
  day: string | null;
  game_code: string | null;
  name: string | null;
  provider: string | null;
  domain: string | null;
  rounds: number;
  players: number;
  turnover_minor: string | number;
  wins_minor: string | number;
}

function figureOf(row: Pick<FigureRow, 'rounds' | 'players' | 'turnover_minor' | 'wins_minor'>) {
  const turnover = toMinor(row.turnover_minor);
  const wins = toMinor(row.wins_minor);
  return {
    rounds: row.rounds,
    players: row.players,
    turnover: fromMinorUnits(turnover),
    wins: fromMinorUnits(wins),
    ggr: fromMinorUnits(turnover - wins),
  } satisfies CasinoFigure;
}

const NO_FIGURE = { rounds: 0, players: 0, turnover_minor: 0, wins_minor: 0 };

/**
 * The last `days` days in UTC for `brands` (null: every brand), by the day each round started.
 * Only real money counts: demo players' rounds are play money.
 */
export async function casinoFigures(
  db: Queryable,
  brands: string[] | null,
  days: number,
  at: Date,
  providerName: (code: string) => string,
): Promise<Omit<CasinoFigures, 'brands'>> {
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const since = new Date(today - (days - 1) * 86_400_000);
  const rows = await db.query<FigureRow>(
    `SELECT GROUPING(day, game_code, provider, domain) AS grouping, day, game_code, name,
       provider, domain, count(*)::int AS rounds, count(DISTINCT player_id)::int AS players,
       coalesce(sum(stake_minor - refund_minor), 0) AS turnover_minor,
       coalesce(sum(win_minor), 0) AS wins_minor
     FROM (
       SELECT to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, r.game_code,
         g.name, r.provider, r.domain, r.player_id, r.stake_minor, r.refund_minor, r.win_minor
       FROM casino_rounds r JOIN casino_games g ON g.game_code = r.game_code
       WHERE r.book = 'real' AND r.created_at >= $2
         AND ($1::text[] IS NULL OR r.domain = ANY ($1))
     ) r
     GROUP BY GROUPING SETS ((day), (game_code, name, provider), (provider), (domain), ())`,
    [brands, since],
  );
  // GROUPING's bits, first column highest, 1 where a column is not grouped: 0b0111 is by day
  // alone, 0b1001 by game (and its provider), and so on.
  const by = (bits: number) => rows.filter((row) => row.grouping === bits);
  const byDay = new Map(by(0b0111).map((row) => [row.day, row]));
  const dayList: string[] = [];
  for (let i = 0; i < days; i++) {
    dayList.push(new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10));
  }
  const busiest = (a: FigureRow, b: FigureRow) =>
    toMinor(b.turnover_minor) - toMinor(a.turnover_minor) || b.rounds - a.rounds;
  return {
    since: dayList[0] ?? since.toISOString().slice(0, 10),
    totals: figureOf(by(0b1111)[0] ?? NO_FIGURE),
    days: dayList.map((day) => ({ day, ...figureOf(byDay.get(day) ?? NO_FIGURE) })),
    games: by(0b1001)
      .sort(busiest)
      .map((row) => ({
        gameCode: row.game_code ?? '',
        name: row.name ?? row.game_code ?? '',
        provider: row.provider ?? '',
        ...figureOf(row),
      })),
    providers: by(0b1101)
      .sort(busiest)
      .map((row) => ({
        provider: row.provider ?? '',
        name: providerName(row.provider ?? ''),
        ...figureOf(row),
      })),
    byBrand: by(0b1110)
      .sort(busiest)
      .map((row) => ({ brand: row.domain ?? '', ...figureOf(row) })),
  };
}

type RoundListRow = RoundRow & { game_name: string };

function summaryOf(row: RoundListRow, userName: string | null): CasinoRoundSummary {
  return {
    id: row.id,
    roundId: row.round_id,
    provider: row.provider,
    brand: row.domain,
    playerId: row.player_id,
    userName,
    demo: row.book === 'play',
    gameCode: row.game_code,
    gameName: row.game_name,
    status: row.status,
    stake: fromMinorUnits(toMinor(row.stake_minor)),
    win: fromMinorUnits(toMinor(row.win_minor)),
    refunded: fromMinorUnits(toMinor(row.refund_minor)),
    startedAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
  };
}

const ROUND_LIST_COLUMNS = ROUND_COLUMNS.split(',')
  .map((column) => `r.${column.trim()}`)
  .join(', ');

/** A page cursor: a round's start time and id. */
function cursorOf(row: { created_at: Date; id: string }): string {
  return `${row.created_at.toISOString()}_${row.id}`;
}

function readCursor(cursor: string | undefined): { at: Date; id: string } | null {
  const match = /^(\d{4}-\d{2}-\d{2}T[\d:.]+Z)_([0-9a-f-]{36})$/.exec(cursor ?? '');
  if (!match?.[1] || !match[2]) return null;
  const at = new Date(match[1]);
  return Number.isNaN(at.getTime()) ? null : { at, id: match[2] };
}

export interface RoundSearch {
  brands: string[] | null;
  playerId?: string | undefined;
  provider?: string | undefined;
  roundId?: string | undefined;
  gameCode?: string | undefined;
  before?: string | undefined;
  limit: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rounds, newest first, as the lookup filters them; `userNames` resolves players. */
export async function searchRounds(
  db: Queryable,
  search: RoundSearch,
  userNames: (rows: { domain: string; playerId: string }[]) => Promise<Map<string, string>>,
): Promise<{ items: CasinoRoundSummary[]; nextBefore: string | null }> {
  const after = readCursor(search.before);
  const roundUuid = search.roundId && UUID.test(search.roundId) ? search.roundId : null;
  const rows = await db.query<RoundListRow>(
    `SELECT ${ROUND_LIST_COLUMNS}, g.name AS game_name
     FROM casino_rounds r JOIN casino_games g ON g.game_code = r.game_code
     WHERE ($1::text[] IS NULL OR r.domain = ANY ($1))
       AND ($2::uuid IS NULL OR r.player_id = $2)
       AND ($3::text IS NULL OR r.provider = $3)
       AND ($4::text IS NULL OR r.round_id = $4 OR r.id = $5::uuid
         OR r.round_id LIKE $10 ESCAPE '\\')
       AND ($6::text IS NULL OR r.game_code = $6)
       AND ($7::timestamptz IS NULL OR (r.created_at, r.id) < ($7, $8::uuid))
     ORDER BY r.created_at DESC, r.id DESC
     LIMIT $9`,
    [
      search.brands,
      search.playerId ?? null,
      search.provider ?? null,
      search.roundId ?? null,
      roundUuid,
      search.gameCode ?? null,
      after?.at ?? null,
      after?.id ?? null,
      search.limit + 1,
      // The wallet rounds of the provider's round, when it pays each bet as a round of its own.
      search.roundId ? `${likeLiteral(search.roundId)}.%` : null,
    ],
  );
  const page = rows.slice(0, search.limit);
  const names = await userNames(page.map((r) => ({ domain: r.domain, playerId: r.player_id })));
  const last = page.at(-1);
  return {
    items: page.map((row) => summaryOf(row, names.get(row.player_id) ?? null)),
    nextBefore: rows.length > page.length && last ? cursorOf(last) : null,
  };
}

/** One round with every callback of it, oldest first; null when there is none. */
export async function roundDetail(
  db: Queryable,
  id: string,
  userName: (domain: string, playerId: string) => Promise<string | null>,
): Promise<CasinoRoundDetail | null> {
  const [row] = await db.query<
    RoundListRow & {
      language: string;
      currency: string;
      launched_at: Date;
      expires_at: Date;
    }
  >(
    `SELECT ${ROUND_LIST_COLUMNS}, g.name AS game_name, l.language, l.currency,
       l.created_at AS launched_at, l.expires_at
     FROM casino_rounds r
     JOIN casino_games g ON g.game_code = r.game_code
     JOIN casino_launches l ON l.id = r.launch_id
     WHERE r.id = $1`,
    [id],
  );
  if (!row) return null;
  const callbacks = await db.query<{
    transaction_id: string;
    kind: 'debit' | 'credit' | 'rollback';
    reference_transaction_id: string | null;
    amount_minor: string | number;
    outcome: string;
    rolled_back_by: string | null;
    created_at: Date;
  }>(
    `SELECT transaction_id, kind, reference_transaction_id, amount_minor, outcome, rolled_back_by,
       created_at
     FROM casino_transactions
     WHERE provider = $1 AND (round = $2 OR (round IS NULL AND round_id = $3))
     ORDER BY created_at, transaction_id`,
    [row.provider, row.id, row.round_id],
  );
  return {
    ...summaryOf(row, await userName(row.domain, row.player_id)),
    callbacks: callbacks.map((c) => ({
      transactionId: c.transaction_id,
      kind: c.kind,
      referenceTransactionId: c.reference_transaction_id,
      amount: fromMinorUnits(toMinor(c.amount_minor)),
      outcome: c.outcome,
      rolledBackBy: c.rolled_back_by,
      at: c.created_at.toISOString(),
    })),
    launch: {
      id: row.launch_id,
      language: row.language,
      currency: row.currency,
      startedAt: row.launched_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
    },
  };
}

/** A player's real-money rounds over the last 30 days. */
export async function playerCasinoSummary(db: Queryable, playerId: string, at: Date) {
  const [row] = await db.query<{ rounds: number; stake_minor: string; win_minor: string }>(
    `SELECT count(*)::int AS rounds,
       coalesce(sum(stake_minor - refund_minor), 0)::text AS stake_minor,
       coalesce(sum(win_minor), 0)::text AS win_minor
     FROM casino_rounds WHERE player_id = $1 AND book = 'real' AND created_at >= $2`,
    [playerId, new Date(at.getTime() - 30 * 86_400_000)],
  );
  const stake = toMinor(row?.stake_minor ?? 0);
  const win = toMinor(row?.win_minor ?? 0);
  return {
    rounds: row?.rounds ?? 0,
    stake: fromMinorUnits(stake),
    win: fromMinorUnits(win),
    net: fromMinorUnits(win - stake),
  };
}
