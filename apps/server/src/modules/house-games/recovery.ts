/**
 * Finishing the rounds a restart cut off, from the studio's own round log, before the table
 * plays again. Each bet ends exactly one way, the way it was decided before the cut:
 *
 * - a bet decided WON or LOST is paid (its win, or zero closing it), whatever the round's state;
 * - a bet REFUNDING is given back;
 * - a bet still PENDING or PLACED in a round whose crash was written (CRASHED) is decided as
 *   the crash decided every bet still in: won at its auto target (or the max win) if the crash
 *   point reached it, else lost;
 * - a bet still PENDING or PLACED in a round cut off before its crash was written (BETTING or
 *   RUNNING) is given back: that round is VOIDED.
 *
 * Every callback has fixed ids, so one sent before the cut and repeated now moves nothing
 * twice; a PENDING bet's debit may never have reached the wallet, and its rollback is then
 * recorded by the wallet so that the debit, should it arrive late, is refused.
 */
import type { Database } from '../../db/database';
import { betCallbacks, type CallbackBet } from './bet-callbacks';
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
import type { WalletClient } from './wallet-client';

export interface RecoveryReport {
  rounds: number;
  paid: number;
  closed: number;
  refunded: number;
  /** Bets whose callback the wallet did not take (left for the next try). */
  unfinished: number;
}

function callbackBet(row: BetRow): CallbackBet {
  return {
    id: row.id,
    provider: row.provider,
    token: row.player_token,
    currency: row.currency,
    amountMinor: exactNumber(row.amount_minor),
  };
}

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
export async function recoverRounds(options: {
  db: Database;
  wallet: WalletClient;
  gameCode: string;
  settings: Pick<CrashTableSettings, 'maxWinMinor'>;
  log: {
    info(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
  };
  except?: string | null;
  retryDelaysMs?: readonly number[];
}): Promise<RecoveryReport> {
  const { db, gameCode } = options;
  const callbacks = betCallbacks({
    db,
    wallet: options.wallet,
    gameCode,
    log: options.log,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
  });
  const report: RecoveryReport = { rounds: 0, paid: 0, closed: 0, refunded: 0, unfinished: 0 };
  for (const round of await unfinishedRounds(db, gameCode)) {
    if (round.id === options.except) continue;
    report.rounds += 1;
    await recoverRound(round);
  }
  if (report.rounds > 0) options.log.info({ report }, 'house games: cut-off rounds finished');
  return report;

  async function recoverRound(round: RoundRow): Promise<void> {
    const crashed = round.status === 'CRASHED';
    const bets = await roundBets(db, round.id);
    // First every decision is written (so a second restart finds them), then the money goes.
    for (const row of bets) {
      if (row.status !== 'PENDING' && row.status !== 'PLACED') continue;
      if (crashed && row.status === 'PLACED') {
        const decision = crashDecision(row, round.crash_point_centi, options.settings.maxWinMinor);
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
    const decided = await roundBets(db, round.id);
    await Promise.all(
      decided.map(async (row) => {
        let answer;
        if (row.status === 'WON') {
          answer = await callbacks.settle(callbackBet(row), 'WON', exactNumber(row.win_minor));
          if (answer.status === 'OK') report.paid += 1;
        } else if (row.status === 'LOST') {
          answer = await callbacks.settle(callbackBet(row), 'LOST', 0);
          if (answer.status === 'OK') report.closed += 1;
        } else if (row.status === 'REFUNDING') {
          answer = await callbacks.refund(callbackBet(row));
          if (answer.status === 'OK') report.refunded += 1;
        } else {
          return;
        }
        if (answer.status !== 'OK') report.unfinished += 1;
      }),
    );
    const left = (await roundBets(db, round.id)).filter((row) =>
      ['PENDING', 'PLACED', 'WON', 'LOST', 'REFUNDING'].includes(row.status),
    );
    if (left.length > 0) return;
    if (crashed) await moveRound(db, round.id, 'SETTLED');
    else await moveRound(db, round.id, 'VOIDED');
  }
}
