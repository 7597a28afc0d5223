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
import { betCallbacks, type CallbackBet } from '../bet-callbacks';
import type { WalletClient } from '../wallet-client';
import {
  cardMinor,
  cardRoundBets,
  moveCardBets,
  moveCardRound,
  OPEN_BET_STATES,
  unfinishedCardRounds,
  type CardBetRow,
  type CardRoundRow,
} from './card-round-log';

export interface CardRecoveryReport {
  rounds: number;
  paid: number;
  closed: number;
  refunded: number;
  /** Bets whose callback the wallet did not take (left for the next try). */
  unfinished: number;
}

function callbackBet(row: CardBetRow): CallbackBet {
  return {
    id: row.id,
    provider: row.provider,
    token: row.player_token,
    currency: row.currency,
    amountMinor: cardMinor(row.amount_minor),
  };
}

/** Finishes every unfinished round of a card game but `except` (the one in play, if any). */
export async function recoverCardRounds(options: {
  db: Database;
  wallet: WalletClient;
  gameCode: CardGameCode;
  log: {
    info(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
  };
  except?: string | null;
  retryDelaysMs?: readonly number[];
}): Promise<CardRecoveryReport> {
  const { db, gameCode } = options;
  const callbacks = betCallbacks({
    db,
    wallet: options.wallet,
    gameCode,
    log: options.log,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    moveToFinal: (to, ids) =>
      moveCardBets(
        db,
        to,
        ids.map((id) => ({ id })),
      ),
  });
  const report: CardRecoveryReport = { rounds: 0, paid: 0, closed: 0, refunded: 0, unfinished: 0 };
  for (const round of await unfinishedCardRounds(db, gameCode)) {
    if (round.id === options.except) continue;
    report.rounds += 1;
    await recoverRound(round);
  }
  if (report.rounds > 0) {
    options.log.info({ report, game: gameCode }, 'house games: cut-off card rounds finished');
  }
  return report;

  async function recoverRound(round: CardRoundRow): Promise<void> {
    const completes = round.status !== 'BETTING';
    const result = cardRoundFromSeed(gameCode, round.seed, round.number);
    if (round.status === 'DEALING') {
      await moveCardRound(db, round.id, 'RESULT', {
        outcome: { winner: result.winner, cards: result.cards },
      });
    }
    const winner = round.winner ?? result.winner;
    // First every decision is written (so a second restart finds them), then the money goes.
    for (const row of await cardRoundBets(db, round.id)) {
      if (completes && row.status === 'PLACED') {
        const rule = cardBetRule(gameCode, row.bet_kind);
        if (!rule) throw new Error(`no rule for ${row.bet_kind} in ${gameCode}`);
        const returnMinor = cardBetReturnMinor(rule, winner, cardMinor(row.amount_minor));
        await moveCardBets(db, returnMinor > 0 ? 'WON' : 'LOST', [
          { id: row.id, decision: { outcome: cardBetOutcome(rule, winner), returnMinor } },
        ]);
      } else if (row.status === 'PENDING' || row.status === 'PLACED') {
        await moveCardBets(db, 'REFUNDING', [{ id: row.id }]);
      }
    }
    await Promise.all(
      (await cardRoundBets(db, round.id)).map(async (row) => {
        let answer;
        if (row.status === 'WON') {
          answer = await callbacks.settle(callbackBet(row), 'WON', cardMinor(row.return_minor));
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
    const left = (await cardRoundBets(db, round.id)).filter((row) =>
      OPEN_BET_STATES.includes(row.status),
    );
    if (left.length > 0) return;
    if (completes) await moveCardRound(db, round.id, 'SETTLED');
    else await moveCardRound(db, round.id, 'VOIDED');
  }
}
