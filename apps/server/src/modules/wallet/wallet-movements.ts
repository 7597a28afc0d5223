/**
 * The wallet's money movements, each one ledger transfer in the caller's transaction (see
 * `ledger.ts` for the model, the invariants and the locking): deposits and withdrawals through
 * payment clearing (real book only), demo grants (play book only), bonus grants, and the life of
 * a bet's liability: held out of cash when the bet is placed, released when (part of) it is
 * cancelled, and released with the profit or loss posted when its market settles; and, when an
 * operator corrects a market's result, that settlement reversed and the new one posted. Casino
 * play moves cash straight to and from the house: a bet, a win, a bet given back.
 *
 * Holds are keyed by a reference (a bet or a market): a release can never take back more than
 * was held for its reference, and a settlement must release exactly what is held for it.
 */
import type { Queryable } from '../../db/database';
import {
  CASINO_REFERENCE_PREFIX,
  MAX_AMOUNT_MINOR,
  ensurePlayerAccounts,
  invalid,
  isPositiveAmount,
  lockAccounts,
  lockMarket,
  postExposureMove,
  postScopedTransfer,
  type AccountKind,
  type AccountScope,
  type EmbedLedgerCall,
  type Book,
  type HoldRule,
  type ScopedLeg,
  type ScopedTransferRequest,
  type TransferResult,
} from './ledger';
import {
  announceAfterCommit,
  dropNoticesAfter,
  noticesMark,
  noticesOfFigures,
} from './balance-notices';

/** A player's accounts (and the domain's) in the player's book. */
function playerScope(player: { domain: string; book: Book; ownerId: string }): AccountScope {
  return { domain: player.domain, book: player.book, ownerId: player.ownerId };
}

export interface PaymentRequest {
  domain: string;
  ownerId: string;
  amountMinor: number;
  idempotencyKey: string;
  /** The payment (gateway reference or withdrawal request). */
  reference?: string | null;
}

/**
 * One amount from one account of a scope to another: the shape of every movement here but
 * settlement. An amount that is not a positive whole number of minor units changes nothing.
 */
async function moveBetween(
  tx: Queryable,
  move: Omit<ScopedTransferRequest, 'legs'> & {
    from: AccountKind;
    to: AccountKind;
    amountMinor: number;
  },
  hold: HoldRule | null = null,
  embed?: EmbedLedgerCall,
): Promise<TransferResult> {
  if (!isPositiveAmount(move.amountMinor)) return invalid('bad_amount');
  const { from, to, amountMinor, ...transfer } = move;
  return postScopedTransfer(
    tx,
    {
      ...transfer,
      legs: [
        { kind: from, amountMinor: -amountMinor },
        { kind: to, amountMinor },
      ],
    },
    hold,
    embed,
  );
}

/** Real money in: payment clearing → player cash. */
export function deposit(tx: Queryable, request: PaymentRequest): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: request.idempotencyKey,
    code: 'deposit',
    reference: request.reference ?? null,
    scope: { domain: request.domain, book: 'real', ownerId: request.ownerId },
    from: 'payment_clearing',
    to: 'player_cash',
    amountMinor: request.amountMinor,
  });
}

/** Real money out: player cash → payment clearing; never more than is available. */
export function withdraw(tx: Queryable, request: PaymentRequest): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: request.idempotencyKey,
    code: 'withdrawal',
    reference: request.reference ?? null,
    scope: { domain: request.domain, book: 'real', ownerId: request.ownerId },
    from: 'player_cash',
    to: 'payment_clearing',
    amountMinor: request.amountMinor,
  });
}

/**
 * A withdrawal asked for: its amount leaves the player's cash at once for the domain's held
 * withdrawals, so nothing else can spend it; refused (insufficient_funds) above the cash.
 */
export function holdWithdrawal(
  tx: Queryable,
  request: PaymentRequest & { reference: string },
): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: request.idempotencyKey,
    code: 'withdrawal_hold',
    reference: request.reference,
    scope: { domain: request.domain, book: 'real', ownerId: request.ownerId },
    from: 'player_cash',
    to: 'withdrawal_pending',
    amountMinor: request.amountMinor,
  });
}

