/**
 * The card tables' round log (migration 0032): rounds with their seeds, hashes and outcomes, and
 * bets, and the one place their states change. As in the crash game's log (`../round-log.ts`),
 * a move is one conditional UPDATE (`… WHERE status = ANY(<states it may leave>)`), so a
 * decision repeated or racing another (the table's settle against a restart's recovery) finds
 * the row as the other left it and moves nothing: each bet is decided, and paid, once.
 *
 * Bets move as the crash game's do (`BET_MOVES`). Rounds: BETTING → DEALING | VOIDED;
 * DEALING → RESULT; RESULT → SETTLED. The seed stays in the log from the start (a restart needs
 * it to finish the round) and is sent to players only once `revealed_at` is set.
 */
import type { CardBetKind, CardBetOutcome, CardWinner } from '@backlay/contract/card-games';
import type { DealtCard } from '@backlay/contract/card-fairness';
import type { Queryable } from '../../../db/database';
import {
  betInserter,
  betMover,
  OPEN_BET_STATES,
  sourcesOf,
  type NewStudioBet,
  type StudioBetRow,
} from '../round-log';
import type { BetLog } from '../studio-bets';

export const CARD_ROUND_STATES = ['BETTING', 'DEALING', 'RESULT', 'SETTLED', 'VOIDED'] as const;
export type CardRoundStatus = (typeof CARD_ROUND_STATES)[number];

export const CARD_ROUND_MOVES: Readonly<
  Partial<Record<CardRoundStatus, readonly CardRoundStatus[]>>
> = {
  BETTING: ['DEALING', 'VOIDED'],
  DEALING: ['RESULT'],
  RESULT: ['SETTLED'],
};

export interface CardRoundRow {
  id: string;
  game_code: string;
  number: number;
  seed: string;
  seed_hash: string;
  status: CardRoundStatus;
  betting_ends_at: Date;
  dealt_at: Date | null;
  winner: CardWinner | null;
  cards: DealtCard[] | null;
  revealed_at: Date | null;
  closed_at: Date | null;
}

const ROUND_COLUMNS = `id, game_code, number, seed, seed_hash, status, betting_ends_at, dealt_at,
  winner, cards, revealed_at, closed_at`;

/** The highest round number the game has played (0: none yet). */
export async function lastCardRoundNumber(db: Queryable, gameCode: string): Promise<number> {
  const [row] = await db.query<{ number: number | null }>(
    'SELECT max(number) AS number FROM card_rounds WHERE game_code = $1',
    [gameCode],
  );
  return row?.number ?? 0;
}

/** Writes a round as its betting opens (its seed secret, its hash published). */
export async function insertCardRound(
  db: Queryable,
  round: {
    id: string;
    gameCode: string;
    number: number;
    seed: string;
    seedHash: string;
    bettingEndsAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO card_rounds (id, game_code, number, seed, seed_hash, status, betting_ends_at)
     VALUES ($1, $2, $3, $4, $5, 'BETTING', $6)`,
    [round.id, round.gameCode, round.number, round.seed, round.seedHash, round.bettingEndsAt],
  );
}

/**
 * Moves a round to `to` if the table of moves allows it from where it is; RESULT writes the
 * outcome and reveals the seed; with `unlessBetsOpen`, only once none of its bets is still to
 * finish. Answers whether it moved.
 */
export async function moveCardRound(
  db: Queryable,
  id: string,
  to: CardRoundStatus,
  options: {
    dealtAt?: Date;
    outcome?: { winner: CardWinner; cards: readonly DealtCard[] };
    unlessBetsOpen?: boolean;
  } = {},
): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE card_rounds SET status = $2,
       dealt_at = COALESCE(dealt_at, $4),
       winner = COALESCE($5, winner),
       cards = COALESCE($6::jsonb, cards),
       revealed_at = CASE WHEN $7 THEN COALESCE(revealed_at, now()) ELSE revealed_at END,
       closed_at = CASE WHEN $8 THEN now() ELSE closed_at END
     WHERE id = $1 AND status = ANY($3::text[])
       AND NOT ($9 AND EXISTS (SELECT 1 FROM card_bets
         WHERE round_id = $1 AND status = ANY($10::text[])))
     RETURNING id`,
    [
      id,
      to,
      sourcesOf(CARD_ROUND_MOVES, to),
      options.dealtAt ?? null,
      options.outcome?.winner ?? null,
      options.outcome ? JSON.stringify(options.outcome.cards) : null,
      to === 'RESULT' || to === 'VOIDED',
      !(to in CARD_ROUND_MOVES),
      options.unlessBetsOpen ?? false,
      OPEN_BET_STATES,
    ],
  );
  return rows.length === 1;
}

