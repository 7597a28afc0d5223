/**
 * The seamless wallet: what Backlay answers a provider's `balance`, `debit`, `credit` and
 * `rollback` (contract `casino-wallet.ts`), once the request's signature has been checked.
 *
 * Each money callback runs in one transaction that first claims its transaction id: a row of
 * `casino_transactions`, inserted or found taken. The primary key settles races between copies
 * of one request (a copy waits for the first to commit, then finds its row), and a copy is
 * answered with the first answer, word for word, or DUPLICATE_TRANSACTION when it asks for
 * something else under the same id. Then:
 *
 * - debit: the token must be live (not expired, the player's sessions not ended), for this
 *   provider and the game; the player, their brand and the provider must allow play, and the
 *   player's own loss limits must leave room. The first debit of a round opens it; later ones
 *   join it while it is open. The bet is one wallet transfer, refused (never overdrawn) when the
 *   player's cash does not cover it, whatever else spends it at the same time.
 * - credit: pays a win (or records a loss, at zero) into its round, even when the token has
 *   expired or the player has since taken a break: money owed is never withheld. A round that
 *   was rolled back takes no credit, and a closed one no more.
 * - rollback: gives one debit back, once, even after the token expired; a paid round is not
 *   rolled back. A rollback of a debit never seen leaves the debit's id taken (a tombstone), so
 *   that debit, coming late, is refused.
 *
 * Rounds move only through their table of allowed moves under the round's row lock (rounds.ts),
 * so a credit and a rollback racing on one round take turns and exactly one wins.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  casinoCreditRequestSchema,
  casinoDebitRequestSchema,
  casinoBalanceRequestSchema,
  casinoRollbackRequestSchema,
  casinoWalletAnswerSchema,
  CASINO_WALLET_ERRORS,
  type CasinoWalletAction,
  type CasinoWalletAnswer,
  type CasinoWalletErrorCode,
} from '@backlay/contract/casino-wallet';
import type { z } from 'zod';
import type { Database, Queryable, Transaction } from '../../db/database';
import { lockedMove, moveState } from '../../db/state-machine';
import { pauseInForce, type PlayPauseKind } from '../account';
import { lossLimitBreach, type SettledResultSince } from '../responsible-gambling';
import {
  casinoBet,
  casinoRefund,
  casinoWin,
  ensurePlayerAccounts,
  getBalances,
  lockAccounts,
  playerCashJoin,
  toMinor,
  type Book,
  type TransferResult,
} from '../wallet';
import { hashPlayerToken } from './launches';
import type { Provider } from './providers';
import {
  closedColumns,
  openRoundWrite,
  readRound,
  ROUND_MACHINE,
  roundReference,
  type RoundRow,
  type RoundState,
} from './rounds';

export interface CallbackDeps {
  db: Database;
  /** Whether a brand is closed (`siteSuspended`): its players take no new bets. */
  siteSuspended: (domain: string) => boolean;
  /** The player's settled exchange results, for their loss limits (the exchange's). */
  settledResultSince: SettledResultSince;
  now: () => Date;
}

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

/** A refusal's answer. */
export function refusal(
  code: CasinoWalletErrorCode,
  message: string,
  extra: { balanceMinor?: number; transactionId?: string } = {},
): CasinoWalletAnswer {
  return { status: 'ERROR', code, message, ...extra };
}

/** The HTTP status an answer travels with. */
export function statusOf(answer: CasinoWalletAnswer): number {
  return answer.status === 'OK' ? 200 : CASINO_WALLET_ERRORS[answer.code];
}