/** A held withdrawal cancelled by the player or rejected by finance: back to the player's cash. */
export function releaseWithdrawal(
  tx: Queryable,
  request: PaymentRequest & { reference: string },
): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: request.idempotencyKey,
    code: 'withdrawal_release',
    reference: request.reference,
    scope: { domain: request.domain, book: 'real', ownerId: request.ownerId },
    from: 'withdrawal_pending',
    to: 'player_cash',
    amountMinor: request.amountMinor,
  });
}

/** A held withdrawal paid out by finance: it leaves the domain through payment clearing. */
export function payOutWithdrawal(
  tx: Queryable,
  request: PaymentRequest & { reference: string },
): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: request.idempotencyKey,
    code: 'withdrawal',
    reference: request.reference,
    // The player's scope names the domain and book; no player account moves.
    scope: { domain: request.domain, book: 'real', ownerId: request.ownerId },
    from: 'withdrawal_pending',
    to: 'payment_clearing',
    amountMinor: request.amountMinor,
  });
}

/**
 * An operator's adjustment of a real-money player: a credit from the house to their cash, or a
 * debit (a negative amount) from their cash to the house, never below zero.
 */
export function adjustBalance(
  tx: Queryable,
  request: Omit<PaymentRequest, 'amountMinor'> & { deltaMinor: number; reference: string },
): Promise<TransferResult> {
  const credit = request.deltaMinor > 0;
  return moveBetween(tx, {
    idempotencyKey: request.idempotencyKey,
    code: 'adjustment',
    reference: request.reference,
    scope: { domain: request.domain, book: 'real', ownerId: request.ownerId },
    from: credit ? 'house' : 'player_cash',
    to: credit ? 'player_cash' : 'house',
    amountMinor: Math.abs(request.deltaMinor),
  });
}

export interface GrantRequest {
  domain: string;
  ownerId: string;
  amountMinor: number;
  idempotencyKey: string;
}

/** Play money for a demo player: play-book house → play-book cash. */
export function grantDemoFunds(tx: Queryable, request: GrantRequest): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: request.idempotencyKey,
    code: 'demo_grant',
    reference: null,
    scope: { domain: request.domain, book: 'play', ownerId: request.ownerId },
    from: 'house',
    to: 'player_cash',
    amountMinor: request.amountMinor,
  });
}

/**
 * Funds a house participant (the market maker) from its domain's house account: house → its
 * cash, in either book, as an adjustment.
 */
export function fundFromHouse(
  tx: Queryable,
  request: GrantRequest & { book: Book },
): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: request.idempotencyKey,
    code: 'adjustment',
    reference: null,
    scope: { domain: request.domain, book: request.book, ownerId: request.ownerId },
    from: 'house',
    to: 'player_cash',
    amountMinor: request.amountMinor,
  });
}

/** A bonus: house → player bonus, in the player's book. */
export function grantBonus(
  tx: Queryable,
  request: GrantRequest & { book: Book; reference?: string | null },
): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: request.idempotencyKey,
    code: 'bonus_grant',
    reference: request.reference ?? null,
    scope: { domain: request.domain, book: request.book, ownerId: request.ownerId },
    from: 'house',
    to: 'player_bonus',
    amountMinor: request.amountMinor,
  });
}

export interface CasinoMovement {
  domain: string;
  ownerId: string;
  /** A demo player's games move play money. */
  book: Book;
  amountMinor: number;
  /** The round the money belongs to: `casino:<provider>:<round id>` (others are refused). */
  reference: string;
  /** Made of the provider's transaction id, so a repeated callback moves nothing again. */
  idempotencyKey: string;
}

/**
 * A casino bet (a provider's debit): player cash → house, in the player's book; never more than
 * is available ('insufficient_funds', with the cash there is).
 */
export async function casinoBet(tx: Queryable, bet: CasinoMovement): Promise<TransferResult> {
  if (!bet.reference.startsWith(CASINO_REFERENCE_PREFIX)) return invalid('bad_reference');
  return moveBetween(tx, {
    idempotencyKey: bet.idempotencyKey,
    code: 'casino_bet',
    reference: bet.reference,
    scope: playerScope(bet),
    from: 'player_cash',
    to: 'house',
    amountMinor: bet.amountMinor,
  });
}

