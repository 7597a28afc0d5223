/**
 * The double-entry wallet ledger: accounts, transfers and the balances derived from them.
 *
 * Model. Every account belongs to a domain and a book: 'real' money, or the 'play' money of demo
 * players (the two never meet in one transfer). A player has three accounts per book: cash (what
 * they can use), exposure (the liability of their open bets, held out of cash) and bonus; each
 * domain and book has one house, one commission and one payment clearing account. Every movement is
 * one transfer: an idempotency key, a code saying why, a reference (bet, market, payment) and two
 * or more entries, signed amounts in minor units that sum to zero.
 *
 * Balance, exposure, available. Placing a bet moves its liability from cash to exposure (a hold);
 * match, cancel and settlement release or post it. So a player's balance is cash + exposure and
 * available = balance − exposure = cash: "no movement takes available below zero" is "no player
 * account goes below zero", a check on one row.
 *
 * Invariants live in the database (the tables of migration 0003_ledger.sql, the functions and
 * triggers of db/functions/), so no code path and no instance can break them: transfers and entries
 * are append-only (triggers refuse UPDATE, DELETE and TRUNCATE); the entry trigger accepts one
 * transfer's entries per statement, all of them at once, on existing accounts of the transfer's
 * domain and book (so books never mix), summing to zero, and a transfer is written by the statement
 * that writes its entries (never without them); player accounts cache their balance, which only
 * that trigger moves, and a CHECK keeps it at or above zero. `auditLedger` re-derives all of it
 * from the entries.
 *
 * Concurrency. Every transfer goes through one database function, `ledger_post_transfer`, in the
 * caller's transaction and in one round trip: it locks the player accounts the transfer touches
 * (`SELECT … FOR NO KEY UPDATE`, in id order, so two transfers never wait on each other crosswise)
 * and then decides under those locks, each statement seeing everything committed before the locks
 * were granted: idempotency key, hold, funds, insert. Instances sharing one PostgreSQL therefore
 * serialise per player in the database; PGlite runs one transaction at a time anyway, so there the
 * function skips the locks (db/functions/ledger_post_transfer.sql). System accounts are never
 * locked (no cached balance, no limit, so no hot row). (The wallet's movements name accounts by
 * kind; `ledger_account_ids` resolves them, creating a player's accounts on first use, in the same
 * round trip.) The key's UNIQUE constraint settles two same-key transfers that share no player.
 * Batches of two-leg transfers (a market's bets, a group of casino callbacks) go through
 * `ledger_post_moves` instead, which decides them exactly as one call each would, in order, but
 * in a fixed number of statements for the whole batch (db/functions/ledger_post_moves.sql).
 * Market-level work takes `lockMarket` (a transaction-scoped advisory lock) before any player, and
 * a transaction that moves money for several players locks them all first (`lockAccounts`). A
 * player's cash and exposure are always locked together, so the figures a posting answers (and
 * the wallet announces after the commit, `balance-notices.ts`) are one consistent pair.
 *
 * Results. Business outcomes are result codes: 'ok', 'duplicate' (the key was used for this very
 * transfer: nothing moves, the original is returned), 'idempotency_conflict' (the key was used for
 * a different one), 'insufficient_funds', 'hold_mismatch', 'invalid'. Anything but 'ok' means the
 * call wrote nothing. Exceptions mean a broken invariant or a database failure, and the caller's
 * transaction rolls back. Amounts are JavaScript numbers that must be safe integers: requests are
 * checked, and values read from the database are asserted.
 */
import type { Queryable } from '../../db/database';
import { announceAfterCommit, noticesOfFigures, type BalanceNotice } from './balance-notices';

export const BOOKS = ['real', 'play'] as const;
export type Book = (typeof BOOKS)[number];

/** Demo players live in the play-money book, everybody else in real money. */
export function bookOf(player: { demo: boolean }): Book {
  return player.demo ? 'play' : 'real';
}

export const PLAYER_ACCOUNT_KINDS = ['player_cash', 'player_exposure', 'player_bonus'] as const;
export const SYSTEM_ACCOUNT_KINDS = [
  'house',
  'commission',
  'payment_clearing',
  // Withdrawals asked for and not yet paid out or returned (migration 0017).
  'withdrawal_pending',
  // The brand's promotions: bonuses are claimed from it and what is left of one that expires
  // or is forfeited goes back to it (migration 0026).
  'promotion',
] as const;
export type PlayerAccountKind = (typeof PLAYER_ACCOUNT_KINDS)[number];
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];
export type AccountKind = PlayerAccountKind | SystemAccountKind;

