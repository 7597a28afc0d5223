/**
 * What a debit or a credit decides, once its claim has read everything (callback-claims.ts):
 *
 * - debit: the token must be live (not expired, the player's sessions not ended), for this
 *   provider and the game; the player, their brand and the provider must allow play, and the
 *   player's own loss limits must leave room. The first debit of a round opens it; later ones
 *   join it while it is open. The bet is one wallet transfer, refused (never overdrawn) when the
 *   player's cash does not cover it, whatever else spends it at the same time.
 * - credit: pays a win (or records a loss, at zero) into its round, even when the token has
 *   expired or the player has since taken a break: money owed is never withheld. A round that
 *   was rolled back takes no credit, and a closed one no more.
 *
 * A decision is either made without money (a refusal, a loss) or names the one transfer it
 * needs and what follows when the transfer posts (and, for a bet, when the cash does not cover
 * it), so one callback alone or a group of them post their transfers the same way, in the
 * statement that commits them. The round's move is decided on the row the claim locked, by the
 * round's machine (`roundMove`), and written with that statement, after the money.
 */
import { randomUUID } from 'node:crypto';
import type {
  casinoCreditRequestSchema,
  casinoDebitRequestSchema,
  CasinoWalletAnswer,
  CasinoWalletErrorCode,
} from '@backlay/contract/casino-wallet';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { pauseInForce } from '../account';
import { lossLimitBreach, type SettledResultSince } from '../responsible-gambling';
import { ensurePlayerAccounts, lockAccounts, toMinor, type CasinoBatchMove } from '../wallet';
import { okAnswer, refusal, roundRefusal } from './callback-answers';
import { launchOf, type ClaimedLaunch, type ClaimRow, type Decision } from './callback-claims';
import type { Provider } from './providers';
import { roundMove, roundReference, type RoundState, type RoundWrite } from './rounds';

export type DebitRequest = z.infer<typeof casinoDebitRequestSchema>;
export type CreditRequest = z.output<typeof casinoCreditRequestSchema>;

/** What the checks of a debit need besides its claim. */
export interface DebitChecks {
  /** Whether a brand is closed (`siteSuspended`): its players take no new bets. */
  siteSuspended: (domain: string) => boolean;
  now: () => Date;
}

/**
 * A decision: made already, or waiting for its one transfer. The ledger's answer picks between
 * the two outcomes in the statement that posts it, which writes the answer with the player's
 * cash as the posting left it (`balanceMinor`, a placeholder here, is filled in there).
 */
export type Planned =
  | { kind: 'decided'; decision: Decision }
  | {
      kind: 'move';
      move: CasinoBatchMove;
      /** The decision when the transfer posted: the player's cash after it is the balance. */
      posted: Decision;
      /** A bet's refusal when the cash does not cover it: the cash is the balance. */
      short?: CasinoWalletAnswer;
    };

/** The place of the balance an answer's statement fills in (see `Planned`). */
const BALANCE_TO_FILL = 0;

const decided = (decision: Decision): Planned => ({ kind: 'decided', decision });

/** A debit's checks before money: the player it bets for, or its refusal. */
export function checkDebit(
  checks: DebitChecks,
  provider: Provider,
  request: DebitRequest,
  row: ClaimRow,
): { launch: ClaimedLaunch } | { refused: Decision } {
  const refuse = (code: CasinoWalletErrorCode, message: string) => ({
    refused: {
      answer: refusal(code, message, { transactionId: request.transactionId }),
      round: null,
    },
  });
  const launch = launchOf(row, provider);
  if (!launch) return refuse('INVALID_TOKEN', 'The token was not issued to this provider.');
  const now = checks.now();
  if (launch.expiresAt <= now) return refuse('TOKEN_EXPIRED', 'The game session has expired.');
  if (request.currency !== launch.currency) {
    return refuse('WRONG_CURRENCY', `The player plays in ${launch.currency}.`);
  }
  if (row.game_provider !== provider.code || !row.game_on) {
    return refuse('UNKNOWN_GAME', 'That game is not offered to this player.');
  }
  if (launch.gameCode !== null && launch.gameCode !== request.gameCode) {
    return refuse('UNKNOWN_GAME', 'The token was issued for another game.');
  }
  if (!provider.enabled) return refuse('GENERAL_ERROR', 'This provider is switched off.');
  if (row.user_status === null) return refuse('INVALID_TOKEN', 'The player no longer exists.');
  // Why the player may not bet comes first: a lock or a break also ends their sessions.
  const blocked =
    row.user_status !== 'active'
      ? 'The player is locked.'
      : row.betting_locked
        ? "The player's betting is locked."
        : pauseInForce(row, now)
          ? 'The player is taking a break from play.'
          : !row.player_on
            ? "The casino is switched off on the player's account."
            : !row.brand_on || checks.siteSuspended(launch.domain)
              ? "The casino is closed on the player's site."
              : null;
  if (blocked) return refuse('PLAYER_BLOCKED', blocked);
  if (row.token_generation !== launch.sessionGeneration) {
    return refuse('TOKEN_EXPIRED', "The player's session has ended.");
  }
  return { launch };
}

/**
 * A loss-limited player's debit, checked under the player's locks so that no other bet of
 * theirs passes the limit with it: the refusal, or null to go on.
 */