export async function readCardRound(db: Queryable, id: string): Promise<CardRoundRow | null> {
  const [row] = await db.query<CardRoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM card_rounds WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/** The game's rounds not finished (a restart cut them off), oldest first. */
export async function unfinishedCardRounds(
  db: Queryable,
  gameCode: string,
): Promise<CardRoundRow[]> {
  return db.query<CardRoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM card_rounds
     WHERE game_code = $1 AND status IN ('BETTING', 'DEALING', 'RESULT') ORDER BY number`,
    [gameCode],
  );
}

/** Whether any of the games has an unfinished round (a cheap check at every start). */
export async function hasUnfinishedCardRounds(
  db: Queryable,
  gameCodes: readonly string[],
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM card_rounds
     WHERE game_code = ANY($1::text[]) AND status IN ('BETTING', 'DEALING', 'RESULT') LIMIT 1`,
    [gameCodes],
  );
  return rows.length > 0;
}

/** The game's last decided rounds (seed revealed), newest first. */
export async function recentCardRounds(
  db: Queryable,
  gameCode: string,
  limit: number,
): Promise<CardRoundRow[]> {
  return db.query<CardRoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM card_rounds
     WHERE game_code = $1 AND revealed_at IS NOT NULL AND winner IS NOT NULL
     ORDER BY number DESC LIMIT $2`,
    [gameCode, limit],
  );
}

// ---------------------------------------------------------------------------------------------
// Bets.

export interface CardBetRow extends StudioBetRow {
  bet_kind: CardBetKind;
  outcome: CardBetOutcome | null;
  return_minor: string | number | null;
}

const BET_COLUMNS = `id, round_id, provider, player_id, player_token, currency, bet_kind,
  amount_minor, status, outcome, return_minor, refusal`;

export interface NewCardBet extends NewStudioBet {
  betKind: CardBetKind;
}

/** Records card bets as PENDING, before their debits are sent; answers the ids stored. */
export const insertCardBets = betInserter<NewCardBet>('card_bets', [
  { name: 'bet_kind', type: 'text', of: (b) => b.betKind },
]);

/** What a decision writes besides the status. */
export interface CardBetDecision {
  outcome?: CardBetOutcome;
  returnMinor?: number;
  refusal?: string;
}

/** Moves card bets to `to` with their decisions' columns (`betMover` of the round log). */
export const moveCardBets = betMover<CardBetDecision>('card_bets', [
  { name: 'outcome', type: 'text', of: (d) => d.outcome },
  { name: 'return_minor', type: 'bigint', of: (d) => d.returnMinor },
  { name: 'refusal', type: 'text', of: (d) => d.refusal },
]);

/** A card game's bet writes, as the studio's shared plumbing takes them. */
export const cardBetLog = (db: Queryable): BetLog<NewCardBet, CardBetDecision> => ({
  insert: (bets) => insertCardBets(db, bets),
  move: (to, bets) => moveCardBets(db, to, bets),
});

export async function cardRoundBets(db: Queryable, roundId: string): Promise<CardBetRow[]> {
  return db.query<CardBetRow>(
    `SELECT ${BET_COLUMNS} FROM card_bets WHERE round_id = $1 ORDER BY created_at, id`,
    [roundId],
  );
}
