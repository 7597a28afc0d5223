import { useSyncExternalStore } from 'react';
import type { StorageKey } from './storage-keys';
import { readText, subscribeStorage } from './storage';

/** The raw text stored under a key, re-rendering when it changes. */
export function useStoredText(key: StorageKey): string | null {
  return useSyncExternalStore(
    subscribeStorage,
    () => readText(key),
    () => null,
  );
}
