/**
 * The player's statement on the wire (`Transaction/GetHistory`, `Transaction/GetDetail`): the
 * movements of their balance (the header's, cash + exposure), newest first, each with the balance
 * it left and naming the market and event of a bet's movement, paged by a cursor. The cursor
 * carries where the page ended and the balance and available amount there, signed (HMAC-SHA256),
 * so the next page derives its figures from its own rows and a forged one is refused. Bets' holds
 * and releases never move the balance, so a player may fold them away (`holds: 'HIDE'`) and the
 * running balance still adds up: a settled market is then one line, its net result.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type {
  Transaction,
  TransactionDetail,
  TransactionMarket,
  transactionHistoryQuerySchema,
} from '@backlay/contract/wallet';
import { TRANSACTION_TYPES } from '@backlay/contract/wallet';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import { casinoGameNames } from '../casino';
import { marketLabels, playerBetsOnMarket } from '../exchange';
import {
  bookOf,
  playerStatementPage,
  playerTransfer,
  type StatementAnchor,
  type StatementPageLine,
} from '../wallet';
import { indiaDayEnd, indiaDayStart, readRequest } from './request-views';

type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Which transfer codes each statement type shows. */
const CODES_OF_TYPE: Record<TransactionType, readonly string[]> = {
  DEPOSIT: ['deposit'],
  WITHDRAWAL: ['withdrawal', 'withdrawal_hold', 'withdrawal_release'],
  BET: ['bet_hold', 'bet_release'],
  SETTLEMENT: ['bet_settle_win', 'bet_settle_loss', 'bet_settle_void', 'bet_settle_reversal'],
  COMMISSION: ['commission'],
  BONUS: ['bonus_grant', 'bonus_convert', 'bonus_expire', 'bonus_forfeit'],
  CASINO: ['casino_bet', 'casino_win', 'casino_refund'],
  ADJUSTMENT: ['adjustment', 'demo_grant', 'demo_compaction'],
};

/** Bets' holds and releases: they move money between cash and exposure, never the balance. */
const HOLD_CODES: readonly string[] = CODES_OF_TYPE.BET;

/** The codes of movements on a market (their reference is the market's id). */
const MARKET_CODES: readonly string[] = [
  ...CODES_OF_TYPE.BET,
  ...CODES_OF_TYPE.SETTLEMENT,
  ...CODES_OF_TYPE.COMMISSION,
];

const DESCRIPTIONS: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal paid out',
  withdrawal_hold: 'Withdrawal requested',
  withdrawal_release: 'Withdrawal returned',
  bet_hold: 'Held for a bet',
  bet_release: 'Bet hold released',
  bet_settle_win: 'Market settled: won',
  bet_settle_loss: 'Market settled: lost',
  bet_settle_void: 'Market voided',
  bet_settle_reversal: 'Settlement corrected',
  commission: 'Commission',
  bonus_grant: 'Bonus',
  bonus_convert: 'Bonus wagered: now cash',
  bonus_expire: 'Bonus expired',
  bonus_forfeit: 'Bonus forfeited',
  adjustment: 'Adjustment',
  demo_grant: 'Play money added',
  demo_compaction: 'Play money compacted',
  casino_bet: 'Casino bet',
  casino_win: 'Casino win',
  casino_refund: 'Casino bet returned',
};

function typeOfCode(code: string): TransactionType {
  for (const type of TRANSACTION_TYPES) if (CODES_OF_TYPE[type].includes(code)) return type;
  return 'ADJUSTMENT';
}

const ACCOUNT_NAMES: Record<string, string> = {
  player_cash: 'Cash',
  player_exposure: 'Exposure',
  player_bonus: 'Bonus',
  house: 'House',
  commission: 'Commission',
  payment_clearing: 'Payments',
  withdrawal_pending: 'Pending withdrawals',
  promotion: 'Promotions',
};

const CURSOR_RULE = /^(\d{1,19})\.(-?\d{1,19})\.(-?\d{1,19})\.([A-Za-z0-9_-]{22})$/;
export const BAD_CURSOR_MESSAGE = 'That page is no longer available. Start from the first page.';

/** Signs and reads statement cursors for one player. */
export function statementCursors(key: Buffer) {
  const mac = (owner: string, body: string) =>
    createHmac('sha256', key).update(`statement:${owner}:${body}`).digest('base64url').slice(0, 22);
  return {
    write(owner: string, anchor: StatementAnchor): string {
      const body = `${anchor.seq}.${anchor.balanceBeforeMinor}.${anchor.availableBeforeMinor}`;
      return `${body}.${mac(owner, body)}`;
    },
    read(owner: string, cursor: string): StatementAnchor {
      const match = CURSOR_RULE.exec(cursor);
      const body = match ? `${match[1]}.${match[2]}.${match[3]}` : '';
      const expected = Buffer.from(mac(owner, body));
      const given = Buffer.from(match?.[4] ?? '');
      if (!match || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new ApiError('VALIDATION_FAILED', BAD_CURSOR_MESSAGE);
      }
      const balance = Number(match[2]);
      const available = Number(match[3]);
      if (!Number.isSafeInteger(balance) || !Number.isSafeInteger(available))
        throw new ApiError('VALIDATION_FAILED', BAD_CURSOR_MESSAGE);
      return { seq: match[1] ?? '', balanceBeforeMinor: balance, availableBeforeMinor: available };
    },
  };
}
export type StatementCursors = ReturnType<typeof statementCursors>;

/** What a casino movement was about: its game, when its round is known (`Casino bet · Sky Ace`). */
function describe(code: string, gameName: string | undefined): string {
  const what = DESCRIPTIONS[code] ?? code;
  return gameName ? `${what} · ${gameName}` : what;
}