/** Why money moved. */
export const TRANSFER_CODES = [
  'deposit',
  // Paid out to the player's bank or UPI: held withdrawal → payment clearing (or, for a direct
  // withdrawal, cash → payment clearing).
  'withdrawal',
  // A withdrawal asked for (cash → held) and one cancelled or rejected (held → cash).
  'withdrawal_hold',
  'withdrawal_release',
  'bet_hold',
  'bet_release',
  'bet_settle_win',
  'bet_settle_loss',
  'bet_settle_void',
  // A settlement taken back when an operator corrects a market's result (the new result is a
  // settlement of its own).
  'bet_settle_reversal',
  'commission',
  'bonus_grant',
  // A bonus wagered through (player bonus → cash), and one that expired or was forfeited
  // (player bonus → promotion).
  'bonus_convert',
  'bonus_expire',
  'bonus_forfeit',
  'demo_grant',
  'adjustment',
  'demo_compaction',
  // A casino provider's callbacks: a bet (cash → house), a win (house → cash) and a bet given
  // back by a rollback (house → cash), each keyed by the provider's transaction id.
  'casino_bet',
  'casino_win',
  'casino_refund',
] as const;
export type TransferCode = (typeof TRANSFER_CODES)[number];

/** The codes of casino play: what a player's casino rounds moved is the sum of these. */
export const CASINO_TRANSFER_CODES = [
  'casino_bet',
  'casino_win',
  'casino_refund',
] as const satisfies readonly TransferCode[];

/**
 * How every casino movement's reference starts (`casino:<provider>:<round id>`): a partial index
 * of the entries with such references (migration 0025) finds a player's casino play at once,
 * however much else they did.
 */
export const CASINO_REFERENCE_PREFIX = 'casino:';

/** The largest amount of one entry; a sum of MAX_LEGS of them is still a safe integer. */
export const MAX_AMOUNT_MINOR = 1_000_000_000_000_000;
export const MAX_LEGS = 8;
export const MAX_KEY_LENGTH = 200;
export const MAX_REFERENCE_LENGTH = 200;
const MAX_DOMAIN_LENGTH = 253;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface TransferLeg {
  accountId: string;
  /** Signed: negative leaves the account, positive enters it. */
  amountMinor: number;
}

export interface TransferRequest {
  idempotencyKey: string;
  code: TransferCode;
  reference: string | null;
  legs: readonly TransferLeg[];
}

export interface Transfer {
  id: string;
  idempotencyKey: string;
  domain: string;
  book: Book;
  code: TransferCode;
  reference: string | null;
  createdAt: Date;
  /** Sorted by account id. */
  legs: TransferLeg[];
}

export type InvalidReason =
  | 'bad_idempotency_key'
  | 'bad_code'
  | 'bad_reference'
  | 'bad_leg_count'
  | 'bad_amount'
  | 'duplicate_account'
  | 'not_balanced'
  | 'unknown_account'
  | 'mixed_domains'
  | 'mixed_books'
  | 'nothing_to_move';

/** The outcomes that leave the ledger untouched. */
export type TransferFailure =
  | { status: 'invalid'; reason: InvalidReason }
  | {
      status: 'insufficient_funds';
      accountId: string;
      balanceMinor: number;
      requiredMinor: number;
    }
  | { status: 'hold_mismatch'; heldMinor: number };

export type TransferResult =
  | {
      status: 'ok';
      transfer: Transfer;
      /**
       * The new figures of each player whose cash or exposure moved, as the ledger answered
       * them under the player's locks (and the wallet announces after the commit).
       */
      figures?: readonly BalanceNotice[];
    }
  | { status: 'duplicate'; transfer: Transfer }
  | { status: 'idempotency_conflict'; transfer: Transfer }
  | TransferFailure;

export interface PlayerRef {
  domain: string;
  ownerId: string;
  book: Book;
}

export interface PlayerAccounts {
  cashId: string;
  exposureId: string;
  bonusId: string;
}

export interface Balances {
  /** Cash plus exposure: everything the player has in this book. */
  balanceMinor: number;
  /** Held for open bets. */
  exposureMinor: number;
  /** Balance minus exposure: what the player can bet or withdraw. */
  availableMinor: number;
  bonusMinor: number;
}

/** An invalid-request result. */
export function invalid(reason: InvalidReason): TransferFailure {
  return { status: 'invalid', reason };
}

