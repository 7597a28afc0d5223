/**
 * Player changes: once a transaction that changed what a player may do (an operator's lock,
 * stake limit or forced password change) commits, the players it changed are announced to the
 * listeners of that database. The account service forgets the user it keeps for bearer checks,
 * so this instance applies the change to the player's very next call; the caller of an
 * operation that signed the player out closes their hub connections. A rolled-back transaction
 * announces nothing.
 */
import { commitListeners, runAfterCommit } from '../../db/after-commit';
import type { Queryable } from '../../db/database';

export interface PlayerChange {
  domain: string;
  playerId: string;
  /** Every session of the player was ended (a login lock, a forced password change). */
  signedOut: boolean;
}

export type PlayerChangeListener = (change: PlayerChange) => void;

const listeners = commitListeners<PlayerChangeListener>();

/**
 * Calls `listener` with each player change committed on `db`, until the returned function is
 * called.
 */
export function onPlayerChange(db: Queryable, listener: PlayerChangeListener): () => void {
  return listeners.add(db, listener);
}

/** Announces `change` to the listeners of `tx`'s database once `tx` commits. */
export function announcePlayerChange(tx: Queryable, change: PlayerChange): void {
  tx.afterCommit(() => {
    for (const listener of listeners.of(tx.origin)) {
      runAfterCommit(() => listener(change));
    }
  });
}