/** A casino win (a provider's credit): house → player cash, in the player's book. */
export async function casinoWin(tx: Queryable, win: CasinoMovement): Promise<TransferResult> {
  if (!win.reference.startsWith(CASINO_REFERENCE_PREFIX)) return invalid('bad_reference');
  return moveBetween(tx, {
    idempotencyKey: win.idempotencyKey,
    code: 'casino_win',
    reference: win.reference,
    scope: playerScope(win),
    from: 'house',
    to: 'player_cash',
    amountMinor: win.amountMinor,
  });
}

/**
 * A casino bet given back (a provider's rollback): house → player cash, in the player's book.
 * The casino module gives back each bet once, for exactly its amount; the key says which bet.
 */
export async function casinoRefund(tx: Queryable, refund: CasinoMovement): Promise<TransferResult> {
  if (!refund.reference.startsWith(CASINO_REFERENCE_PREFIX)) return invalid('bad_reference');
  return moveBetween(tx, {
    idempotencyKey: refund.idempotencyKey,
    code: 'casino_refund',
    reference: refund.reference,
    scope: playerScope(refund),
    from: 'house',
    to: 'player_cash',
    amountMinor: refund.amountMinor,
  });
}

export interface ExposureRequest {
  domain: string;
  ownerId: string;
  book: Book;
  amountMinor: number;
  /** The bet or market the liability belongs to. */
  reference: string;
  idempotencyKey: string;
}

/** Holds a bet's liability: player cash → player exposure; never more than is available. */
export function holdExposure(
  tx: Queryable,
  request: ExposureRequest,
  embed?: EmbedLedgerCall,
): Promise<TransferResult> {
  return moveBetween(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      code: 'bet_hold',
      reference: request.reference,
      scope: playerScope(request),
      from: 'player_cash',
      to: 'player_exposure',
      amountMinor: request.amountMinor,
    },
    null,
    embed,
  );
}

/** Releases (part of) a hold back to cash; never more than is held for the reference. */
export function releaseExposure(
  tx: Queryable,
  request: ExposureRequest,
  embed?: EmbedLedgerCall,
): Promise<TransferResult> {
  return moveBetween(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      code: 'bet_release',
      reference: request.reference,
      scope: playerScope(request),
      from: 'player_exposure',
      to: 'player_cash',
      amountMinor: request.amountMinor,
    },
    { kind: 'player_exposure', rule: 'covers', amountMinor: request.amountMinor },
    embed,
  );
}

/**
 * Moves a player's hold on a reference by `deltaMinor`, as `reHold` (packages/exchange) works it
 * out: a positive delta holds that much more out of cash (bet_hold), a negative one releases
 * that much (bet_release, never more than is held). Both this and the batch form,
 * `exposureMovesStatement`, post through the one SQL form of that rule, `ledger_move_exposures`.
 * A zero delta moves nothing and is refused as invalid.
 */
export function moveExposure(
  tx: Queryable,
  request: Omit<ExposureRequest, 'amountMinor'> & { deltaMinor: number },
  embed?: EmbedLedgerCall,
): Promise<TransferResult> {
  return postExposureMove(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      reference: request.reference,
      scope: { domain: request.domain, book: request.book, ownerId: request.ownerId },
      deltaMinor: request.deltaMinor,
    },
    embed,
  );
}

export interface SettleRequest {
  domain: string;
  ownerId: string;
  book: Book;
  /** The bet or market being settled: what was held for it is released. */
  reference: string;
  /** Exactly what is held for the reference (the caller's record of the liability). */
  releaseMinor: number;
  /** The player's result: positive won (paid by the house), negative lost (to the house). */
  profitMinor: number;
  /** Taken from a win only, so at most the profit. */
  commissionMinor: number;
  idempotencyKey: string;
}

/**
 * Settles a player's liability on a reference as one transfer: exposure −release, house −profit,
 * commission +commission and cash the rest (release + profit − commission). The code says how
 * it ended: bet_settle_win, bet_settle_loss or bet_settle_void.
 */