/** A money value read from the database (number, numeric string or bigint) as a safe integer. */
export function toMinor(value: unknown): number {
  const n = typeof value === 'string' || typeof value === 'bigint' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
    throw new Error(`ledger amount ${String(value)} is not a safe integer`);
  }
  return n;
}

/** Whether an amount can be one side of a movement: a positive safe integer within the limit. */
export function isPositiveAmount(amountMinor: number): boolean {
  return Number.isSafeInteger(amountMinor) && amountMinor > 0 && amountMinor <= MAX_AMOUNT_MINOR;
}

/** Whose accounts: one domain book, and the player's for player kinds. */
export interface AccountScope {
  domain: string;
  book: Book;
  ownerId: string | null;
}

function assertScope(domain: string, book: Book, ownerId: string | null): void {
  if (typeof domain !== 'string' || domain.length < 1 || domain.length > MAX_DOMAIN_LENGTH) {
    throw new Error(`invalid ledger domain ${JSON.stringify(domain)}`);
  }
  if (!BOOKS.includes(book)) throw new Error(`invalid ledger book ${JSON.stringify(book)}`);
  if (ownerId !== null && !UUID_PATTERN.test(ownerId)) {
    throw new Error(`invalid ledger owner ${JSON.stringify(ownerId)}`);
  }
}

/** Scope and kinds name accounts that can exist; anything else is a caller's bug. */
function assertAccountScope(scope: AccountScope, kinds: readonly AccountKind[]): void {
  assertScope(scope.domain, scope.book, scope.ownerId);
  for (const kind of kinds) {
    if (!isPlayerKind(kind) && !(SYSTEM_ACCOUNT_KINDS as readonly string[]).includes(kind)) {
      throw new Error(`invalid ledger account kind ${JSON.stringify(kind)}`);
    }
    if (isPlayerKind(kind) && scope.ownerId === null) {
      throw new Error('player accounts need an owner');
    }
  }
  if (new Set(kinds).size !== kinds.length) throw new Error('an account kind is named twice');
}

function isPlayerKind(kind: AccountKind): kind is PlayerAccountKind {
  return (PLAYER_ACCOUNT_KINDS as readonly string[]).includes(kind);
}

/**
 * The ids of the named accounts of one domain book, created when missing: player kinds belong
 * to `ownerId`, system kinds to the domain (database function `ledger_account_ids`). Safe to
 * race: creation is insert-or-nothing.
 */
export async function ensureAccounts<K extends AccountKind>(
  tx: Queryable,
  scope: AccountScope,
  kinds: readonly K[],
): Promise<Record<K, string>> {
  assertAccountScope(scope, kinds);
  const [row] = await tx.query<{ ids: string[] }>(
    'SELECT ledger_account_ids($1, $2, $3::uuid, $4::text[]) AS ids',
    [scope.domain, scope.book, scope.ownerId, [...kinds]],
  );
  const ids = row?.ids ?? [];
  if (ids.length !== kinds.length) throw new Error('ledger accounts were not all found');
  return Object.fromEntries(kinds.map((kind, i) => [kind, ids[i]])) as Record<K, string>;
}

/** A player's cash, exposure and bonus accounts in one book, created when missing. */
export async function ensurePlayerAccounts(
  tx: Queryable,
  player: PlayerRef,
): Promise<PlayerAccounts> {
  const ids = await ensureAccounts(tx, player, PLAYER_ACCOUNT_KINDS);
  return { cashId: ids.player_cash, exposureId: ids.player_exposure, bonusId: ids.player_bonus };
}

/** The domain's house, commission or payment clearing account in one book, created when missing. */
export async function ensureSystemAccount(
  tx: Queryable,
  scope: { domain: string; book: Book; kind: SystemAccountKind },
): Promise<string> {
  const ids = await ensureAccounts(tx, { ...scope, ownerId: null }, [scope.kind]);
  return ids[scope.kind];
}

/**
 * Locks the player accounts among `accountIds` for the rest of the transaction, in id order (as
 * every transfer does), with the cash or exposure account beside each one named (a transfer
 * locks the pair together). Call it first in a transaction that moves money for several
 * players, so no two such transactions can deadlock. System accounts are never locked.
 */
export async function lockAccounts(tx: Queryable, accountIds: readonly string[]): Promise<void> {
  // The database function ledger_post_transfer locks with, whose plans find the accounts by key.
  await tx.query('SELECT ledger_lock_accounts($1::uuid[])', [[...accountIds]]);
}