export async function lossLimitRefusal(
  tx: Queryable,
  settledResultSince: SettledResultSince,
  now: Date,
  launch: ClaimedLaunch,
  request: DebitRequest,
): Promise<Decision | null> {
  const ids = await ensurePlayerAccounts(tx, launch.ref);
  await lockAccounts(tx, [ids.cashId, ids.exposureId]);
  const breach = await lossLimitBreach(
    tx,
    { id: launch.playerId, domain: launch.domain, demo: launch.book === 'play' },
    // This bet counted as lost already, as an open round's stake is.
    async (db, ownerId, since) =>
      (await settledResultSince(db, ownerId, since)) - request.amountMinor,
    now,
  );
  return breach
    ? {
        answer: refusal('LIMIT_REACHED', breach, { transactionId: request.transactionId }),
        round: null,
      }
    : null;
}

/**
 * A checked debit's money: the round it opens (a rival first debit makes the commit fail and
 * the callback start again, to join it) or the open round it joins, and the bet.
 */
export function planDebit(
  provider: Provider,
  request: DebitRequest,
  row: ClaimRow,
  launch: ClaimedLaunch,
): Planned {
  const transactionId = request.transactionId;
  let roundWrite: RoundWrite;
  if (row.round === null) {
    roundWrite = {
      kind: 'open',
      id: randomUUID(),
      launchId: launch.id,
      domain: launch.domain,
      playerId: launch.playerId,
      book: launch.book,
      gameCode: request.gameCode,
      stakeMinor: request.amountMinor,
    };
  } else {
    if (row.round_player !== launch.playerId || row.round_game !== request.gameCode) {
      return decided({
        answer: refusal('GENERAL_ERROR', 'This round belongs to another player or game.', {
          transactionId,
        }),
        round: null,
      });
    }
    const from: RoundState = row.round_status ?? 'OPEN';
    const move = roundMove(
      {
        id: row.round,
        from,
        stakeMinor: toMinor(row.round_stake_minor) + request.amountMinor,
        winMinor: toMinor(row.round_win_minor),
      },
      'OPEN',
    );
    if (!move) return decided({ answer: roundRefusal(from, transactionId), round: row.round });
    roundWrite = move;
  }
  return {
    kind: 'move',
    move: moveOf('bet', provider, request, launch.ref),
    posted: {
      answer: okAnswer(launch.playerId, launch.currency, BALANCE_TO_FILL, transactionId),
      round: roundWrite.id,
      roundWrite,
    },
    short: refusal('INSUFFICIENT_FUNDS', 'The balance does not cover this bet.', {
      transactionId,
      balanceMinor: BALANCE_TO_FILL,
    }),
  };
}

/** A credit: the round's move, and the win's transfer when there is a win. */
export function planCredit(provider: Provider, request: CreditRequest, row: ClaimRow): Planned {
  const transactionId = request.transactionId;
  const refuse = (code: CasinoWalletErrorCode, message: string) =>
    decided({ answer: refusal(code, message, { transactionId }), round: row.round });
  // The token's time does not matter: a win is paid whenever it comes.
  const launch = launchOf(row, provider);
  if (!launch) return refuse('INVALID_TOKEN', 'The token was not issued to this provider.');
  if (!row.round || !row.round_status) {
    return refuse('TRANSACTION_NOT_FOUND', 'This round has no debit.');
  }
  if (request.currency !== launch.currency) {
    return refuse('WRONG_CURRENCY', `The player plays in ${launch.currency}.`);
  }
  if (row.round_player !== launch.playerId) {
    return refuse('INVALID_TOKEN', "The token is not the round's player's.");
  }
  if (row.round_game !== request.gameCode) {
    return refuse('UNKNOWN_GAME', 'This round was played in another game.');
  }
  const round = row.round;
  const move = roundMove(
    {
      id: round,
      from: row.round_status,
      stakeMinor: toMinor(row.round_stake_minor),
      winMinor: toMinor(row.round_win_minor) + request.amountMinor,
    },
    request.roundClosed ? 'SETTLED' : 'OPEN',
  );
  if (!move) return decided({ answer: roundRefusal(row.round_status, transactionId), round });
  if (request.amountMinor === 0) {
    // A loss: nothing moves, and the cash is as the claim read it.
    return decided({
      answer: okAnswer(
        launch.playerId,
        launch.currency,
        toMinor(row.cash_minor ?? 0),
        transactionId,
      ),
      round,
      roundWrite: move,
    });
  }
  return {
    kind: 'move',
    move: moveOf('win', provider, request, launch.ref),
    posted: {
      answer: okAnswer(launch.playerId, launch.currency, BALANCE_TO_FILL, transactionId),
      round,
      roundWrite: move,
    },
  };
}

/** A callback's transfer: keyed by its transaction id, referenced by its round. */
function moveOf(
  kind: CasinoBatchMove['kind'],
  provider: Provider,
  request: { transactionId: string; roundId: string; amountMinor: number },
  player: ClaimedLaunch['ref'],
): CasinoBatchMove {
  return {
    kind,
    ...player,
    amountMinor: request.amountMinor,
    reference: roundReference(provider.code, request.roundId),
    idempotencyKey: `casino_${kind}:${provider.code}:${request.transactionId}`,
  };
}
