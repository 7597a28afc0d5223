/**
 * Balance notices: once a transaction that moved a player's cash or exposure commits, the
 * wallet announces the player's new figures to the listeners of that database (the hub pushes
 * them), as the ledger answered them under the player's locks, so nobody reads them again. A
 * transaction announces each player once, with their last figures; a rolled-back one announces
 * nothing. Figures carry a version that grows with every movement: a listener or a client that
 * gets two notices out of order keeps the one with the greater version.
 */
import { commitListeners, runAfterCommit } from '../../db/after-commit';
import type { Queryable } from '../../db/database';
import type { Book } from './ledger';

export interface BalanceNotice {
  domain: string;
  book: Book;
  ownerId: string;
  /** Cash plus exposure: everything the player has in this book. */
  balanceMinor: number;
  /** Held for open bets. */
  exposureMinor: number;
  /** The sum of the versions of the player's cash and exposure accounts. */
  version: number;
}

export type BalanceListener = (notice: BalanceNotice) => void;

/** Listeners by database (`Queryable.origin`). */
const balanceListeners = commitListeners<BalanceListener>();
/** Notices waiting for their transaction's commit. */
const waiting = new WeakMap<Queryable, BalanceNotice[]>();

/**
 * Calls `listener` with each notice announced on `db` (after the commit that moved the money),
 * until the returned function is called.
 */
export function onBalanceChange(db: Queryable, listener: BalanceListener): () => void {
  return balanceListeners.add(db, listener);
}

/** One player's figures as `ledger_post_transfer` answers them in its `figures` column. */
interface LedgerFigures {
  owner: string;
  cash: number;
  exposure: number;
  version: number;
}

function isLedgerFigures(value: unknown): value is LedgerFigures {
  if (typeof value !== 'object' || value === null) return false;
  const figures = value as Record<string, unknown>;
  return (
    typeof figures.owner === 'string' &&
    [figures.cash, figures.exposure, figures.version].every(
      (n) => Number.isSafeInteger(n) && (n as number) >= 0,
    )
  );
}

/** The notices of a posting's `figures` column (null when it moved no player's cash or exposure). */
export function noticesOfFigures(
  figures: unknown,
  scope: { domain: string; book: Book },
): BalanceNotice[] {
  if (figures === null || figures === undefined) return [];
  const list: unknown = typeof figures === 'string' ? JSON.parse(figures) : figures;
  if (!Array.isArray(list) || !list.every(isLedgerFigures)) {
    throw new Error('the ledger answered figures of the wrong shape');
  }
  return list.map((f) => ({
    domain: scope.domain,
    book: scope.book,
    ownerId: f.owner,
    balanceMinor: f.cash + f.exposure,
    exposureMinor: f.exposure,
    version: f.version,
  }));
}

/** Announces `notices` once `tx` commits (at once when it is the database itself). */
export function announceAfterCommit(tx: Queryable, notices: readonly BalanceNotice[]): void {
  if (notices.length === 0) return;
  const queued = waiting.get(tx);
  if (queued) {
    queued.push(...notices);
    return;
  }
  const list = [...notices];
  waiting.set(tx, list);
  tx.afterCommit(() => {
    waiting.delete(tx);
    announce(tx.origin, list);
  });
}

/** How many notices `tx` holds: a mark to drop back to when a savepoint rolls back. */
export function noticesMark(tx: Queryable): number {
  return waiting.get(tx)?.length ?? 0;
}

/** Forgets the notices queued on `tx` after `mark` (their savepoint was rolled back). */
export function dropNoticesAfter(tx: Queryable, mark: number): void {
  waiting.get(tx)?.splice(mark);
}

/** Each player's last figures of the transaction, to every listener of its database. */
function announce(origin: object, notices: readonly BalanceNotice[]): void {
  const listeners = balanceListeners.of(origin);
  if (listeners.size === 0) return;
  const last = new Map<string, BalanceNotice>();
  for (const notice of notices) {
    const key = `${notice.domain}\n${notice.book}\n${notice.ownerId}`;
    const held = last.get(key);
    if (!held || notice.version > held.version) last.set(key, notice);
  }
  for (const notice of last.values()) {
    for (const listener of listeners) runAfterCommit(() => listener(notice));
  }
}