/** Serialises market-level work (settlement) on one market across instances, until commit. */
export async function lockMarket(
  tx: Queryable,
  market: { domain: string; marketId: string },
): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
    `ledger_market:${market.domain}:${market.marketId}`,
  ]);
}

/** Checks what every transfer needs: key, code, reference, and amounts that sum to zero. */
function validateMovement(
  request: { idempotencyKey: string; code: TransferCode; reference: string | null },
  amounts: readonly number[],
): InvalidReason | null {
  const { idempotencyKey, code, reference } = request;
  if (
    typeof idempotencyKey !== 'string' ||
    idempotencyKey.length < 1 ||
    idempotencyKey.length > MAX_KEY_LENGTH
  ) {
    return 'bad_idempotency_key';
  }
  if (!TRANSFER_CODES.includes(code)) return 'bad_code';
  if (
    reference !== null &&
    (typeof reference !== 'string' ||
      reference.length < 1 ||
      reference.length > MAX_REFERENCE_LENGTH)
  ) {
    return 'bad_reference';
  }
  if (amounts.length < 2 || amounts.length > MAX_LEGS) return 'bad_leg_count';
  let total = 0;
  for (const amount of amounts) {
    if (!Number.isSafeInteger(amount) || amount === 0 || Math.abs(amount) > MAX_AMOUNT_MINOR) {
      return 'bad_amount';
    }
    total += amount;
  }
  return total === 0 ? null : 'not_balanced';
}

function sortedLegs(legs: readonly TransferLeg[]): TransferLeg[] {
  return [...legs].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
}

/** A rule on what is held for the transfer's reference on one account of its scope. */
export interface HoldRule {
  /** The account, by kind (in practice the player's exposure). */
  kind: AccountKind;
  /** 'covers': at least `amountMinor` is held; 'equals': exactly `amountMinor` is held. */
  rule: 'covers' | 'equals';
  amountMinor: number;
}

/** A leg named by the kind of account in the transfer's scope. */
export interface ScopedLeg {
  kind: AccountKind;
  amountMinor: number;
}

/** A transfer between accounts of one scope (a player's and the domain's, in one book). */
export interface ScopedTransferRequest {
  idempotencyKey: string;
  code: TransferCode;
  reference: string | null;
  scope: AccountScope;
  legs: readonly ScopedLeg[];
}

interface PostRow {
  result:
    | 'ok'
    | 'exists'
    | 'unknown_account'
    | 'mixed_domains'
    | 'mixed_books'
    | 'hold_mismatch'
    | 'insufficient_funds';
  accounts: string[];
  transfer: string | null;
  posted_at: Date | null;
  transfer_domain: string | null;
  transfer_book: Book | null;
  short_account: string | null;
  short_balance_minor: unknown;
  held_minor: unknown;
  figures: unknown;
}

/** Posts one transfer in the caller's transaction: all of it, or nothing with a result code. */
export async function transfer(tx: Queryable, request: TransferRequest): Promise<TransferResult> {
  const legs = Array.isArray(request.legs) ? request.legs : [];
  const reason =
    validateMovement(
      request,
      legs.map((leg) => leg.amountMinor),
    ) ??
    (legs.some((leg) => typeof leg.accountId !== 'string' || !UUID_PATTERN.test(leg.accountId))
      ? 'unknown_account'
      : new Set(legs.map((leg) => leg.accountId.toLowerCase())).size !== legs.length
        ? 'duplicate_account'
        : null);
  if (reason) return invalid(reason);
  const amounts = legs.map((leg) => leg.amountMinor);
  return post(
    tx,
    request,
    postTransferCall(
      request,
      '$4::uuid[]',
      [legs.map((leg) => leg.accountId.toLowerCase())],
      amounts,
      null,
    ),
    amounts,
  );
}

/**
 * Posts one transfer between accounts named by kind, created when missing, with an optional
 * rule on what is held for the reference: account lookup, locks and every decision happen in
 * one round trip.
 */
export async function postScopedTransfer(
  tx: Queryable,
  request: ScopedTransferRequest,
  hold: HoldRule | null,
  embed?: EmbedLedgerCall,
): Promise<TransferResult> {
  const kinds = request.legs.map((leg) => leg.kind);
  assertAccountScope(request.scope, kinds);
  const amounts = request.legs.map((leg) => leg.amountMinor);
  const reason = validateMovement(request, amounts);
  if (reason) return invalid(reason);
  if (hold) assertAccountScope(request.scope, [hold.kind]);
  if (hold && !Number.isSafeInteger(hold.amountMinor)) throw new Error('invalid hold rule');
  const { domain, book, ownerId } = request.scope;
  const call = postTransferCall(
    request,
    'ledger_account_ids($8, $9, $10::uuid, $4::text[])',
    [kinds, domain, book, ownerId],
    amounts,
    hold && {
      sql: '(ledger_account_ids($8, $9, $10::uuid, ARRAY[$11::text]))[1]',
      param: hold.kind,
      rule: hold.rule,
      amountMinor: hold.amountMinor,
    },
  );
  return post(tx, request, call, amounts, embed);
}