type LineFigures = Pick<
  StatementPageLine,
  | 'transferId'
  | 'at'
  | 'code'
  | 'amountMinor'
  | 'exposureMinor'
  | 'balanceAfterMinor'
  | 'availableAfterMinor'
>;

function transactionOf(
  line: LineFigures,
  names: { gameName?: string | undefined; market?: TransactionMarket | undefined },
): Transaction {
  return {
    id: line.transferId,
    time: line.at.toISOString(),
    type: typeOfCode(line.code),
    amount: fromMinorUnits(line.amountMinor),
    balance: fromMinorUnits(line.balanceAfterMinor),
    exposure: fromMinorUnits(line.exposureMinor),
    available: fromMinorUnits(line.availableAfterMinor),
    description: describe(line.code, names.gameName),
    market: names.market ?? null,
  };
}

/** The market of each line on one, by its reference (the market's id). */
function marketsOf(
  db: Queryable,
  lines: readonly { code: string; reference: string | null }[],
): Promise<Map<string, TransactionMarket>> {
  return marketLabels(
    db,
    lines.flatMap((line) =>
      line.reference && MARKET_CODES.includes(line.code) ? [line.reference] : [],
    ),
  );
}

/** Which codes a statement query lists: its type's (or all), less holds when they are folded. */
function codesOf(query: HistoryQuery): readonly string[] | null {
  if (query.holds !== 'HIDE' || query.type === 'BET') {
    return query.type ? CODES_OF_TYPE[query.type] : null;
  }
  const shown = query.type
    ? CODES_OF_TYPE[query.type]
    : TRANSACTION_TYPES.flatMap((type) => CODES_OF_TYPE[type]);
  return shown.filter((code) => !HOLD_CODES.includes(code));
}

/** The game of each casino line, by its round's reference. */
function casinoNames(
  db: Queryable,
  lines: readonly { code: string; reference: string | null }[],
): Promise<Map<string, string>> {
  const casino = lines.filter((line) => CODES_OF_TYPE.CASINO.includes(line.code));
  return casinoGameNames(
    db,
    casino.map((line) => line.reference),
  );
}

export type HistoryQuery = z.output<typeof transactionHistoryQuerySchema>;

/** `Transaction/GetHistory`. */
export async function transactionHistory(
  db: Queryable,
  cursors: StatementCursors,
  player: Player,
  query: HistoryQuery,
): Promise<{ items: Transaction[]; nextCursor: string | null }> {
  const after = query.cursor ? cursors.read(player.id, query.cursor) : null;
  const lines = await playerStatementPage(db, {
    player: { domain: player.domain, ownerId: player.id, book: bookOf(player) },
    codes: codesOf(query),
    from: query.from ? indiaDayStart(query.from) : null,
    to: query.to ? indiaDayEnd(query.to) : null,
    after,
    // One more than asked, to know whether another page follows.
    limit: query.MaxResultCount + 1,
  });
  const page = lines.slice(0, query.MaxResultCount);
  const last = page.at(-1);
  const nextCursor =
    lines.length > page.length && last
      ? cursors.write(player.id, {
          seq: last.seq,
          balanceBeforeMinor: last.balanceAfterMinor - last.amountMinor,
          availableBeforeMinor: last.availableAfterMinor - last.cashMinor,
        })
      : null;
  const [games, markets] = await Promise.all([casinoNames(db, page), marketsOf(db, page)]);
  return {
    items: page.map((line) =>
      transactionOf(line, {
        gameName: line.reference ? games.get(line.reference) : undefined,
        market: line.reference ? markets.get(line.reference) : undefined,
      }),
    ),
    nextCursor,
  };
}

/** `Transaction/GetDetail`: one of the player's transfers, its legs and what it was about. */
export async function transactionDetail(
  db: Queryable,
  player: Player,
  id: string,
): Promise<TransactionDetail> {
  const transfer = await playerTransfer(
    db,
    { domain: player.domain, ownerId: player.id, book: bookOf(player) },
    id,
  );
  if (!transfer) throw new ApiError('NOT_FOUND', 'There is no such transaction on your account.');
  const reference = transfer.reference;
  const requestId = reference?.startsWith('request:') ? reference.slice('request:'.length) : null;
  const request = requestId ? await readRequest(db, requestId, { ownerId: player.id }) : null;
  const markets = await marketsOf(db, [{ code: transfer.code, reference }]);
  const market = reference ? markets.get(reference) : undefined;
  const bets = market ? await playerBetsOnMarket(db, player.id, market.id) : [];
  const games = await casinoNames(db, [{ code: transfer.code, reference }]);
  return {
    ...transactionOf(
      {
        transferId: transfer.id,
        at: transfer.at,
        code: transfer.code,
        amountMinor: transfer.amountMinor,
        exposureMinor: transfer.amountMinor - transfer.cashMinor,
        // A transfer that left cash and exposure alone (a payout of a held withdrawal) shows no
        // balance.
        balanceAfterMinor: transfer.balanceAfterMinor ?? 0,
        availableAfterMinor: transfer.availableAfterMinor ?? 0,
      },
      { gameName: reference ? games.get(reference) : undefined, market },
    ),
    reference,
    marketName: market?.name ?? null,
    eventName: market?.eventName ?? null,
    entries: transfer.legs.map((leg) => ({
      account: leg.mine
        ? (ACCOUNT_NAMES[leg.kind] ?? leg.kind)
        : (ACCOUNT_NAMES[leg.kind] ?? 'Other'),
      amount: fromMinorUnits(leg.amountMinor),
    })),
    bets,
    request: request ? { id: request.id, kind: request.kind, status: request.status } : null,
  };
}
