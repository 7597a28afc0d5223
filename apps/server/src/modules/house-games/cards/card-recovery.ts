/**
 * Finishing the card rounds a restart cut off, from the round log, before a table plays again.
 * Each bet ends exactly one way:
 *
 * - a round cut off while BETTING is VOIDED: every bet still PENDING or PLACED is given back
 *   (its outcome was never shown, and betting was still open);
 * - a round cut off while DEALING or at its RESULT is completed: betting had closed, and its
 *   cards follow from the seed it published the hash of, so the outcome is the one the table
 *   would have reached (recomputed with `cardRoundFromSeed`, or as written). Every PLACED bet is
 *   decided by the rule table; a bet still PENDING (its debit never answered) is given back;
 * - a bet already decided (WON, LOST, REFUNDING) is finished the way it was decided.
 *
 * Decisions are conditional moves and callbacks have fixed ids, so recovery repeated, or racing
 * the table's own settle, pays nothing twice.
 */
import {
  cardBetOutcome,
  cardBetReturnMinor,
  cardBetRule,
  cardRoundFromSeed,
  type CardGameCode,
} from '@backlay/contract/card-games';
import type { Database } from '../../../db/database';
import { recoverStudioRounds, type RecoveryOptions, type RecoveryReport } from '../studio-recovery';
import { exactNumber } from '../round-log';
import {
  cardRoundBets,
  moveCardBets,
  moveCardRound,
  unfinishedCardRounds,
  type CardBetRow,
  type CardRoundRow,
} from './card-round-log';

export type CardRecoveryReport = RecoveryReport;

/** Finishes every unfinished round of a card game but `except` (the one in play, if any). */
export function recoverCardRounds(
  options: RecoveryOptions & { db: Database; gameCode: CardGameCode },
): Promise<CardRecoveryReport> {
  const { db, gameCode } = options;
  return recoverStudioRounds<CardRoundRow, CardBetRow>(
    {
      unfinishedRounds: () => unfinishedCardRounds(db, gameCode),
      roundBets: (roundId) => cardRoundBets(db, roundId),
      moveBets: (to, bets) => moveCardBets(db, to, bets),
      winMinor: (row) => exactNumber(row.return_minor),
      closeRound: (roundId, to) => moveCardRound(db, roundId, to),
      async decide(round, bets) {
        const completes = round.status !== 'BETTING';
        const result = cardRoundFromSeed(gameCode, round.seed, round.number);
        if (round.status === 'DEALING') {
          await moveCardRound(db, round.id, 'RESULT', {
            outcome: { winner: result.winner, cards: result.cards },
          });
        }
        const winner = round.winner ?? result.winner;
        for (const row of bets) {
          if (completes && row.status === 'PLACED') {
            const rule = cardBetRule(gameCode, row.bet_kind);
            if (!rule) throw new Error(`no rule for ${row.bet_kind} in ${gameCode}`);
            const returnMinor = cardBetReturnMinor(rule, winner, exactNumber(row.amount_minor));
            await moveCardBets(db, returnMinor > 0 ? 'WON' : 'LOST', [
              { id: row.id, decision: { outcome: cardBetOutcome(rule, winner), returnMinor } },
            ]);
          } else if (row.status === 'PENDING' || row.status === 'PLACED') {
            await moveCardBets(db, 'REFUNDING', [{ id: row.id }]);
          }
        }
        return completes ? 'SETTLED' : 'VOIDED';
      },
    },
    options,
  );
}
