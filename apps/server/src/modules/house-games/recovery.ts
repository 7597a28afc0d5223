/**
 * Finishing the rounds a restart cut off, from the studio's own round log, before the table
 * plays again. Each bet ends exactly one way, the way it was decided before the cut:
 *
 * - a bet decided WON or LOST is paid (its win, or zero closing it), whatever the round's state;
 * - a bet REFUNDING is given back;
 * - a bet still PLACED in a round whose crash was written (CRASHED) is decided as the crash
 *   decided every bet still in: won at its auto target (or the max win) if the crash point
 *   reached it, else lost;
 * - a bet still PLACED in a round cut off before its crash was written (BETTING or RUNNING) is
 *   given back: that round is VOIDED;
 * - a bet still PENDING is given back in any round: its debit was never answered as taken
 *   before betting closed (the round's placed bets are written PLACED then).
 *
 * Every callback has fixed ids, so one sent before the cut and repeated now moves nothing
 * twice; a PENDING bet's debit may never have reached the wallet, and its rollback is then
 * recorded by the wallet so that the debit, should it arrive late, is refused.
 */
import type { Database } from '../../db/database';
import { maxWinCenti, winOf } from './crash-table';
import type { CrashTableSettings } from './house-games-settings';
import {
  exactNumber,
  moveBets,
  moveRound,
  roundBets,
  unfinishedRounds,
  type BetRow,
  type RoundRow,
} from './round-log';
import { recoverStudioRounds, type RecoveryOptions, type RecoveryReport } from './studio-recovery';

export type { RecoveryReport };

/** How the crash decides a bet still in: its target (auto or max win) reached, or lost. */
export function crashDecision(
  row: Pick<BetRow, 'amount_minor' | 'auto_cash_out_centi'>,
  crashPointCenti: number,
  maxWinMinor: number,
):
  | { outcome: 'WON'; centi: number; reason: 'AUTO' | 'MAX_WIN'; winMinor: number }
  | { outcome: 'LOST' } {
  const amount = exactNumber(row.amount_minor);
  const cap = maxWinCenti(amount, maxWinMinor);
  const auto = row.auto_cash_out_centi;
  const target = Math.min(auto ?? Number.POSITIVE_INFINITY, cap);
  if (target > crashPointCenti) return { outcome: 'LOST' };
  return {
    outcome: 'WON',
    centi: target,
    reason: auto !== null && auto <= cap ? 'AUTO' : 'MAX_WIN',
    winMinor: winOf(amount, target, maxWinMinor),
  };
}

/** Finishes every unfinished round of the game but `except` (the one in play, if any). */
export function recoverRounds(
  options: RecoveryOptions & {
    db: Database;
    settings: Pick<CrashTableSettings, 'maxWinMinor'>;
  },
): Promise<RecoveryReport> {
  const { db } = options;
  return recoverStudioRounds<RoundRow, BetRow>(
    {
      unfinishedRounds: () => unfinishedRounds(db, options.gameCode),
      roundBets: (roundId) => roundBets(db, roundId),
      moveBets: (to, bets) => moveBets(db, to, bets),
      winMinor: (row) => exactNumber(row.win_minor),
      closeRound: (roundId, to) => moveRound(db, roundId, to),
      async decide(round, bets) {
        const crashed = round.status === 'CRASHED';
        for (const row of bets) {
          if (row.status !== 'PENDING' && row.status !== 'PLACED') continue;
          if (crashed && row.status === 'PLACED') {
            const decision = crashDecision(
              row,
              round.crash_point_centi,
              options.settings.maxWinMinor,
            );
            if (decision.outcome === 'WON') {
              await moveBets(db, 'WON', [
                {
                  id: row.id,
                  decision: {
                    cashedOutCenti: decision.centi,
                    cashOutReason: decision.reason,
                    winMinor: decision.winMinor,
                  },
                },
              ]);
            } else {
              await moveBets(db, 'LOST', [{ id: row.id }]);
            }
          } else {
            // Placed in a round cut off before its crash, or its debit never answered.
            await moveBets(db, 'REFUNDING', [{ id: row.id }]);
          }
        }
        return crashed ? 'SETTLED' : 'VOIDED';
      },
    },
    options,
  );
}