/**
 * Moves a player's hold on `reference` by `deltaMinor` through the database function
 * `ledger_move_exposure` (db/functions/ledger_move_exposure.sql), which applies the one SQL form
 * of the re-hold rule (`ledger_move_exposures`): a positive delta holds more out of cash, a
 * negative one releases (never more than is held). One round trip, the player's accounts
 * created when missing.
 */
export async function postExposureMove(
  tx: Queryable,
  request: {
    idempotencyKey: string;
    reference: string;
    scope: AccountScope & { ownerId: string };
    deltaMinor: number;
  },
  embed?: EmbedLedgerCall,
): Promise<TransferResult> {
  const { scope, deltaMinor } = request;
  assertAccountScope(scope, ['player_cash', 'player_exposure']);
  const code: TransferCode = deltaMinor > 0 ? 'bet_hold' : 'bet_release';
  const amounts = [-Math.abs(deltaMinor), Math.abs(deltaMinor)];
  const movement = { ...request, code };
  const reason = validateMovement(movement, amounts);
  if (reason) return invalid(reason);
  const call = {
    sql: `SELECT r.* FROM ledger_account_ids($4, $5, $6::uuid, $7::text[]) AS a (ids)
      CROSS JOIN LATERAL ledger_move_exposure($1, $2, a.ids[1], a.ids[2], $3) AS r`,
    params: [
      request.idempotencyKey,
      request.reference,
      deltaMinor,
      scope.domain,
      scope.book,
      scope.ownerId,
      ['player_cash', 'player_exposure'],
    ],
  };
  return post(tx, movement, call, amounts, embed);
}

/**
 * Puts the ledger's call into a larger statement, saving a round trip: given the call (a
 * `SELECT` whose one row is the ledger's answer, parameters from $1), returns the statement to
 * run instead, whose rows must be that row. Its own parameters follow the call's
 * (`ledgerAfterWrites` builds such a statement).
 */
export type EmbedLedgerCall = (call: { sql: string; params: unknown[] }) => {
  sql: string;
  params: unknown[];
};

/** A caller's writes as the parts of a WITH clause, their parameters numbered from `first`. */
export type WritesFrom = (first: number) => { ctes: string; params: unknown[] };

const afterWritesTexts = new Map<string, Map<string, string>>();

/**
 * `WITH <writes>, ledger AS (<call>) SELECT <columns> FROM ledger`: the call's parameters
 * first, the writes' numbered after them. Each text is built once per shape and then reused,
 * so the database's prepared statement for it is found by the same string.
 *
 * `expectPosted`: the statement itself fails (and its transaction with it) unless the call
 * answers exactly that many rows, every one with `result` 'ok' (as the ledger's posting
 * functions answer), for a statement whose rows nobody reads before it commits
 * (`Transaction.readAtCommit`). Its parameter comes last.
 */
export function ledgerAfterWrites(
  writes: WritesFrom,
  call: { sql: string; params: unknown[] },
  columns: string,
  expectPosted?: number,
): { sql: string; params: unknown[] } {
  const { ctes, params } = writes(call.params.length + 1);
  let byCall = afterWritesTexts.get(ctes);
  if (!byCall) {
    byCall = new Map();
    afterWritesTexts.set(ctes, byCall);
  }
  const checked = expectPosted !== undefined;
  const key = `${checked}\n${columns}\n${call.sql}`;
  let sql = byCall.get(key);
  if (sql === undefined) {
    const expected = `$${call.params.length + params.length + 1}::bigint`;
    // RIGHT JOIN: the check's one row is read even when the call answers none.
    sql = checked
      ? `WITH ${ctes}, ledger AS MATERIALIZED (${call.sql}),
        posted AS MATERIALIZED (
          SELECT expect_rows(c.answered, ${expected}, 'ledger answers') AS answered,
            expect_rows(c.ok, ${expected}, 'ledger postings that went through') AS ok
          FROM (SELECT count(*), count(*) FILTER (WHERE result = 'ok') FROM ledger)
            AS c (answered, ok))
        SELECT ${columns} FROM ledger RIGHT JOIN posted ON true`
      : `WITH ${ctes}, ledger AS (${call.sql})
      SELECT ${columns} FROM ledger`;
    byCall.set(key, sql);
  }
  return {
    sql,
    params: [...call.params, ...params, ...(checked ? [expectPosted] : [])],
  };
}

