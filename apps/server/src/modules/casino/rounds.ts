/**
 * Casino rounds. A round is opened by its first debit and then moves only through its table of
 * allowed moves, applied under the round's row lock by the generic state machine
 * (`db/state-machine.ts`), so a credit and a rollback racing on one round take turns and the
 * second finds the round as the first left it:
 *
 *   OPEN    → OPEN     another debit, or a credit that does not close the round
 *   OPEN    → SETTLED  the closing credit (a win, or zero for a loss)
 *   OPEN    → VOIDED   a rollback: the debit is given back, and no credit is paid after it
 *   VOIDED  → VOIDED   a rollback of another debit of the round (each is given back)
 *
 * SETTLED is final: a paid round is not rolled back. Each move's money is one wallet transfer in
 * the move's effect, keyed by the provider's transaction id.
 */
import { defineStateMachine, NOW, type MoveColumns } from '../../db/state-machine';
import type { Queryable } from '../../db/database';
import { CASINO_REFERENCE_PREFIX, type Book } from '../wallet';

export const ROUND_STATES = ['OPEN', 'SETTLED', 'VOIDED'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

export const ROUND_MACHINE = defineStateMachine<RoundState>({
  entity: 'casino round',
  table: 'casino_rounds',
  states: ROUND_STATES,
  moves: {
    OPEN: ['OPEN', 'SETTLED', 'VOIDED'],
    VOIDED: ['VOIDED'],
  },
  // Closing is stamped by the moves that close (`closedColumns`): VOIDED is not final.
  decidedAtColumn: null,
  refusal: (from, to) => `A ${from.toLowerCase()} round cannot become ${to.toLowerCase()}.`,
  missing: 'There is no such round.',
});

export interface RoundRow {
  id: string;
  provider: string;
  round_id: string;
  launch_id: string;
  domain: string;
  player_id: string;
  book: Book;
  game_code: string;
  status: RoundState;
  stake_minor: string | number;
  win_minor: string | number;
  refund_minor: string | number;
  created_at: Date;
  closed_at: Date | null;
}

export const ROUND_COLUMNS = `id, provider, round_id, launch_id, domain, player_id, book, game_code,
  status, stake_minor, win_minor, refund_minor, created_at, closed_at`;

/** The ledger reference of a round's money: the provider and its round id. */
export function roundReference(provider: string, roundId: string): string {
  return `${CASINO_REFERENCE_PREFIX}${provider}:${roundId}`;
}

/** A round by Backlay's id. */
export async function readRound(db: Queryable, id: string): Promise<RoundRow | null> {
  const [row] = await db.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM casino_rounds WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * The write that opens a round with its first debit's stake, under an id chosen by the caller.
 * It fails (unique violation) when the provider's round id is taken: a round opened by a rival
 * first debit, which the failed callback then joins when it starts again.
 */
export function openRoundWrite(round: {
  id: string;
  provider: string;
  roundId: string;
  launchId: string;
  domain: string;
  playerId: string;
  book: Book;
  gameCode: string;
  stakeMinor: number;
}): { sql: string; params: unknown[] } {
  return {
    sql: `INSERT INTO casino_rounds
       (id, provider, round_id, launch_id, domain, player_id, book, game_code, status, stake_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'OPEN', $9)`,
    params: [
      round.id,
      round.provider,
      round.roundId,
      round.launchId,
      round.domain,
      round.playerId,
      round.book,
      round.gameCode,
      round.stakeMinor,
    ],
  };
}

/** The columns a move into `to` from `from` stamps: the closing time, once. */
export function closedColumns(from: RoundState, to: RoundState): MoveColumns {
  return from === 'OPEN' && to !== 'OPEN' ? { closed_at: NOW } : {};
}
