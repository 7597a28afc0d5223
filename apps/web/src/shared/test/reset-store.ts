import type { StoreApi } from 'zustand';

/** Puts a store back as it was made: a worker's test files share its modules. */
export function resetStore<State>(
  store: Pick<StoreApi<State>, 'getInitialState' | 'setState'>,
): void {
  store.setState(store.getInitialState(), true);
}
