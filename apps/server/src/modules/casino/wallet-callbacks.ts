/**
 * The seamless wallet: what Backlay answers a provider's `balance`, `debit`, `credit` and
 * `rollback` (contract `casino-wallet.ts`), once the request's signature has been checked.
 *
 * Each money callback first claims its transaction id (callback-claims.ts): a copy of a request
 * is answered as the first time, word for word. Debits and credits are decided by
 * callback-decisions.ts and committed in groups (callback-groups.ts). A rollback, rarer, runs
 * alone: it gives one debit back, once, even after the token expired; a paid round is not rolled
 * back. A rollback of a debit never seen leaves the debit's id taken (a tombstone), so that
 * debit, coming late, is refused.
 *
 * Rounds move only through their table of allowed moves under the round's row lock (rounds.ts),
 * so a credit and a rollback racing on one round take turns and exactly one wins.
 */
import {
  casinoCreditRequestSchema,
  casinoDebitRequestSchema,
  casinoBalanceRequestSchema,
  casinoRollbackRequestSchema,
  type CasinoWalletAction,
  type CasinoWalletAnswer,
  type CasinoWalletErrorCode,
} from '@backlay/contract/casino-wallet';
import type { z } from 'zod';
import type { Queryable } from '../../db/database';
import { moveState } from '../../db/state-machine';
import { casinoRefund, toMinor, type Book, type TransferResult } from '../wallet';
import { cashAfter, digestOf, okAnswer, refusal, statusOf, unexpected } from './callback-answers';
import {
  cashOf,
  claimAll,
  keepAtCommit,
  launchOf,
  repeat,
  type ClaimRequest,
  type ClaimRow,
  type Decision,
} from './callback-claims';
import type { CallbackDeps, CallbackGroups } from './callback-groups';
import { hashPlayerToken } from './launches';
import type { Provider } from './providers';
import { closedColumns, readRound, ROUND_MACHINE, roundReference, type RoundRow } from './rounds';

export { refusal, statusOf } from './callback-answers';
export type { CallbackDeps } from './callback-groups';

/** An answer and the HTTP status it travels with. */
export interface CallbackOutcome {
  status: number;
  answer: CasinoWalletAnswer;
}

const ROUTES = {
  balance: casinoBalanceRequestSchema,
  debit: casinoDebitRequestSchema,
  credit: casinoCreditRequestSchema,
  rollback: casinoRollbackRequestSchema,
} satisfies Record<CasinoWalletAction, z.ZodType>;

/** A refusal of a callback's own making that ends a move's effect (nothing was written). */
class CallbackRefusal extends Error {
  constructor(readonly answer: CasinoWalletAnswer) {
    super(answer.status === 'ERROR' ? answer.code : 'refused');
  }
}

/** Runs one callback whose signature was checked: parses it, then answers it. */
export async function handleCallback(
  deps: CallbackDeps,
  groups: CallbackGroups,
  provider: Provider,
  action: CasinoWalletAction,
  body: unknown,
): Promise<CallbackOutcome> {
  const parsed = ROUTES[action].safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const answer = refusal(
      'INVALID_REQUEST',
      issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'The request is not valid.',
    );
    return { status: statusOf(answer), answer };
  }
  let answer: CasinoWalletAnswer;
  switch (action) {
    case 'balance':
      answer = await balance(
        deps,
        provider,
        parsed.data as z.infer<typeof casinoBalanceRequestSchema>,
      );
      break;
    case 'debit':
      answer = await debit(
        groups,
        provider,
        parsed.data as z.infer<typeof casinoDebitRequestSchema>,
      );
      break;
    case 'credit':
      answer = await credit(
        groups,
        provider,
        parsed.data as z.output<typeof casinoCreditRequestSchema>,
      );
      break;
    case 'rollback':
      answer = await rollback(
        deps,
        provider,
        parsed.data as z.infer<typeof casinoRollbackRequestSchema>,
      );
      break;
  }
  return { status: statusOf(answer), answer };
}

