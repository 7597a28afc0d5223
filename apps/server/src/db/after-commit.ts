/** Runs one after-commit effect; a failing one is logged, as nothing can undo the commit. */
export function runAfterCommit(effect: () => void): void {
  try {
    effect();
  } catch (error) {
    console.error('an after-commit effect failed', error);
  }
}

/**
 * Listeners of one kind of committed change, kept per database (`Queryable.origin`), so two
 * databases in one process never hear each other's changes.
 */
export function commitListeners<Listener>() {
  const byOrigin = new WeakMap<object, Set<Listener>>();
  return {
    /** Adds `listener` for changes committed on `db`, until the returned function is called. */
    add(db: { readonly origin: object }, listener: Listener): () => void {
      let listeners = byOrigin.get(db.origin);
      if (!listeners) {
        listeners = new Set();
        byOrigin.set(db.origin, listeners);
      }
      listeners.add(listener);
      const held = listeners;
      return () => {
        held.delete(listener);
      };
    },
    /** The listeners of a database. */
    of(origin: object): ReadonlySet<Listener> {
      return byOrigin.get(origin) ?? new Set();
    },
  };
}
