/**
 * Casino bets and wins of many callbacks in one round trip: the same transfers as `casinoBet`
 * and `casinoWin` (wallet-movements.ts), with the same codes, keys and refusals, posted by the
 * ledger in one statement for a group of callbacks committed together.
 */
import type { Queryable } from '../../db/database';
import { CASINO_REFERENCE_PREFIX, postScopedMoves, type TransferResult } from './ledger';
import type { CasinoMovement } from './wallet-movements';

/** A casino bet (player cash → house) or win (house → player cash) of a batch. */
export interface CasinoBatchMove extends CasinoMovement {
  kind: 'bet' | 'win';
}

/** Posts each move as `casinoBet` or `casinoWin` would; results in the order given. */
export function casinoMoves(
  tx: Queryable,
  moves: readonly CasinoBatchMove[],
): Promise<TransferResult[]> {
  for (const move of moves) {
    if (!move.reference.startsWith(CASINO_REFERENCE_PREFIX)) {
      throw new Error(`a casino movement's reference must start ${CASINO_REFERENCE_PREFIX}`);
    }
  }
  return postScopedMoves(
    tx,
    moves.map((move) => ({
      idempotencyKey: move.idempotencyKey,
      code: move.kind === 'bet' ? 'casino_bet' : 'casino_win',
      reference: move.reference,
      scope: { domain: move.domain, book: move.book, ownerId: move.ownerId },
      from: move.kind === 'bet' ? 'player_cash' : 'house',
      to: move.kind === 'bet' ? 'house' : 'player_cash',
      amountMinor: move.amountMinor,
    })),
  );
}