/** What a request asks for, to tell a repeat of it from another request under its id. */
function digestOf(parts: readonly (string | number | boolean | null)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/** A refusal of a callback's own making that ends a move's effect (nothing was written). */
class CallbackRefusal extends Error {
  constructor(readonly answer: CasinoWalletAnswer) {
    super(answer.status === 'ERROR' ? answer.code : 'refused');
  }
}

/** The player's cash after a transfer, as the ledger answered it under the player's locks. */
function cashAfter(result: TransferResult, playerId: string): number | null {
  if (result.status !== 'ok') return null;
  const figures = result.figures?.find((f) => f.ownerId.toLowerCase() === playerId.toLowerCase());
  return figures ? figures.balanceMinor - figures.exposureMinor : null;
}

interface PlayerRef {
  domain: string;
  ownerId: string;
  book: Book;
}

async function cashOf(db: Queryable, player: PlayerRef): Promise<number> {
  return (await getBalances(db, player)).availableMinor;
}

/** A transfer that did not post where it always should have: a broken invariant. */
function unexpected(result: TransferResult, what: string): never {
  throw new Error(`casino ${what} did not post: ${result.status}`);
}

/**
 * The claim of a transaction id, with what the callback decides on: the launch its token names,
 * the game's provider, the switches, the player's checks, the round of the provider's round id
 * (locked) and the player's cash.
 */
interface ClaimRow {
  claimed: number;
  launch_id: string | null;
  launch_provider: string | null;
  domain: string | null;
  player_id: string | null;
  book: Book | null;
  launch_game: string | null;
  currency: string | null;
  session_generation: number | null;
  expires_at: Date | null;
  game_provider: string | null;
  brand_on: boolean;
  game_on: boolean;
  player_on: boolean;
  user_status: string | null;
  betting_locked: boolean | null;
  play_paused_until: Date | null;
  play_pause_kind: PlayPauseKind | null;
  loss_limited: boolean | null;
  token_generation: number | null;
  round: string | null;
  round_status: RoundState | null;
  round_player: string | null;
  round_game: string | null;
  round_stake_minor: string | number | null;
  round_win_minor: string | number | null;
  cash_minor: string | number | null;
}

/**
 * Claims `(provider, transaction id)` and reads, in the same statement, everything a debit or a
 * credit decides on: the launch of the token, the game's provider, the brand's and the player's
 * switches, the player's checks, the round of the provider's round id under its row lock (so
 * moves on one round take turns from here on), and the player's cash. One round trip, where the
 * reads one by one cost most of a callback. Parameters: $1 provider, $2 transaction id, $3
 * kind, $4 round id, $5 amount, $6 digest, $7 reference transaction id, $8 token hash, $9 game.
 */
const CLAIM_SQL = `
  WITH claim AS (
    INSERT INTO casino_transactions (provider, transaction_id, kind, round_id, amount_minor,
      digest, reference_transaction_id, outcome, answer)
    VALUES ($1, $2, $3, $4, $5, $6, $7, 'PENDING', '{}'::jsonb)
    ON CONFLICT DO NOTHING
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM claim)::int AS claimed,
    l.id AS launch_id, l.provider AS launch_provider, l.domain, l.player_id, l.book,
    l.game_code AS launch_game, l.currency, l.session_generation, l.expires_at,
    g.provider AS game_provider,
    coalesce(bs.enabled, true) AS brand_on,
    coalesce(bg.enabled, true) AS game_on,
    coalesce(ps.enabled, true) AS player_on,
    u.status AS user_status, u.betting_locked, u.play_paused_until, u.play_pause_kind,
    u.loss_limited, u.token_generation,
    r.id AS round, r.status AS round_status, r.player_id AS round_player,
    r.game_code AS round_game, r.stake_minor AS round_stake_minor,
    r.win_minor AS round_win_minor,
    cash.balance_minor AS cash_minor
  FROM (SELECT 1) AS one
  LEFT JOIN casino_launches l ON l.token_hash = $8
  LEFT JOIN casino_games g ON g.game_code = $9
  LEFT JOIN casino_brand_settings bs ON bs.domain = l.domain
  LEFT JOIN casino_brand_games bg ON bg.domain = l.domain AND bg.game_code = $9
  LEFT JOIN casino_player_switches ps ON ps.player_id = l.player_id
  LEFT JOIN users u ON u.domain = l.domain AND u.id = l.player_id
  LEFT JOIN LATERAL (
    SELECT id, status, player_id, game_code, stake_minor, win_minor FROM casino_rounds
    WHERE provider = $1 AND round_id = $4
    FOR UPDATE
  ) AS r ON true
  ${playerCashJoin('cash', { domain: 'l.domain', ownerId: 'l.player_id', book: 'l.book' })}`;

async function claim(
  tx: Queryable,
  request: {
    provider: string;
    transactionId: string;
    kind: 'debit' | 'credit' | 'rollback';
    roundId: string;
    amountMinor: number;
    digest: string;
    referenceTransactionId: string | null;
    token: string;
    gameCode: string | null;
  },
): Promise<ClaimRow> {
  const [row] = await tx.query<ClaimRow>(CLAIM_SQL, [
    request.provider,
    request.transactionId,
    request.kind,
    request.roundId,
    request.amountMinor,
    request.digest,
    request.referenceTransactionId,
    hashPlayerToken(request.token),
    request.gameCode,
  ]);
  if (!row) throw new Error('the claim of a casino transaction answered no row');
  return row;
}

type ClaimRequest = Parameters<typeof claim>[1];

/** What a callback decided: its answer, its round, and the writes that go with its commit. */
interface Decision {
  answer: CasinoWalletAnswer;
  round: string | null;
  /** Written just before COMMIT, in its round trip, and before the answer is kept. */
  writes?: { sql: string; params: unknown[] }[];
}

/** The first debit of a round, racing another first debit of it: the loser starts again. */
function lostRoundOpening(error: unknown): boolean {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  return failure?.code === '23505' && failure.constraint === 'casino_rounds_provider_round_id_key';
}

/**
 * One callback's transaction, in its own database transaction: claims its id, answers a taken
 * id as the first time (or refuses it), else decides it and keeps the answer for repeats. The
 * decision's writes and the answer travel with COMMIT.
 */
async function claimOnce(
  deps: CallbackDeps,
  request: ClaimRequest,
  decide: (tx: Transaction, row: ClaimRow) => Promise<Decision>,
): Promise<CasinoWalletAnswer> {
  const attempt = () =>
    deps.db.transaction(
      async (tx) => {
        const row = await claim(tx, request);
        if (row.claimed === 0) {
          return repeat(tx, request.provider, request.transactionId, request.kind, request.digest);
        }
        const decided = await decide(tx, row);
        for (const write of decided.writes ?? []) tx.queryAtCommit(write.sql, write.params);
        recordAtCommit(tx, request.provider, request.transactionId, decided.answer, decided.round);
        return decided.answer;
      },
      { lookupsByKey: true },
    );
  try {
    return await attempt();
  } catch (error) {
    // Everything it wrote, its claim included, rolled back: the second try finds the round open.
    if (!lostRoundOpening(error)) throw error;
    return attempt();
  }
}

/** A taken transaction id: the first answer again, or why not. */
async function repeat(
  tx: Queryable,
  provider: string,
  transactionId: string,
  kind: 'debit' | 'credit' | 'rollback',
  digest: string,
): Promise<CasinoWalletAnswer> {
  const [row] = await tx.query<{ kind: string; digest: string | null; answer: unknown }>(
    `SELECT kind, digest, answer FROM casino_transactions
     WHERE provider = $1 AND transaction_id = $2`,
    [provider, transactionId],
  );
  if (!row) throw new Error(`casino transaction ${transactionId} is taken but missing`);
  if (row.digest === null && kind === 'debit') {
    return refusal('TRANSACTION_ROLLED_BACK', 'This debit was rolled back before it came.', {
      transactionId,
    });
  }
  if (row.kind !== kind || row.digest !== digest) {
    return refusal(
      'DUPLICATE_TRANSACTION',
      'This transaction id was used before for a different request.',
      { transactionId },
    );
  }
  return casinoWalletAnswerSchema.parse(row.answer);
}

/** Keeps a claimed transaction's answer, so a repeat is answered the same (with COMMIT). */
function recordAtCommit(
  tx: Transaction,
  provider: string,
  transactionId: string,
  answer: CasinoWalletAnswer,
  round: string | null,
): void {
  tx.queryAtCommit(
    `UPDATE casino_transactions SET outcome = $3, answer = $4::jsonb, round = $5
     WHERE provider = $1 AND transaction_id = $2`,
    [
      provider,
      transactionId,
      answer.status === 'OK' ? 'OK' : answer.code,
      JSON.stringify(answer),
      round,
    ],
  );
}

function okAnswer(
  playerId: string,
  currency: string,
  balanceMinor: number,
  transactionId?: string,
): CasinoWalletAnswer {
  return {
    status: 'OK',
    playerId,
    currency,
    balanceMinor,
    ...(transactionId ? { transactionId } : {}),
  };
}

/** The refusal of a move the round's state does not allow. */
function roundRefusal(state: RoundState, transactionId: string): CasinoWalletAnswer {
  return state === 'VOIDED'
    ? refusal('TRANSACTION_ROLLED_BACK', 'This round was rolled back.', { transactionId })
    : refusal('ROUND_CLOSED', 'This round has ended.', { transactionId });
}

/** Runs one callback whose signature was checked: parses it, then answers it. */
export async function handleCallback(
  deps: CallbackDeps,
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
      answer = await debit(deps, provider, parsed.data as z.infer<typeof casinoDebitRequestSchema>);
      break;
    case 'credit':
      answer = await credit(
        deps,
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

/** The launch a claim found, checked to be this provider's: the player it names. */
function launchOf(row: ClaimRow, provider: Provider) {
  if (
    !row.launch_id ||
    row.launch_provider !== provider.code ||
    !row.domain ||
    !row.player_id ||
    !row.book ||
    !row.currency ||
    row.session_generation === null ||
    !row.expires_at
  ) {
    return null;
  }
  return {
    id: row.launch_id,
    domain: row.domain,
    playerId: row.player_id,
    book: row.book,
    gameCode: row.launch_game,
    currency: row.currency,
    sessionGeneration: row.session_generation,
    expiresAt: row.expires_at,
    ref: { domain: row.domain, ownerId: row.player_id, book: row.book } satisfies PlayerRef,
  };
}

async function debit(
  deps: CallbackDeps,
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
  return claimOnce(
    deps,
    {
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
    (tx, row) => decideDebit(deps, tx, provider, request, row),
  );
}

async function decideDebit(
  deps: CallbackDeps,
  tx: Transaction,
  provider: Provider,
  request: z.infer<typeof casinoDebitRequestSchema>,
  row: ClaimRow,
): Promise<Decision> {
  const transactionId = request.transactionId;
  const refuse = (code: CasinoWalletErrorCode, message: string, balanceMinor?: number) => ({
    answer: refusal(code, message, {
      transactionId,
      ...(balanceMinor === undefined ? {} : { balanceMinor }),
    }),
    round: null,
  });
  const launch = launchOf(row, provider);
  if (!launch) return refuse('INVALID_TOKEN', 'The token was not issued to this provider.');
  const now = deps.now();
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
            : !row.brand_on || deps.siteSuspended(launch.domain)
              ? "The casino is closed on the player's site."
              : null;
  if (blocked) return refuse('PLAYER_BLOCKED', blocked);
  if (row.token_generation !== launch.sessionGeneration) {
    return refuse('TOKEN_EXPIRED', "The player's session has ended.");
  }
  if (row.loss_limited) {
    // The player's accounts locked first, so no other bet of theirs passes the limit with this.
    const ids = await ensurePlayerAccounts(tx, launch.ref);
    await lockAccounts(tx, [ids.cashId, ids.exposureId]);
    const breach = await lossLimitBreach(
      tx,
      { id: launch.playerId, domain: launch.domain, demo: launch.book === 'play' },
      // This bet counted as lost already, as an open round's stake is.
      async (db, ownerId, since) =>
        (await deps.settledResultSince(db, ownerId, since)) - request.amountMinor,
      now,
    );
    if (breach) return refuse('LIMIT_REACHED', breach);
  }

  // The round's write, decided before the money moves, written with the commit after it: a
  // round opened by this debit (a rival first debit makes the commit fail and this callback
  // start again, to join it), or the open round this bet joins, under the lock of the claim.
  let roundId: string;
  let roundWrite: { sql: string; params: unknown[] };
  if (row.round === null) {
    roundId = randomUUID();
    roundWrite = openRoundWrite({
      id: roundId,
      provider: provider.code,
      roundId: request.roundId,
      launchId: launch.id,
      domain: launch.domain,
      playerId: launch.playerId,
      book: launch.book,
      gameCode: request.gameCode,
      stakeMinor: request.amountMinor,
    });
  } else {
    if (row.round_player !== launch.playerId || row.round_game !== request.gameCode) {
      return refuse('GENERAL_ERROR', 'This round belongs to another player or game.');
    }
    const from = row.round_status ?? 'OPEN';
    const move = lockedMove(ROUND_MACHINE, {
      id: row.round,
      from,
      to: 'OPEN',
      set: { stake_minor: toMinor(row.round_stake_minor) + request.amountMinor },
    });
    if (move.outcome === 'refused') {
      return { answer: roundRefusal(from, transactionId), round: row.round };
    }
    roundId = row.round;
    roundWrite = move;
  }

  const result = await casinoBet(tx, {
    ...launch.ref,
    amountMinor: request.amountMinor,
    reference: roundReference(provider.code, request.roundId),
    idempotencyKey: `casino_bet:${provider.code}:${transactionId}`,
  });
  if (result.status === 'insufficient_funds') {
    return refuse(
      'INSUFFICIENT_FUNDS',
      'The balance does not cover this bet.',
      result.balanceMinor,
    );
  }
  if (result.status !== 'ok') unexpected(result, 'bet');
  return {
    answer: okAnswer(
      launch.playerId,
      launch.currency,
      cashAfter(result, launch.playerId) ?? (await cashOf(tx, launch.ref)),
      transactionId,
    ),
    round: roundId,
    writes: [roundWrite],
  };
}

async function credit(
  deps: CallbackDeps,
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
  return claimOnce(
    deps,
    {
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
    (tx, row) => decideCredit(tx, provider, request, row),
  );
}

async function decideCredit(
  tx: Transaction,
  provider: Provider,
  request: z.output<typeof casinoCreditRequestSchema>,
  row: ClaimRow,
): Promise<Decision> {
  const transactionId = request.transactionId;
  const refuse = (code: CasinoWalletErrorCode, message: string) => ({
    answer: refusal(code, message, { transactionId }),
    round: row.round,
  });
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
  // The round is locked by the claim: the move is decided here and written with the commit.
  const to: RoundState = request.roundClosed ? 'SETTLED' : 'OPEN';
  const move = lockedMove(ROUND_MACHINE, {
    id: row.round,
    from: row.round_status,
    to,
    set: {
      win_minor: toMinor(row.round_win_minor) + request.amountMinor,
      ...closedColumns(row.round_status, to),
    },
  });
  if (move.outcome === 'refused') {
    return { answer: roundRefusal(row.round_status, transactionId), round: row.round };
  }
  let cash = toMinor(row.cash_minor ?? 0);
  if (request.amountMinor > 0) {
    const paid = await casinoWin(tx, {
      ...launch.ref,
      amountMinor: request.amountMinor,
      reference: roundReference(provider.code, request.roundId),
      idempotencyKey: `casino_win:${provider.code}:${transactionId}`,
    });
    if (paid.status !== 'ok') unexpected(paid, 'win');
    cash = cashAfter(paid, launch.playerId) ?? (await cashOf(tx, launch.ref));
  }
  return {
    answer: okAnswer(launch.playerId, launch.currency, cash, transactionId),
    round: row.round,
    writes: [move],
  };
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
  return claimOnce(
    deps,
    {
      provider: provider.code,
      transactionId: request.transactionId,
      kind: 'rollback',
      roundId: request.roundId,
      amountMinor: 0,
      digest,
      referenceTransactionId: request.referenceTransactionId,
      token: request.token,
      gameCode: request.gameCode ?? null,
    },
    (tx, row) => decideRollback(tx, provider, request, row),
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
): Promise<{ answer: CasinoWalletAnswer; round: string | null }> {
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