export async function settleExposure(
  tx: Queryable,
  request: SettleRequest,
): Promise<TransferResult> {
  const { releaseMinor, profitMinor, commissionMinor } = request;
  const isAmount = (n: number) => Number.isSafeInteger(n) && Math.abs(n) <= MAX_AMOUNT_MINOR;
  if (
    !isAmount(releaseMinor) ||
    !isAmount(profitMinor) ||
    !isAmount(commissionMinor) ||
    releaseMinor < 0 ||
    commissionMinor < 0 ||
    commissionMinor > Math.max(profitMinor, 0)
  ) {
    return invalid('bad_amount');
  }
  const legs: ScopedLeg[] = (
    [
      { kind: 'player_exposure', amountMinor: -releaseMinor },
      { kind: 'player_cash', amountMinor: releaseMinor + profitMinor - commissionMinor },
      { kind: 'house', amountMinor: -profitMinor },
      { kind: 'commission', amountMinor: commissionMinor },
    ] as const
  ).filter((leg) => leg.amountMinor !== 0);
  if (legs.length === 0) return invalid('nothing_to_move');
  return postScopedTransfer(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      code:
        profitMinor > 0
          ? 'bet_settle_win'
          : profitMinor < 0
            ? 'bet_settle_loss'
            : 'bet_settle_void',
      reference: request.reference,
      scope: playerScope(request),
      legs,
    },
    // Exactly what is held is released, even when that is nothing.
    { kind: 'player_exposure', rule: 'equals', amountMinor: releaseMinor },
  );
}

export interface PlayerSettlement {
  ownerId: string;
  releaseMinor: number;
  profitMinor: number;
  commissionMinor: number;
}

export interface MarketSettlementResult {
  /** 'rejected' when a player's settlement failed: then nothing of this call was written. */
  status: 'ok' | 'rejected';
  results: { ownerId: string; result: TransferResult }[];
}

/** The idempotency key of one player's settlement of one market. */
export function marketSettlementKey(book: Book, marketId: string, ownerId: string): string {
  return `market_settle:${book}:${marketId}:${ownerId.toLowerCase()}`;
}

/**
 * Market-level work's locks: the market first, then every player who moves, cash and exposure
 * together in id order (accounts made where a player has none yet).
 */
async function lockMarketPlayers(
  tx: Queryable,
  market: { domain: string; book: Book; marketId: string },
  players: readonly { ownerId: string }[],
): Promise<void> {
  await lockMarket(tx, market);
  const accountIds: string[] = [];
  for (const player of players) {
    const ids = await ensurePlayerAccounts(tx, { ...market, ownerId: player.ownerId });
    accountIds.push(ids.cashId, ids.exposureId);
  }
  await lockAccounts(tx, accountIds);
}

/**
 * Settles a market for every player in it, all or nothing: the market lock makes a second
 * settlement (another instance, a retry) wait and then find every key taken ('duplicate');
 * players are locked together up front in id order. Settlements with nothing to move are skipped.
 */
export async function settleMarket(
  tx: Queryable,
  market: { domain: string; book: Book; marketId: string; settlements: PlayerSettlement[] },
): Promise<MarketSettlementResult> {
  const owners = market.settlements.map((s) => s.ownerId.toLowerCase());
  if (new Set(owners).size !== owners.length) throw new Error('a player is settled twice');
  const moving = market.settlements.filter(
    (s) => s.releaseMinor !== 0 || s.profitMinor !== 0 || s.commissionMinor !== 0,
  );
  await lockMarketPlayers(tx, market, moving);

  await tx.exec('SAVEPOINT ledger_settle_market');
  const announced = noticesMark(tx);
  const results: MarketSettlementResult['results'] = [];
  for (const s of moving) {
    const result = await settleExposure(tx, {
      ...s,
      domain: market.domain,
      book: market.book,
      reference: market.marketId,
      idempotencyKey: marketSettlementKey(market.book, market.marketId, s.ownerId),
    });
    results.push({ ownerId: s.ownerId, result });
  }
  const ok = results.every((r) => r.result.status === 'ok' || r.result.status === 'duplicate');
  await tx.exec(
    ok ? 'RELEASE SAVEPOINT ledger_settle_market' : 'ROLLBACK TO SAVEPOINT ledger_settle_market',
  );
  // Figures of settlements rolled back with the savepoint were never true.
  if (!ok) dropNoticesAfter(tx, announced);
  return { status: ok ? 'ok' : 'rejected', results };
}

