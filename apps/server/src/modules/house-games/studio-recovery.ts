/**
 * Finishing the rounds a restart cut off, from a game's round log, the same way for every
 * studio game: first every bet the cut left undecided is decided and written (so a second
 * restart finds the decisions), by the game's own rule; then the money goes, each bet exactly
 * one way: WON paid its win, LOST closed with zero, REFUNDING given back; once no bet of the
 * round is still to finish, the round is closed (SETTLED if it played out, else VOIDED).
 *
 * Every callback has fixed ids and every move is conditional, so a callback sent before the cut
 * and repeated now, or a recovery racing the table's own settle, moves nothing twice; a bet the
 * wallet does not take now stays as it is, for the next try.
 */
import { betCallbacks } from './bet-callbacks';
import { OPEN_BET_STATES, type BetStatus, type StudioBetRow } from './round-log';
import { callbackBetOf } from './studio-bets';
import type { WalletClient } from './wallet-client';

export interface RecoveryReport {
  rounds: number;
  paid: number;
  closed: number;
  refunded: number;
  /** Bets whose callback the wallet did not take (left for the next try). */
  unfinished: number;
}

/** What the recovery reads and writes of one game's round log, and how the game decides. */
export interface RecoverableGame<Round extends { id: string }, Bet extends StudioBetRow> {
  /** The game's rounds not finished, oldest first. */
  unfinishedRounds(): Promise<Round[]>;
  roundBets(roundId: string): Promise<Bet[]>;
  /** Writes bets' final states (PAID, CLOSED, REFUNDED), answering the ids that moved. */
  moveBets(to: BetStatus, bets: readonly { id: string }[]): Promise<Set<string>>;
  /**
   * Writes how each bet the cut left PENDING or PLACED ends (won, lost or given back), and
   * answers how the round closes once its money is finished.
   */
  decide(round: Round, bets: Bet[]): Promise<'SETTLED' | 'VOIDED'>;
  /** What a WON bet pays. */
  winMinor(bet: Bet): number;
  closeRound(roundId: string, to: 'SETTLED' | 'VOIDED'): Promise<unknown>;
}

export interface RecoveryOptions {
  wallet: WalletClient;
  gameCode: string;
  log: {
    info(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
  };
  /** The round in play, if any: left to its table. */
  except?: string | null;
  /** Retry waits of owed callbacks (tests shorten them). */
  retryDelaysMs?: readonly number[];
}

/** Finishes every unfinished round of the game but `except` (the one in play, if any). */
export async function recoverStudioRounds<Round extends { id: string }, Bet extends StudioBetRow>(
  game: RecoverableGame<Round, Bet>,
  options: RecoveryOptions,
): Promise<RecoveryReport> {
  const callbacks = betCallbacks({
    wallet: options.wallet,
    gameCode: options.gameCode,
    log: options.log,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    moveBets: (to, bets) => game.moveBets(to, bets),
  });
  const report: RecoveryReport = { rounds: 0, paid: 0, closed: 0, refunded: 0, unfinished: 0 };
  for (const round of await game.unfinishedRounds()) {
    if (round.id === options.except) continue;
    report.rounds += 1;
    await recoverRound(round);
  }
  if (report.rounds > 0) {
    options.log.info({ report, game: options.gameCode }, 'house games: cut-off rounds finished');
  }
  return report;

  async function recoverRound(round: Round): Promise<void> {
    const closesAs = await game.decide(round, await game.roundBets(round.id));
    await Promise.all(
      (await game.roundBets(round.id)).map(async (row) => {
        let answer;
        if (row.status === 'WON') {
          answer = await callbacks.settle(callbackBetOf(row), 'WON', game.winMinor(row));
          if (answer.status === 'OK') report.paid += 1;
        } else if (row.status === 'LOST') {
          answer = await callbacks.settle(callbackBetOf(row), 'LOST', 0);
          if (answer.status === 'OK') report.closed += 1;
        } else if (row.status === 'REFUNDING') {
          answer = await callbacks.refund(callbackBetOf(row));
          if (answer.status === 'OK') report.refunded += 1;
        } else {
          return;
        }
        if (answer.status !== 'OK') report.unfinished += 1;
      }),
    );
    const left = (await game.roundBets(round.id)).filter((row) =>
      OPEN_BET_STATES.includes(row.status),
    );
    if (left.length === 0) await game.closeRound(round.id, closesAs);
  }
}
