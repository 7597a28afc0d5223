/**
 * The studio's round log (migration 0028): its hash chains, rounds and bets, and the one place
 * their states change. A round and a bet each have a table of allowed moves; a move is one
 * conditional UPDATE (`… WHERE status = ANY(<states it may leave>)`), atomic on its rows, so a
 * decision racing another (a cash-out against the crash, a restart's refund against a late
 * credit) finds the row as the other left it and moves nothing. Moves apply to many rows at once
 * (the crash closes every bet still in), which is why these are not `db/state-machine.ts` moves:
 * the studio's moves carry no money (its money is the wallet's, by callback), so there is no
 * effect to run under a lock.
 *
 * Bets: PENDING → PLACED | REFUSED | REFUNDING; PLACED → WON | LOST | REFUNDING;
 * WON → PAID; LOST → CLOSED; REFUNDING → REFUNDED. A decision is written before its callback is
 * sent (WON before the win's credit, REFUNDING before the rollback), so a restart finishes each
 * bet the way it was decided: never paid and refunded, never neither.
 */
import type { Queryable } from '../../db/database';
import type { BetLog } from './studio-bets';

export const BET_STATES = [
  'PENDING',
  'PLACED',
  'REFUSED',
  'WON',
  'LOST',
  'PAID',
  'CLOSED',
  'REFUNDING',
  'REFUNDED',
] as const;
export type BetStatus = (typeof BET_STATES)[number];

/** The bet's table of moves: the states each state may move to (the rest are final). */
export const BET_MOVES: Readonly<Partial<Record<BetStatus, readonly BetStatus[]>>> = {
  PENDING: ['PLACED', 'REFUSED', 'REFUNDING'],
  PLACED: ['WON', 'LOST', 'REFUNDING'],
  WON: ['PAID'],
  LOST: ['CLOSED'],
  REFUNDING: ['REFUNDED'],
};

/** Bets whose money is not finished yet: a round is closed only once none of its bets is. */
export const OPEN_BET_STATES: readonly BetStatus[] = [
  'PENDING',
  'PLACED',
  'WON',
  'LOST',
  'REFUNDING',
];

export const ROUND_STATES = ['BETTING', 'RUNNING', 'CRASHED', 'SETTLED', 'VOIDED'] as const;
export type RoundStatus = (typeof ROUND_STATES)[number];

export const ROUND_MOVES: Readonly<Partial<Record<RoundStatus, readonly RoundStatus[]>>> = {
  BETTING: ['RUNNING', 'VOIDED'],
  RUNNING: ['CRASHED', 'VOIDED'],
  CRASHED: ['SETTLED'],
};

/** The states a move into `to` may come from, by a table of moves. */
export function sourcesOf<S extends string>(
  moves: Readonly<Partial<Record<S, readonly S[]>>>,
  to: S,
): S[] {
  return (Object.entries(moves) as [S, readonly S[]][])
    .filter(([, targets]) => targets.includes(to))
    .map(([from]) => from);
}

/** A bigint column as a number, refusing what a JavaScript number cannot hold exactly. */
export function exactNumber(value: string | number | null): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`${String(value)} is not a safe integer`);
  return n;
}

export type CashOutReason = 'MANUAL' | 'AUTO' | 'MAX_WIN';

/** What a move writes besides the status (only the decision's own columns). */
export interface BetDecision {
  cashedOutCenti?: number;
  cashOutReason?: CashOutReason;
  winMinor?: number;
  refusal?: string;
}

/** A column of a bet table a write fills: its SQL type, and its value from what is written. */
export interface BetColumn<T> {
  name: string;
  type: 'text' | 'smallint' | 'integer' | 'bigint';
  of: (value: T) => unknown;
}

/**
 * The one statement by which every studio game's bets change state: moves bets of `table` to
 * `to`, each from whatever state it is in if `BET_MOVES` allows it, each with its own decision's
 * columns (one the decision leaves out keeps its value); answers the ids that moved (the others
 * were already elsewhere: a decision that lost a race, or a repeat).
 */