async function balance(
  deps: CallbackDeps,
  provider: Provider,
  request: z.infer<typeof casinoBalanceRequestSchema>,
): Promise<CasinoWalletAnswer> {
  const [launch] = await deps.db.query<{
    provider: string;
    domain: string;
    player_id: string;
    book: Book;
    currency: string;
  }>(
    'SELECT provider, domain, player_id, book, currency FROM casino_launches WHERE token_hash = $1',
    [hashPlayerToken(request.token)],
  );
  if (!launch || launch.provider !== provider.code) {
    return refusal('INVALID_TOKEN', 'The token was not issued to this provider.');
  }
  if (request.currency && request.currency !== launch.currency) {
    return refusal('WRONG_CURRENCY', `The player plays in ${launch.currency}.`);
  }
  const cash = await cashOf(deps.db, {
    domain: launch.domain,
    ownerId: launch.player_id,
    book: launch.book,
  });
  return okAnswer(launch.player_id, launch.currency, cash);
}

function debit(
  groups: CallbackGroups,
  provider: Provider,
  request: z.infer<typeof casinoDebitRequestSchema>,
): Promise<CasinoWalletAnswer> {
  const digest = digestOf([
    'debit',
    request.roundId,
    request.gameCode,
    request.currency,
    request.amountMinor,
  ]);
  return groups.submit({
    action: 'debit',
    provider,
    request,
    claim: {
      provider: provider.code,
      transactionId: request.transactionId,
      kind: 'debit',
      roundId: request.roundId,
      amountMinor: request.amountMinor,
      digest,
      referenceTransactionId: null,
      token: request.token,
      gameCode: request.gameCode,
    },
  });
}

function credit(
  groups: CallbackGroups,
  provider: Provider,
  request: z.output<typeof casinoCreditRequestSchema>,
): Promise<CasinoWalletAnswer> {
  const digest = digestOf([
    'credit',
    request.roundId,
    request.gameCode,
    request.currency,
    request.amountMinor,
    request.roundClosed,
  ]);
  return groups.submit({
    action: 'credit',
    provider,
    request,
    claim: {
      provider: provider.code,
      transactionId: request.transactionId,
      kind: 'credit',
      roundId: request.roundId,
      amountMinor: request.amountMinor,
      digest,
      referenceTransactionId: null,
      token: request.token,
      gameCode: request.gameCode,
    },
  });
}

interface DebitRow {
  kind: string;
  round: string | null;
  round_id: string;
  amount_minor: string | number;
  digest: string | null;
  outcome: string;
  rolled_back_by: string | null;
}

async function rollback(
  deps: CallbackDeps,
  provider: Provider,
  request: z.infer<typeof casinoRollbackRequestSchema>,
): Promise<CasinoWalletAnswer> {
  if (request.referenceTransactionId === request.transactionId) {
    return refusal('INVALID_REQUEST', 'A rollback has a transaction id of its own.');
  }
  const digest = digestOf(['rollback', request.roundId, request.referenceTransactionId]);
  const claim: ClaimRequest = {
    provider: provider.code,
    transactionId: request.transactionId,
    kind: 'rollback',
    roundId: request.roundId,
    amountMinor: 0,
    digest,
    referenceTransactionId: request.referenceTransactionId,
    token: request.token,
    gameCode: request.gameCode ?? null,
  };
  return deps.db.transaction(
    async (tx) => {
      const [row] = await claimAll(tx, [claim]);
      if (!row) throw new Error('the claim of a casino rollback answered no row');
      if (!row.claimed) return repeat(tx, claim);
      const decision = await decideRollback(tx, provider, request, row);
      keepAtCommit(tx, [{ request: claim, decision }]);
      return decision.answer;
    },
    { lookupsByKey: true },
  );
}

/**
 * Takes the debit's id for a tombstone unless it is taken; answers whether it took it and, if
 * not, the debit's row (read again when the statement's snapshot predates its commit).
 */
async function tombstoneOrDebit(
  tx: Queryable,
  provider: string,
  request: z.infer<typeof casinoRollbackRequestSchema>,
): Promise<DebitRow | 'tombstone'> {
  const answer = refusal('TRANSACTION_ROLLED_BACK', 'This debit was rolled back before it came.', {
    transactionId: request.referenceTransactionId,
  });
  const [row] = await tx.query<DebitRow & { inserted: number }>(
    `WITH tombstone AS (
       INSERT INTO casino_transactions (provider, transaction_id, kind, round_id, outcome,
         answer, rolled_back_by)
       VALUES ($1, $2, 'debit', $3, 'TRANSACTION_ROLLED_BACK', $4::jsonb, $5)
       ON CONFLICT DO NOTHING
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM tombstone)::int AS inserted, x.kind, x.round, x.round_id,
       x.amount_minor, x.digest, x.outcome, x.rolled_back_by
     FROM (SELECT 1) AS one
     LEFT JOIN casino_transactions x ON x.provider = $1 AND x.transaction_id = $2`,
    [
      provider,
      request.referenceTransactionId,
      request.roundId,
      JSON.stringify(answer),
      request.transactionId,
    ],
  );
  if (row?.inserted) return 'tombstone';
  if (row?.kind) return row;
  const [late] = await tx.query<DebitRow>(
    `SELECT kind, round, round_id, amount_minor, digest, outcome, rolled_back_by
     FROM casino_transactions WHERE provider = $1 AND transaction_id = $2`,
    [provider, request.referenceTransactionId],
  );
  if (!late)
    throw new Error(`casino transaction ${request.referenceTransactionId} is taken but missing`);
  return late;
}