/** A player's settlement taken back: what it moved, less the release of the hold. */
export interface ReversalRequest {
  domain: string;
  ownerId: string;
  book: Book;
  /** The settled market (nothing is held for it any more). */
  reference: string;
  /** The profit and commission the settlement being reversed posted. */
  profitMinor: number;
  commissionMinor: number;
  idempotencyKey: string;
}

/**
 * Reverses a settlement's result as one transfer, the mirror of `settleExposure` without its
 * release: house +profit, commission −commission, cash −(profit − commission). Nothing may be
 * held for the reference (a settled market holds nothing), and a loser's cash cannot go below
 * zero ('insufficient_funds').
 */
export async function reverseSettlement(
  tx: Queryable,
  request: ReversalRequest,
): Promise<TransferResult> {
  const { profitMinor, commissionMinor } = request;
  const isAmount = (n: number) => Number.isSafeInteger(n) && Math.abs(n) <= MAX_AMOUNT_MINOR;
  if (
    !isAmount(profitMinor) ||
    !isAmount(commissionMinor) ||
    commissionMinor < 0 ||
    commissionMinor > Math.max(profitMinor, 0)
  ) {
    return invalid('bad_amount');
  }
  const legs: ScopedLeg[] = (
    [
      { kind: 'player_cash', amountMinor: commissionMinor - profitMinor },
      { kind: 'house', amountMinor: profitMinor },
      { kind: 'commission', amountMinor: -commissionMinor },
    ] as const
  ).filter((leg) => leg.amountMinor !== 0);
  if (legs.length === 0) return invalid('nothing_to_move');
  return postScopedTransfer(
    tx,
    {
      idempotencyKey: request.idempotencyKey,
      code: 'bet_settle_reversal',
      reference: request.reference,
      scope: playerScope(request),
      legs,
    },
    { kind: 'player_exposure', rule: 'equals', amountMinor: 0 },
  );
}

/** One player's part in correcting a market's settlement: the result in force and the new one. */
export interface SettlementCorrection {
  ownerId: string;
  from: { profitMinor: number; commissionMinor: number };
  to: { profitMinor: number; commissionMinor: number };
}

/**
 * The idempotency keys of one player's part in correction number `seq` of a market's result
 * (seq 1 is the first settlement, keyed by `marketSettlementKey`): the reversal of the result in
 * force and the settlement of the new one.
 */
export function marketCorrectionKeys(
  book: Book,
  marketId: string,
  ownerId: string,
  seq: number,
): { reversal: string; settlement: string } {
  const owner = ownerId.toLowerCase();
  return {
    reversal: `market_settle_reversal:${seq}:${book}:${marketId}:${owner}`,
    settlement: `market_settle:${seq}:${book}:${marketId}:${owner}`,
  };
}

/**
 * Corrects a settled market's result for every player in it, all or nothing, by new transfers
 * only: each player's settlement in force is reversed (`reverseSettlement`) and the new result
 * settled (`settleExposure`, releasing nothing), so their cash moves by exactly the difference
 * between the two results, commission included, and the history keeps all three. Of a player's
 * two transfers the one that gives more cash goes first, so a player is refused
 * ('insufficient_funds') only when their cash cannot cover the difference itself. The keys
 * (`marketCorrectionKeys`) make a retried correction find them taken ('duplicate'); locks as in
 * `settleMarket`.
 */
