/** A value changed only by events through a reducer, for React's `useSyncExternalStore`. */
export interface Store<S, E> {
  get: () => S;
  dispatch: (event: E) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<S, E>(reducer: (state: S, event: E) => S, initial: S): Store<S, E> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(event) {
      const next = reducer(state, event);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