async function decideRollback(
  tx: Queryable,
  provider: Provider,
  request: z.infer<typeof casinoRollbackRequestSchema>,
  row: ClaimRow,
): Promise<Decision> {
  const transactionId = request.transactionId;
  const refuse = (code: CasinoWalletErrorCode, message: string, round: string | null = null) => ({
    answer: refusal(code, message, { transactionId }),
    round,
  });
  // Recorded before the token is looked at: the provider signed it, so the debit it names must
  // never be taken, whatever else is wrong with the request.
  const debitRow = await tombstoneOrDebit(tx, provider.code, request);
  const launch = launchOf(row, provider);
  if (!launch) return refuse('INVALID_TOKEN', 'The token was not issued to this provider.');
  const done = async (round: string | null) => ({
    answer: okAnswer(launch.playerId, launch.currency, await cashOf(tx, launch.ref), transactionId),
    round,
  });
  if (debitRow === 'tombstone') return done(null);
  if (debitRow.kind !== 'debit') {
    return refuse('GENERAL_ERROR', 'Only a debit can be rolled back.');
  }
  // A debit recorded only by an earlier rollback, refused, or given back already: nothing more.
  if (debitRow.digest === null || debitRow.outcome !== 'OK' || debitRow.rolled_back_by !== null) {
    return done(debitRow.round);
  }
  if (debitRow.round_id !== request.roundId || !debitRow.round) {
    return refuse('GENERAL_ERROR', 'That debit belongs to another round.');
  }
  const roundId = debitRow.round;
  const amountMinor = toMinor(debitRow.amount_minor);
  let refunded: TransferResult | null = null;
  try {
    const moved = await moveState(tx, ROUND_MACHINE, {
      id: roundId,
      to: 'VOIDED',
      read: readRound,
      guard: (round: RoundRow) => {
        if (round.player_id !== launch.playerId) {
          throw new CallbackRefusal(
            refusal('INVALID_TOKEN', "The token is not the round's player's.", { transactionId }),
          );
        }
      },
      effect: async (round) => {
        refunded = await casinoRefund(tx, {
          ...launch.ref,
          amountMinor,
          reference: roundReference(provider.code, round.round_id),
          idempotencyKey: `casino_refund:${provider.code}:${request.referenceTransactionId}`,
        });
        if (refunded.status !== 'ok') unexpected(refunded, 'refund');
        // The debit names what gave it back; the rollback keeps the amount it gave back (it
        // was claimed before the debit was read, at zero).
        await tx.query(
          `UPDATE casino_transactions
           SET rolled_back_by = CASE WHEN transaction_id = $2 THEN $3 ELSE rolled_back_by END,
               amount_minor = CASE WHEN transaction_id = $3 THEN $4 ELSE amount_minor END
           WHERE provider = $1 AND transaction_id IN ($2, $3)`,
          [provider.code, request.referenceTransactionId, transactionId, amountMinor],
        );
        return {
          refund_minor: toMinor(round.refund_minor) + amountMinor,
          ...closedColumns(round.status, 'VOIDED'),
        };
      },
    });
    if (moved.outcome === 'missing') throw new Error(`casino round ${roundId} vanished`);
    if (moved.outcome === 'refused') {
      return refuse(
        'ROUND_CLOSED',
        'This round was paid: its debits are not rolled back.',
        roundId,
      );
    }
  } catch (error) {
    if (error instanceof CallbackRefusal) return { answer: error.answer, round: roundId };
    throw error;
  }
  const result = refunded as TransferResult | null;
  const cash = (result && cashAfter(result, launch.playerId)) ?? (await cashOf(tx, launch.ref));
  return {
    answer: okAnswer(launch.playerId, launch.currency, cash, transactionId),
    round: roundId,
  };
}