export async function correctMarketSettlement(
  tx: Queryable,
  market: {
    domain: string;
    book: Book;
    marketId: string;
    /** The correction's number: 2 for the first correction of a market, and so on. */
    seq: number;
    corrections: SettlementCorrection[];
  },
): Promise<MarketSettlementResult> {
  if (!Number.isSafeInteger(market.seq) || market.seq < 2) throw new Error('bad correction seq');
  const owners = market.corrections.map((c) => c.ownerId.toLowerCase());
  if (new Set(owners).size !== owners.length) throw new Error('a player is corrected twice');
  const moves = (side: { profitMinor: number; commissionMinor: number }) =>
    side.profitMinor !== 0 || side.commissionMinor !== 0;
  const moving = market.corrections.filter((c) => moves(c.from) || moves(c.to));
  await lockMarketPlayers(tx, market, moving);

  await tx.exec('SAVEPOINT ledger_correct_market');
  const announced = noticesMark(tx);
  const results: MarketSettlementResult['results'] = [];
  for (const c of moving) {
    const keys = marketCorrectionKeys(market.book, market.marketId, c.ownerId, market.seq);
    const player = {
      domain: market.domain,
      ownerId: c.ownerId,
      book: market.book,
      reference: market.marketId,
    };
    const steps: { cashMinor: number; post: () => Promise<TransferResult> }[] = [];
    if (moves(c.from)) {
      steps.push({
        cashMinor: c.from.commissionMinor - c.from.profitMinor,
        post: () => reverseSettlement(tx, { ...player, ...c.from, idempotencyKey: keys.reversal }),
      });
    }
    if (moves(c.to)) {
      steps.push({
        cashMinor: c.to.profitMinor - c.to.commissionMinor,
        post: () =>
          settleExposure(tx, {
            ...player,
            ...c.to,
            releaseMinor: 0,
            idempotencyKey: keys.settlement,
          }),
      });
    }
    steps.sort((a, b) => b.cashMinor - a.cashMinor);
    for (const step of steps) results.push({ ownerId: c.ownerId, result: await step.post() });
  }
  const ok = results.every((r) => r.result.status === 'ok' || r.result.status === 'duplicate');
  await tx.exec(
    ok ? 'RELEASE SAVEPOINT ledger_correct_market' : 'ROLLBACK TO SAVEPOINT ledger_correct_market',
  );
  if (!ok) dropNoticesAfter(tx, announced);
  return { status: ok ? 'ok' : 'rejected', results };
}

export interface ExposureMove {
  /** The player's cash and exposure accounts (one domain and book), as the caller locked them. */
  cashAccountId: string;
  exposureAccountId: string;
  /** Positive: hold this much more; negative: release this much. Never zero. */
  deltaMinor: number;
  idempotencyKey: string;
  /** The reference it moves the hold on, when not the statement's (moves on several markets). */
  reference?: string;
}

/**
 * The statement posting several players' hold moves on one reference (or each on its own)
 * through `ledger_move_exposures`, as `moveExposure` would one by one but in a few statements
 * for all (db/functions/ledger_post_moves.sql): one row per move, in order, with the columns
 * `readExposureMoves` needs. The caller locks the players' cash and exposure
 * accounts first, all together in id order, so that no two transactions lock players
 * crosswise. Parameters from $1; a caller may append its own.
 */
export function exposureMovesStatement(
  reference: string,
  moves: readonly ExposureMove[],
): { sql: string; params: unknown[] } {
  for (const move of moves) {
    if (!isPositiveAmount(Math.abs(move.deltaMinor))) throw new Error('invalid exposure move');
  }
  // ledger_post_moves checks the accounts exist and share one domain and book.
  return {
    sql: `SELECT n, result, transfer_domain, transfer_book, figures
     FROM ledger_move_exposures($4::text[], $5::text[], $1::uuid[], $2::uuid[], $3::bigint[])
     ORDER BY n`,
    params: [
      moves.map((m) => m.cashAccountId),
      moves.map((m) => m.exposureAccountId),
      moves.map((m) => m.deltaMinor),
      moves.map((m) => m.idempotencyKey),
      moves.map((m) => m.reference ?? reference),
    ],
  };
}

/** The columns of `exposureMovesStatement`'s rows that `readExposureMoves` reads. */
export const EXPOSURE_MOVE_COLUMNS = 'n, result, transfer_domain, transfer_book, figures';

export interface ExposureMoveRow {
  n: number | string;
  result: string;
  transfer_domain: string | null;
  transfer_book: Book | null;
  figures: unknown;
}