export function betMover<Decision>(table: string, decisionColumns: readonly BetColumn<Decision>[]) {
  // Built once from the game's own constant names (never from input).
  const names = decisionColumns.map((c) => c.name);
  const sql = `UPDATE ${table} b SET status = $1,
       ${names.map((name) => `${name} = COALESCE(d.${name}, b.${name})`).join(',\n       ')},
       decided_at = CASE WHEN $3 THEN b.decided_at ELSE COALESCE(b.decided_at, now()) END,
       closed_at = CASE WHEN $4 THEN now() ELSE b.closed_at END
     FROM unnest($5::text[], ${decisionColumns.map((c, i) => `$${i + 6}::${c.type}[]`).join(', ')})
       AS d(id, ${names.join(', ')})
     WHERE b.id = d.id AND b.status = ANY($2::text[])
     RETURNING b.id`;
  return async (
    db: Queryable,
    to: BetStatus,
    bets: readonly { id: string; decision?: Decision }[],
  ): Promise<Set<string>> => {
    if (bets.length === 0) return new Set();
    const rows = await db.query<{ id: string }>(sql, [
      to,
      sourcesOf(BET_MOVES, to),
      to === 'PLACED',
      !(to in BET_MOVES),
      bets.map((b) => b.id),
      ...decisionColumns.map((c) =>
        bets.map((b) => (b.decision === undefined ? null : (c.of(b.decision) ?? null))),
      ),
    ]);
    return new Set(rows.map((row) => row.id));
  };
}

/** What every studio game records of a new bet. */
export interface NewStudioBet {
  id: string;
  roundId: string;
  provider: string;
  playerId: string;
  playerToken: string;
  currency: string;
  amountMinor: number;
}

const NEW_BET_COLUMNS: readonly BetColumn<NewStudioBet>[] = [
  { name: 'id', type: 'text', of: (b) => b.id },
  { name: 'round_id', type: 'text', of: (b) => b.roundId },
  { name: 'provider', type: 'text', of: (b) => b.provider },
  { name: 'player_id', type: 'text', of: (b) => b.playerId },
  { name: 'player_token', type: 'text', of: (b) => b.playerToken },
  { name: 'currency', type: 'text', of: (b) => b.currency },
  { name: 'amount_minor', type: 'bigint', of: (b) => b.amountMinor },
];

/**
 * Records bets of `table` as PENDING, before their debits are sent (with the game's own
 * columns); answers the ids stored: a bet that conflicts with a stored one is not.
 */
export function betInserter<Bet extends NewStudioBet>(
  table: string,
  ownColumns: readonly BetColumn<Bet>[],
) {
  const columns = [...NEW_BET_COLUMNS, ...ownColumns];
  const names = columns.map((c) => c.name).join(', ');
  const sql = `INSERT INTO ${table} (${names}, status)
     SELECT ${names}, 'PENDING'
     FROM unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ')}) AS b(${names})
     ON CONFLICT DO NOTHING
     RETURNING id`;
  return async (db: Queryable, bets: readonly Bet[]): Promise<Set<string>> => {
    if (bets.length === 0) return new Set();
    const rows = await db.query<{ id: string }>(
      sql,
      columns.map((c) => bets.map((b) => c.of(b))),
    );
    return new Set(rows.map((row) => row.id));
  };
}

/**
 * Moves crash bets to `to` with their decisions' columns (`betMover`).
 */
export const moveBets = betMover<BetDecision>('house_game_bets', [
  { name: 'cashed_out_centi', type: 'integer', of: (d) => d.cashedOutCenti },
  { name: 'cash_out_reason', type: 'text', of: (d) => d.cashOutReason },
  { name: 'win_minor', type: 'bigint', of: (d) => d.winMinor },
  { name: 'refusal', type: 'text', of: (d) => d.refusal },
]);