/**
 * The call of the database function `ledger_post_transfer` (db/functions/ledger_post_transfer.sql),
 * which locks the player accounts and decides under the locks: key, hold, funds, insert.
 */
function postTransferCall(
  request: { idempotencyKey: string; code: TransferCode; reference: string | null },
  accountsSql: string,
  accountParams: unknown[],
  amounts: number[],
  hold: { sql: string; param: unknown; rule: HoldRule['rule']; amountMinor: number } | null,
): { sql: string; params: unknown[] } {
  const [accountsParam, ...scopeParams] = accountParams;
  return {
    sql: `SELECT * FROM ledger_post_transfer(
       $1, $2, $3, ${accountsSql}, $5::bigint[], ${hold ? hold.sql : 'NULL::uuid'}, $6, $7
     )`,
    params: [
      request.idempotencyKey,
      request.code,
      request.reference,
      accountsParam,
      amounts,
      hold?.rule ?? null,
      hold?.amountMinor ?? null,
      ...scopeParams,
      ...(hold ? [hold.param] : []),
    ],
  };
}

/**
 * Runs a posting call (one row of `ledger_post_transfer`'s columns; `amounts` in the order of
 * its accounts) and reads its answer; the figures of a posting are announced after the commit.
 */
async function post(
  tx: Queryable,
  request: { idempotencyKey: string; code: TransferCode; reference: string | null },
  call: { sql: string; params: unknown[] },
  amounts: readonly number[],
  embed?: EmbedLedgerCall,
): Promise<TransferResult> {
  const statement = embed ? embed(call) : call;
  const [row] = await tx.query<PostRow>(statement.sql, statement.params);
  if (!row) throw new Error('ledger_post_transfer returned no row');
  return resultOfPosting(tx, request, row, amounts);
}

/** What one row of `ledger_post_transfer` says, for the request it was called with. */
async function resultOfPosting(
  tx: Queryable,
  request: { idempotencyKey: string; code: TransferCode; reference: string | null },
  row: PostRow,
  amounts: readonly number[],
): Promise<TransferResult> {
  const legs = sortedLegs(
    row.accounts.map((accountId, i) => ({ accountId, amountMinor: amounts[i] ?? 0 })),
  );
  switch (row.result) {
    case 'ok': {
      if (!row.transfer || !row.posted_at || !row.transfer_domain || !row.transfer_book) {
        throw new Error('ledger_post_transfer posted without saying what');
      }
      const figures = noticesOfFigures(row.figures, {
        domain: row.transfer_domain,
        book: row.transfer_book,
      });
      announceAfterCommit(tx, figures);
      return {
        status: 'ok',
        figures,
        transfer: {
          id: row.transfer,
          idempotencyKey: request.idempotencyKey,
          domain: row.transfer_domain,
          book: row.transfer_book,
          code: request.code,
          reference: request.reference,
          createdAt: row.posted_at,
          legs,
        },
      };
    }
    case 'exists': {
      const original = await findTransferByKey(tx, request.idempotencyKey);
      if (!original) throw new Error('an idempotency key is taken but its transfer is missing');
      return compareReplay(original, request, legs);
    }
    case 'unknown_account':
    case 'mixed_domains':
    case 'mixed_books':
      return invalid(row.result);
    case 'hold_mismatch':
      return { status: 'hold_mismatch', heldMinor: toMinor(row.held_minor) };
    case 'insufficient_funds': {
      const accountId = row.short_account ?? '';
      return {
        status: 'insufficient_funds',
        accountId,
        balanceMinor: toMinor(row.short_balance_minor),
        requiredMinor: -(legs.find((leg) => leg.accountId === accountId)?.amountMinor ?? 0),
      };
    }
  }
}

/** A two-leg transfer between accounts of one player's scope, named by kind: one of a batch. */
export interface ScopedMove {
  idempotencyKey: string;
  code: TransferCode;
  reference: string | null;
  scope: AccountScope & { ownerId: string };
  from: AccountKind;
  to: AccountKind;
  amountMinor: number;
}

