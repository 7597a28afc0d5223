/**
 * Casino bets and wins of many callbacks at once: the same transfers as `casinoBet` and
 * `casinoWin` (wallet-movements.ts), with the same codes, keys and refusals, posted by the
 * ledger in one statement for a group of callbacks committed together. The casino runs that
 * statement inside its own (the group's writes follow from the postings in the same round trip),
 * so the batch is a call to embed and the reading of its rows.
 */
import type { Queryable } from '../../db/database';
import {
  CASINO_REFERENCE_PREFIX,
  resultsOfScopedMoves,
  scopedMovesCall,
  type ScopedMove,
  type ScopedMovesRow,
  type TransferResult,
} from './ledger';
import type { CasinoMovement } from './wallet-movements';

/** A casino bet (player cash → house) or win (house → player cash) of a batch. */
export interface CasinoBatchMove extends CasinoMovement {
  kind: 'bet' | 'win';
}

/** A batch's call (parameters $1 to $9) and what reading its rows needs. */
export interface CasinoMovesCall {
  /** A `SELECT` whose rows are `n` (the place in the order of posting, from 1) and the posting. */
  sql: string;
  params: unknown[];
  /** `order[n - 1]`: the index in the moves given of the move posted n-th. */
  order: readonly number[];
  moves: readonly ScopedMove[];
}

/** The call posting each move as `casinoBet` or `casinoWin` would (no moves: no rows). */
export function casinoMovesCall(moves: readonly CasinoBatchMove[]): CasinoMovesCall {
  for (const move of moves) {
    if (!move.reference.startsWith(CASINO_REFERENCE_PREFIX)) {
      throw new Error(`a casino movement's reference must start ${CASINO_REFERENCE_PREFIX}`);
    }
  }
  const scoped = moves.map((move): ScopedMove => ({
    idempotencyKey: move.idempotencyKey,
    code: move.kind === 'bet' ? 'casino_bet' : 'casino_win',
    reference: move.reference,
    scope: { domain: move.domain, book: move.book, ownerId: move.ownerId },
    from: move.kind === 'bet' ? 'player_cash' : 'house',
    to: move.kind === 'bet' ? 'house' : 'player_cash',
    amountMinor: move.amountMinor,
  }));
  return { ...scopedMovesCall(scoped), moves: scoped };
}

/** One row of a batch's call. */
export type CasinoMovesRow = ScopedMovesRow;

/**
 * The results of a batch's rows, in the order of its moves; the postings' figures are announced
 * when `db` commits (at once on the database itself, for rows read after their commit).
 */
export function casinoMovesResults(
  db: Queryable,
  call: CasinoMovesCall,
  rows: readonly CasinoMovesRow[],
): Promise<TransferResult[]> {
  return resultsOfScopedMoves(db, call.moves, call, rows);
}