/**
 * Moves a round to `to` if its table allows it from where it is (and, with `unlessBetsOpen`,
 * only once none of its bets is still to finish); answers whether it moved.
 */
export async function moveRound(
  db: Queryable,
  id: string,
  to: RoundStatus,
  at: { startedAt?: Date; crashedAt?: Date; unlessBetsOpen?: boolean } = {},
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE house_game_rounds SET status = $2,
       started_at = COALESCE($4, started_at),
       crashed_at = COALESCE($5, crashed_at),
       closed_at = CASE WHEN $6 THEN now() ELSE closed_at END
     WHERE id = $1 AND status = ANY($3::text[])
       AND NOT ($7 AND EXISTS (SELECT 1 FROM house_game_bets
         WHERE round_id = $1 AND status = ANY($8::text[])))
     RETURNING id`,
    [
      id,
      to,
      sourcesOf(ROUND_MOVES, to),
      at.startedAt ?? null,
      at.crashedAt ?? null,
      !(to in ROUND_MOVES),
      at.unlessBetsOpen ?? false,
      OPEN_BET_STATES,
    ],
  );
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// Chains.

export interface ChainRow {
  id: number;
  game_code: string;
  seed: string;
  terminating_hash: string;
  salt: string;
  house_edge_bp: number;
  length: number;
  created_at: Date;
}

const CHAIN_COLUMNS =
  'id, game_code, seed, terminating_hash, salt, house_edge_bp, length, created_at';

/** The game's chain in play, if any. */
export async function currentChain(db: Queryable, gameCode: string): Promise<ChainRow | null> {
  const [row] = await db.query<ChainRow>(
    `SELECT ${CHAIN_COLUMNS} FROM house_game_chains
     WHERE game_code = $1 AND retired_at IS NULL ORDER BY id DESC LIMIT 1`,
    [gameCode],
  );
  return row ?? null;
}

export async function chainById(db: Queryable, id: number): Promise<ChainRow | null> {
  const [row] = await db.query<ChainRow>(
    `SELECT ${CHAIN_COLUMNS} FROM house_game_chains WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

export async function insertChain(
  db: Queryable,
  chain: {
    gameCode: string;
    seed: string;
    terminatingHash: string;
    salt: string;
    houseEdgeBp: number;
    length: number;
  },
): Promise<ChainRow> {
  const [row] = await db.query<ChainRow>(
    `INSERT INTO house_game_chains (game_code, seed, terminating_hash, salt, house_edge_bp, length)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${CHAIN_COLUMNS}`,
    [
      chain.gameCode,
      chain.seed,
      chain.terminatingHash,
      chain.salt,
      chain.houseEdgeBp,
      chain.length,
    ],
  );
  if (!row) throw new Error('the new hash chain was not stored');
  return row;
}

export async function retireChain(db: Queryable, id: number): Promise<void> {
  await db.query(
    'UPDATE house_game_chains SET retired_at = now() WHERE id = $1 AND retired_at IS NULL',
    [id],
  );
}

/** The highest round number played from a chain (0: none yet). */
export async function lastRoundNumber(db: Queryable, chainId: number): Promise<number> {
  const [row] = await db.query<{ number: number | null }>(
    'SELECT max(number) AS number FROM house_game_rounds WHERE chain_id = $1',
    [chainId],
  );
  return row?.number ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Rounds.

export interface RoundRow {
  id: string;
  game_code: string;
  chain_id: number;
  number: number;
  hash: string;
  crash_point_centi: number;
  status: RoundStatus;
  betting_ends_at: Date;
  started_at: Date | null;
  crashed_at: Date | null;
  closed_at: Date | null;
}

const ROUND_COLUMNS = `id, game_code, chain_id, number, hash, crash_point_centi, status,
  betting_ends_at, started_at, crashed_at, closed_at`;

/**
 * Writes a round: taking bets, or (`finished`) a round nobody bet on, whole and settled at its
 * crash.
 */
export async function insertRound(
  db: Queryable,
  round: {
    id: string;
    gameCode: string;
    chainId: number;
    number: number;
    hash: string;
    crashPointCenti: number;
    bettingEndsAt: Date;
    finished?: { startedAt: Date; crashedAt: Date };
  },
): Promise<void> {
  await db.query(
    `INSERT INTO house_game_rounds (id, game_code, chain_id, number, hash, crash_point_centi,
       status, betting_ends_at, started_at, crashed_at, closed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $9::timestamptz IS NULL
       THEN NULL ELSE now() END)`,
    [
      round.id,
      round.gameCode,
      round.chainId,
      round.number,
      round.hash,
      round.crashPointCenti,
      round.finished ? 'SETTLED' : 'BETTING',
      round.bettingEndsAt,
      round.finished?.startedAt ?? null,
      round.finished?.crashedAt ?? null,
    ],
  );
}

export async function readRound(db: Queryable, id: string): Promise<RoundRow | null> {
  const [row] = await db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM house_game_rounds WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** The game's rounds not yet finished (a restart cut them off), oldest first. */
export async function unfinishedRounds(db: Queryable, gameCode: string): Promise<RoundRow[]> {
  return db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM house_game_rounds
     WHERE game_code = $1 AND status IN ('BETTING', 'RUNNING', 'CRASHED')
     ORDER BY created_at, number`,
    [gameCode],
  );
}

/** Whether any round of the game is unfinished (a cheap check at every start). */
export async function hasUnfinishedRounds(db: Queryable, gameCode: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM house_game_rounds
     WHERE game_code = $1 AND status IN ('BETTING', 'RUNNING', 'CRASHED') LIMIT 1`,
    [gameCode],
  );
  return rows.length > 0;
}

/** The game's last crashed rounds, newest first. */
export async function recentRounds(
  db: Queryable,
  gameCode: string,
  limit: number,
): Promise<RoundRow[]> {
  return db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM house_game_rounds
     WHERE game_code = $1 AND crashed_at IS NOT NULL
     ORDER BY crashed_at DESC LIMIT $2`,
    [gameCode, limit],
  );
}

// ---------------------------------------------------------------------------------------------
// Bets.

/** What every studio game's bet row holds (the game adds its own columns). */
export interface StudioBetRow {
  id: string;
  round_id: string;
  provider: string;
  player_id: string;
  player_token: string;
  currency: string;
  amount_minor: string | number;
  status: BetStatus;
  refusal: string | null;
}

export interface BetRow extends StudioBetRow {
  slot: number;
  auto_cash_out_centi: number | null;
  cashed_out_centi: number | null;
  cash_out_reason: CashOutReason | null;
  win_minor: string | number | null;
}

const BET_COLUMNS = `id, round_id, provider, player_id, player_token, currency, slot, amount_minor,
  auto_cash_out_centi, status, cashed_out_centi, cash_out_reason, win_minor, refusal`;

export interface NewBet extends NewStudioBet {
  slot: number;
  autoCashOutCenti: number | null;
}

/**
 * Records crash bets as PENDING (`betInserter`): a bet whose slot is taken in the database
 * (another instance's, or a stale one) is not stored.
 */
export const insertBets = betInserter<NewBet>('house_game_bets', [
  { name: 'slot', type: 'smallint', of: (b) => b.slot },
  { name: 'auto_cash_out_centi', type: 'integer', of: (b) => b.autoCashOutCenti },
]);

/** The crash game's bet writes, as the studio's shared plumbing takes them. */
export const crashBetLog = (db: Queryable): BetLog<NewBet, BetDecision> => ({
  insert: (bets) => insertBets(db, bets),
  move: (to, bets) => moveBets(db, to, bets),
});

export async function roundBets(db: Queryable, roundId: string): Promise<BetRow[]> {
  return db.query<BetRow>(
    `SELECT ${BET_COLUMNS} FROM house_game_bets WHERE round_id = $1 ORDER BY created_at, id`,
    [roundId],
  );
}
