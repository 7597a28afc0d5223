/**
 * Player changes: once a transaction that changed what a player may do (an operator's lock,
 * stake limit or forced password change) commits, the players it changed are announced to the
 * listeners of that database. The account service forgets the user it keeps for bearer checks,
 * so this instance applies the change to the player's very next call, and `sharePlayerChanges`
 * carries it to the other instances; the caller of an operation that signed the player out
 * closes their hub connections. A rolled-back transaction announces nothing.
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

/** A channel every instance sharing the database hears (the hub's backplane). */
export interface PlayerChangeChannel {
  publish(record: string): Promise<void>;
  listen(listener: (record: string) => void): Promise<void>;
}

/**
 * Carries the player changes committed on `db` by this instance to every other one: each is
 * published on `channel`, and each published by any instance is handed to `forget` (the
 * account service forgets the player's row, so that instance's next bearer check reads it
 * again). Answers a function that stops publishing.
 */
export async function sharePlayerChanges(
  db: Queryable,
  channel: PlayerChangeChannel,
  forget: (domain: string, playerId: string) => void,
  log: { warn(details: object, message: string): void },
): Promise<() => void> {
  await channel.listen((record) => {
    const change = parseSharedChange(record);
    if (change) forget(change.domain, change.playerId);
  });
  return onPlayerChange(db, (change) => {
    channel
      .publish(JSON.stringify({ domain: change.domain, playerId: change.playerId }))
      .catch((error: unknown) => log.warn({ err: error }, 'a player change was not shared'));
  });
}

function parseSharedChange(record: string): { domain: string; playerId: string } | null {
  try {
    const value = JSON.parse(record) as { domain?: unknown; playerId?: unknown };
    return typeof value.domain === 'string' && typeof value.playerId === 'string'
      ? { domain: value.domain, playerId: value.playerId }
      : null;
  } catch {
    // Not one of ours: nothing to forget.
    return null;
  }
}