/**
 * Reads the rows of `exposureMovesStatement` for `count` moves: throws unless every move
 * posted (the caller's transaction must then roll back), and announces the players' new
 * figures once it commits.
 */
export function readExposureMoves(
  tx: Queryable,
  rows: readonly ExposureMoveRow[],
  count: number,
): void {
  if (rows.length !== count || rows.some((row) => row.result !== 'ok')) {
    throw new Error(`a batch hold failed: ${rows.map((row) => row.result).join(', ')}`);
  }
  for (const row of rows) {
    if (!row.transfer_domain || !row.transfer_book) throw new Error('a batch hold without scope');
    announceAfterCommit(
      tx,
      noticesOfFigures(row.figures, { domain: row.transfer_domain, book: row.transfer_book }),
    );
  }
}

/** What folding an ended demo player's play money out of the ledger did. */
export type PlayMoneyCompaction = 'compacted' | 'nothing' | 'held' | 'shared';

/**
 * Folds an ended demo player's play-book transfers into one `demo_compaction` transfer that leaves
 * every house and commission balance as it was, and removes the player's transfers, entries and
 * accounts (db/functions/ledger_compact_play_owner.sql). Refuses ('held') while anything is held
 * for a bet.
 */
export async function compactPlayMoney(
  tx: Queryable,
  player: { domain: string; ownerId: string },
): Promise<PlayMoneyCompaction> {
  const [row] = await tx.query<{ outcome: PlayMoneyCompaction }>(
    'SELECT ledger_compact_play_owner($1, $2, $3) AS outcome',
    [player.domain, player.ownerId, `demo_compaction:${player.ownerId.toLowerCase()}`],
  );
  if (!row) throw new Error('ledger_compact_play_owner returned no row');
  return row.outcome;
}

/** A movement of one player's bonus, keyed by the bonus (`bonus:<id>` is its reference). */
export interface BonusMovement {
  domain: string;
  ownerId: string;
  amountMinor: number;
  /** The player's bonus (its id): the reference of every movement of it. */
  bonusId: string;
}

/** The ledger reference of a player's bonus's movements. */
export function bonusReference(bonusId: string): string {
  return `bonus:${bonusId.toLowerCase()}`;
}

/**
 * A bonus claimed: the brand's promotion account → the player's bonus account (real money only),
 * once per bonus (the key is the bonus's).
 */
export function claimBonus(tx: Queryable, move: BonusMovement): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: `bonus_grant:${move.bonusId.toLowerCase()}`,
    code: 'bonus_grant',
    reference: bonusReference(move.bonusId),
    scope: { domain: move.domain, book: 'real', ownerId: move.ownerId },
    from: 'promotion',
    to: 'player_bonus',
    amountMinor: move.amountMinor,
  });
}

/** A bonus wagered through: the player's bonus account → their cash, once per bonus. */
export function convertBonus(tx: Queryable, move: BonusMovement): Promise<TransferResult> {
  return moveBetween(tx, {
    idempotencyKey: `bonus_convert:${move.bonusId.toLowerCase()}`,
    code: 'bonus_convert',
    reference: bonusReference(move.bonusId),
    scope: { domain: move.domain, book: 'real', ownerId: move.ownerId },
    from: 'player_bonus',
    to: 'player_cash',
    amountMinor: move.amountMinor,
  });
}

/**
 * What is left of a bonus that expired (`expired`) or that an operator forfeited (`forfeited`):
 * the player's bonus account → the brand's promotion account, once per bonus.
 */
export function returnBonus(
  tx: Queryable,
  move: BonusMovement & { why: 'expired' | 'forfeited' },
): Promise<TransferResult> {
  const code = move.why === 'expired' ? 'bonus_expire' : 'bonus_forfeit';
  return moveBetween(tx, {
    // One key for both: a bonus goes back once, whichever way it ended.
    idempotencyKey: `bonus_return:${move.bonusId.toLowerCase()}`,
    code,
    reference: bonusReference(move.bonusId),
    scope: { domain: move.domain, book: 'real', ownerId: move.ownerId },
    from: 'player_bonus',
    to: 'promotion',
    amountMinor: move.amountMinor,
  });
}