/**
 * Posts a batch of two-leg transfers in one statement (one round trip for all), each decided
 * under its player's locks exactly as `postScopedTransfer` decides one: a refusal of one (its
 * funds) leaves the others posted. They post in the order of their players' ids, so two batches
 * never lock players crosswise; the results come back in the order given. A move the ledger
 * would refuse as malformed throws before anything is sent.
 */
export async function postScopedMoves(
  tx: Queryable,
  moves: readonly ScopedMove[],
): Promise<TransferResult[]> {
  if (moves.length === 0) return [];
  const call = scopedMovesCall(moves);
  const rows = await tx.query<ScopedMovesRow>(call.sql, call.params);
  return resultsOfScopedMoves(tx, moves, call, rows);
}

/** One row of a batch's call: the posting's place in the batch (`n`, from 1) and its answer. */
export type ScopedMovesRow = PostRow & { n: number | string };

/**
 * The call posting a batch (see `postScopedMoves`), for a caller that runs it inside a larger
 * statement of its own (the posting and what follows from it in one round trip): a `SELECT`
 * whose rows are `n` (the move's place in the order of posting, from 1) and the ledger's answer,
 * its parameters $1 to $9; `order[n - 1]` is the index of that move in `moves`. No moves: no
 * rows.
 */
export function scopedMovesCall(moves: readonly ScopedMove[]): {
  sql: string;
  params: unknown[];
  order: number[];
} {
  for (const move of moves) {
    assertAccountScope(move.scope, [move.from, move.to]);
    const reason = validateMovement(move, [-move.amountMinor, move.amountMinor]);
    if (reason || !isPositiveAmount(move.amountMinor)) {
      throw new Error(`invalid batched movement: ${reason ?? 'bad_amount'}`);
    }
  }
  const order = moves
    .map((move, i) => ({ move, i }))
    .sort((a, b) =>
      a.move.scope.ownerId < b.move.scope.ownerId
        ? -1
        : a.move.scope.ownerId > b.move.scope.ownerId
          ? 1
          : a.i - b.i,
    );
  return {
    // The accounts are found (or made) move by move; the moves post together.
    sql: `SELECT r.*
     FROM (
       SELECT array_agg(m.key ORDER BY m.n) AS keys, array_agg(m.code ORDER BY m.n) AS codes,
         array_agg(m.reference ORDER BY m.n) AS refs, array_agg(m.ids[1] ORDER BY m.n) AS froms,
         array_agg(m.ids[2] ORDER BY m.n) AS tos, array_agg(m.amount ORDER BY m.n) AS amounts
       FROM (
         SELECT u.*, ledger_account_ids(u.domain, u.book, u.owner, ARRAY[u.from_kind, u.to_kind])
           AS ids
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::uuid[],
           $7::text[], $8::text[], $9::bigint[]) WITH ORDINALITY
           AS u (key, code, reference, domain, book, owner, from_kind, to_kind, amount, n)
       ) AS m
     ) AS a
     CROSS JOIN LATERAL ledger_post_moves(
       a.keys, a.codes, a.refs, a.froms, a.tos, a.amounts, NULL, NULL, NULL
     ) AS r
     ORDER BY r.n`,
    params: [
      order.map(({ move }) => move.idempotencyKey),
      order.map(({ move }) => move.code),
      order.map(({ move }) => move.reference),
      order.map(({ move }) => move.scope.domain),
      order.map(({ move }) => move.scope.book),
      order.map(({ move }) => move.scope.ownerId),
      order.map(({ move }) => move.from),
      order.map(({ move }) => move.to),
      order.map(({ move }) => move.amountMinor),
    ],
    order: order.map(({ i }) => i),
  };
}

/**
 * What a batch's rows say, in the order of `moves`: one row per move, in the order of posting.
 * The figures of postings are announced once `tx` commits (at once when `tx` is the database
 * itself, for rows read after their COMMIT).
 */
export async function resultsOfScopedMoves(
  tx: Queryable,
  moves: readonly ScopedMove[],
  call: { order: readonly number[] },
  rows: readonly ScopedMovesRow[],
): Promise<TransferResult[]> {
  if (rows.length !== moves.length) throw new Error('a batch of movements lost a row');
  const results: TransferResult[] = new Array<TransferResult>(moves.length);
  for (const [k, row] of rows.entries()) {
    const i = call.order[k];
    const move = i === undefined ? undefined : moves[i];
    if (i === undefined || !move || Number(row.n) !== k + 1) {
      throw new Error('a batch of movements out of order');
    }
    results[i] = await resultOfPosting(tx, move, row, [-move.amountMinor, move.amountMinor]);
  }
  return results;
}

