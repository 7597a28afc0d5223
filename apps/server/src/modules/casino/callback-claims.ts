/**
 * The claim of a callback's transaction id, and the keeping of its answer. Each money callback
 * names `(provider, transaction id)`, a row of `casino_transactions` kept with the answer it got,
 * so a copy of a request is answered with the first answer, word for word, or with
 * DUPLICATE_TRANSACTION when it asks for something else under the same id.
 *
 * Debits and credits read their ids' rows with everything their decisions need, in one
 * statement for a whole group (`readClaims`), and write the rows once, with their answers, in
 * the statement that commits the group (callback-groups.ts): a row is inserted once and never
 * updated. The primary key settles races between copies of one request: the copy that commits
 * second fails its group on the key, and alone again finds the first's row. A rollback, rarer,
 * claims its id first (`claimAll`), so a copy waits for it at once, and keeps its answer at
 * commit (`keepAtCommit`).
 */
import { casinoWalletAnswerSchema, type CasinoWalletAnswer } from '@backlay/contract/casino-wallet';
import type { Queryable, Transaction } from '../../db/database';
import type { PlayPauseKind } from '../account';
import { getBalances, playerCashJoin, type Book } from '../wallet';
import { refusal } from './callback-answers';
import { hashPlayerToken } from './launches';
import type { Provider } from './providers';
import type { RoundState, RoundWrite } from './rounds';

/** What a money callback claims: its id, and what it names. */
export interface ClaimRequest {
  provider: string;
  transactionId: string;
  kind: 'debit' | 'credit' | 'rollback';
  roundId: string;
  amountMinor: number;
  digest: string;
  referenceTransactionId: string | null;
  token: string;
  gameCode: string | null;
}

/**
 * A claim, with what the callback decides on: the launch its token names, the game's provider,
 * the switches, the player's checks, the round of the provider's round id (locked) and the
 * player's cash.
 */
export interface ClaimRow {
  /** Whether the id is the callback's own to decide: not taken by an earlier request. */
  claimed: boolean;
  /** The earlier request's row when the id was taken (`readClaims` only). */
  taken_kind: string | null;
  taken_digest: string | null;
  taken_answer: unknown;
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

/** Each request's row of `unnest` (numbered by `n`), from the parameters of `claimParams`. */
const REQUESTS = `
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[],
    $6::text[], $7::text[], $8::text[], $9::text[]) WITH ORDINALITY
    AS q (provider, transaction_id, kind, round_id, amount_minor, digest,
      reference_transaction_id, token_hash, game_code, n)`;

/**
 * What every claim reads beside its id: the launch of its token, the game's provider, the
 * brand's and the player's switches, the player's checks, the round of its round id under the
 * round's row lock (so moves on one round take turns from here on) and the player's cash. The
 * requests come in the order of their rounds, so two groups lock rounds in one order.
 */
const DECIDED_ON = `
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
  FROM request q`;

const DECIDED_ON_JOINS = `
  LEFT JOIN casino_launches l ON l.token_hash = q.token_hash
  LEFT JOIN casino_games g ON g.game_code = q.game_code
  LEFT JOIN casino_brand_settings bs ON bs.domain = l.domain
  LEFT JOIN casino_brand_games bg ON bg.domain = l.domain AND bg.game_code = q.game_code
  LEFT JOIN casino_player_switches ps ON ps.player_id = l.player_id
  LEFT JOIN users u ON u.domain = l.domain AND u.id = l.player_id
  LEFT JOIN LATERAL (
    SELECT id, status, player_id, game_code, stake_minor, win_minor FROM casino_rounds
    WHERE provider = q.provider AND round_id = q.round_id
    FOR UPDATE
  ) AS r ON true
  ${playerCashJoin('cash', { domain: 'l.domain', ownerId: 'l.player_id', book: 'l.book' })}
  ORDER BY q.n`;

/**
 * Reads each request's id (the row of an earlier request, when taken) and what its decision
 * needs, writing nothing: the group writes its rows with COMMIT. A copy committing meanwhile
 * makes that write fail on the key.
 */
const READ_SQL = `
  WITH request AS (${REQUESTS})
  SELECT q.n, x.transaction_id IS NULL AS claimed,
    x.kind AS taken_kind, x.digest AS taken_digest, x.answer AS taken_answer,
    ${DECIDED_ON}
  -- Probed once per request (OFFSET 0 keeps the planner from turning this into a join it may
  -- order): a plan made while the table looked empty otherwise read all of it for each group.
  LEFT JOIN LATERAL (
    SELECT transaction_id, kind, digest, answer FROM casino_transactions
    WHERE provider = q.provider AND transaction_id = q.transaction_id
    OFFSET 0
  ) AS x ON true
  ${DECIDED_ON_JOINS}`;

/**
 * Claims each request's id at once (a rollback's): a row PENDING until `keepAtCommit` writes its
 * answer, on which a copy waits until this transaction ends, then finds it taken.
 */
const CLAIM_SQL = `
  WITH request AS (${REQUESTS}),
  claim AS (
    INSERT INTO casino_transactions (provider, transaction_id, kind, round_id, amount_minor,
      digest, reference_transaction_id, outcome, answer)
    SELECT provider, transaction_id, kind, round_id, amount_minor, digest,
      reference_transaction_id, 'PENDING', '{}'::jsonb
    FROM request ORDER BY n
    ON CONFLICT DO NOTHING
    RETURNING provider, transaction_id
  )
  SELECT q.n, c.transaction_id IS NOT NULL AS claimed,
    NULL AS taken_kind, NULL AS taken_digest, NULL AS taken_answer,
    ${DECIDED_ON}
  LEFT JOIN claim c ON c.provider = q.provider AND c.transaction_id = q.transaction_id
  ${DECIDED_ON_JOINS}`;

/** Reads each request's id and what it decides on (see READ_SQL); rows in request order. */
export function readClaims(tx: Queryable, requests: readonly ClaimRequest[]): Promise<ClaimRow[]> {
  return claimRows(tx, READ_SQL, requests);
}

/** Claims each request's id (see CLAIM_SQL); the rows in the order of the requests. */
export function claimAll(tx: Queryable, requests: readonly ClaimRequest[]): Promise<ClaimRow[]> {
  return claimRows(tx, CLAIM_SQL, requests);
}

async function claimRows(
  tx: Queryable,
  sql: string,
  requests: readonly ClaimRequest[],
): Promise<ClaimRow[]> {
  const order = requests
    .map((request, i) => ({ request, i }))
    .sort((a, b) =>
      a.request.provider !== b.request.provider
        ? a.request.provider < b.request.provider
          ? -1
          : 1
        : a.request.roundId < b.request.roundId
          ? -1
          : a.request.roundId > b.request.roundId
            ? 1
            : a.i - b.i,
    );
  const sorted = order.map(({ request }) => request);
  const rows = await tx.query<ClaimRow & { n: number | string }>(sql, [
    sorted.map((r) => r.provider),
    sorted.map((r) => r.transactionId),
    sorted.map((r) => r.kind),
    sorted.map((r) => r.roundId),
    sorted.map((r) => r.amountMinor),
    sorted.map((r) => r.digest),
    sorted.map((r) => r.referenceTransactionId),
    sorted.map((r) => hashPlayerToken(r.token)),
    sorted.map((r) => r.gameCode),
  ]);
  if (rows.length !== requests.length) throw new Error('a casino claim lost a row');
  const claims = new Array<ClaimRow>(requests.length);
  rows.forEach((row, k) => {
    const entry = order[k];
    if (!entry || Number(row.n) !== k + 1) throw new Error('casino claims out of order');
    claims[entry.i] = row;
  });
  return claims;
}

/** A taken transaction id, from the earlier request's row: the first answer again, or why not. */
export function repeatOf(
  request: ClaimRequest,
  taken: { kind: string | null; digest: string | null; answer: unknown },
): CasinoWalletAnswer {
  const { transactionId, kind, digest } = request;
  if (taken.digest === null && kind === 'debit') {
    return refusal('TRANSACTION_ROLLED_BACK', 'This debit was rolled back before it came.', {
      transactionId,
    });
  }
  if (taken.kind !== kind || taken.digest !== digest) {
    return refusal(
      'DUPLICATE_TRANSACTION',
      'This transaction id was used before for a different request.',
      { transactionId },
    );
  }
  return keptAnswer(taken.answer);
}

/** An answer as kept in `casino_transactions`, in the contract's shape and order of fields. */
export function keptAnswer(answer: unknown): CasinoWalletAnswer {
  return casinoWalletAnswerSchema.parse(answer);
}

/** A taken transaction id (a rollback's, claimed by `claimAll`): its row read, then `repeatOf`. */
export async function repeat(tx: Queryable, request: ClaimRequest): Promise<CasinoWalletAnswer> {
  const [row] = await tx.query<{ kind: string; digest: string | null; answer: unknown }>(
    `SELECT kind, digest, answer FROM casino_transactions
     WHERE provider = $1 AND transaction_id = $2`,
    [request.provider, request.transactionId],
  );
  if (!row) throw new Error(`casino transaction ${request.transactionId} is taken but missing`);
  return repeatOf(request, row);
}

/** What a callback decided: its answer, its round, and the round's write that goes with it. */
export interface Decision {
  answer: CasinoWalletAnswer;
  round: string | null;
  /** Written with the group's commit (callback-groups.ts). */
  roundWrite?: RoundWrite;
}

/**
 * Queues the keeping of claimed answers (so a repeat is answered the same) to travel with
 * COMMIT: a rollback's, claimed PENDING by `claimAll`. The statement fails the transaction
 * unless it finds every claim.
 */
export function keepAtCommit(
  tx: Transaction,
  kept: readonly { request: ClaimRequest; decision: Decision }[],
): void {
  if (kept.length === 0) return;
  tx.queryAtCommit(
    `WITH kept AS (
       UPDATE casino_transactions t
       SET outcome = a.outcome, answer = a.answer::jsonb, round = a.round
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::uuid[])
         AS a (provider, transaction_id, outcome, answer, round)
       WHERE t.provider = a.provider AND t.transaction_id = a.transaction_id
       RETURNING 1
     )
     SELECT expect_rows((SELECT count(*) FROM kept), $6, 'casino answers kept')`,
    [
      kept.map(({ request }) => request.provider),
      kept.map(({ request }) => request.transactionId),
      kept.map(({ decision }) => (decision.answer.status === 'OK' ? 'OK' : decision.answer.code)),
      kept.map(({ decision }) => JSON.stringify(decision.answer)),
      kept.map(({ decision }) => decision.round),
      kept.length,
    ],
  );
}

/** A player's scope in the ledger. */
export interface PlayerRef {
  domain: string;
  ownerId: string;
  book: Book;
}

/** The player's cash now (when no transfer of this callback said it). */
export async function cashOf(db: Queryable, player: PlayerRef): Promise<number> {
  return (await getBalances(db, player)).availableMinor;
}

/** The launch a claim found, checked to be this provider's: the player it names. */
export function launchOf(row: ClaimRow, provider: Provider) {
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

/** A launch as `launchOf` found it. */
export type ClaimedLaunch = NonNullable<ReturnType<typeof launchOf>>;