function compareReplay(
  original: Transfer,
  request: { code: TransferCode; reference: string | null },
  legs: readonly TransferLeg[],
): TransferResult {
  const same =
    original.code === request.code &&
    original.reference === request.reference &&
    original.legs.length === legs.length &&
    original.legs.every(
      (leg, i) => leg.accountId === legs[i]?.accountId && leg.amountMinor === legs[i]?.amountMinor,
    );
  return { status: same ? 'duplicate' : 'idempotency_conflict', transfer: original };
}

interface TransferRow {
  id: string;
  idempotency_key: string;
  domain: string;
  book: Book;
  code: TransferCode;
  reference: string | null;
  created_at: Date;
  account_id: string;
  amount_minor: unknown;
}

/** The transfer posted under an idempotency key, or null. */
export async function findTransferByKey(
  db: Queryable,
  idempotencyKey: string,
): Promise<Transfer | null> {
  const rows = await db.query<TransferRow>(
    `SELECT t.id, t.idempotency_key, t.domain, t.book, t.code, t.reference, t.created_at,
       e.account_id, e.amount_minor
     FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
     WHERE t.idempotency_key = $1
     ORDER BY e.account_id`,
    [idempotencyKey],
  );
  const first = rows[0];
  if (!first) return null;
  return {
    id: first.id,
    idempotencyKey: first.idempotency_key,
    domain: first.domain,
    book: first.book,
    code: first.code,
    reference: first.reference,
    createdAt: first.created_at,
    legs: rows.map((row) => ({
      accountId: row.account_id,
      amountMinor: toMinor(row.amount_minor),
    })),
  };
}

/** A player's balance, exposure, available and bonus in one book (zeros before any movement). */
export async function getBalances(db: Queryable, player: PlayerRef): Promise<Balances> {
  assertScope(player.domain, player.book, player.ownerId);
  const rows = await db.query<{ kind: PlayerAccountKind; balance_minor: unknown }>(
    `SELECT kind, balance_minor FROM ledger_accounts
     WHERE domain = $1 AND owner_id = $2 AND book = $3`,
    [player.domain, player.ownerId, player.book],
  );
  const of = (kind: PlayerAccountKind) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? toMinor(row.balance_minor) : 0;
  };
  const cashMinor = of('player_cash');
  const exposureMinor = of('player_exposure');
  return {
    balanceMinor: cashMinor + exposureMinor,
    exposureMinor,
    availableMinor: cashMinor,
    bonusMinor: of('player_bonus'),
  };
}

/**
 * A player's cash account as a `LEFT JOIN` of a caller's statement, so the cash is read with the
 * caller's other lookups in one round trip: `<alias>.balance_minor` is the available cash (the
 * same figure as `getBalances`' available), null before the player's first movement. The
 * arguments are SQL expressions of the caller's statement.
 */
export function playerCashJoin(
  alias: string,
  on: { domain: string; ownerId: string; book: string },
): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`"${alias}" is not an alias`);
  return `LEFT JOIN ledger_accounts ${alias} ON ${alias}.domain = ${on.domain}
    AND ${alias}.owner_id = ${on.ownerId} AND ${alias}.book = ${on.book}
    AND ${alias}.kind = 'player_cash'`;
}

/** What a player has held for one reference (a bet or a market). */
export async function heldForReference(
  db: Queryable,
  player: PlayerRef,
  reference: string,
): Promise<number> {
  assertScope(player.domain, player.book, player.ownerId);
  const [row] = await db.query<{ held_minor: unknown }>(
    `SELECT coalesce(sum(e.amount_minor), 0) AS held_minor
     FROM ledger_accounts a
     JOIN ledger_entries e ON e.account_id = a.id AND e.reference = $4
     WHERE a.domain = $1 AND a.owner_id = $2 AND a.book = $3 AND a.kind = 'player_exposure'`,
    [player.domain, player.ownerId, player.book, reference],
  );
  return toMinor(row?.held_minor ?? 0);
}

/** Any account's balance, summed from its entries (system accounts have no cached balance). */
export async function accountBalanceMinor(db: Queryable, accountId: string): Promise<number> {
  const [row] = await db.query<{ balance_minor: unknown }>(
    'SELECT coalesce(sum(amount_minor), 0) AS balance_minor FROM ledger_entries WHERE account_id = $1',
    [accountId],
  );
  return toMinor(row?.balance_minor ?? 0);
}
