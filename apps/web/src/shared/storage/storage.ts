import type { StorageKey } from './storage-keys';

/** Fired on `window` after this tab writes a key; the `storage` event only reports other tabs. */
const SAME_TAB_CHANGE_EVENT = 'backlay:storage';

// Private browsing modes and locked-down embeds can throw on any access to localStorage,
// so every access goes through here and degrades to "nothing stored".
function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function announce(key: StorageKey): void {
  window.dispatchEvent(new CustomEvent(SAME_TAB_CHANGE_EVENT, { detail: key }));
}

/** The raw text stored under a key, or null. */
export function readText(key: StorageKey): string | null {
  try {
    return localStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores raw text under a key. */
export function writeText(key: StorageKey, value: string): void {
  try {
    localStore()?.setItem(key, value);
  } catch {
    // A full or blocked store only loses persistence; the session carries on in memory.
  }
  announce(key);
}

/** The JSON value stored under a key; null when absent or unreadable. */
export function readJson(key: StorageKey): unknown {
  const text = readText(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Stores a value as JSON under a key. */
export function writeJson(key: StorageKey, value: unknown): void {
  writeText(key, JSON.stringify(value));
}

/** Removes a key. */
export function removeKey(key: StorageKey): void {
  try {
    localStore()?.removeItem(key);
  } catch {
    // Nothing stored means nothing to remove.
  }
  announce(key);
}

/** Removes every key this origin stored except those kept (spec §4: logout keeps the base URL). */
export function clearStorageExcept(kept: readonly StorageKey[]): void {
  const store = localStore();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
      (key): key is string => key !== null && !(kept as readonly string[]).includes(key),
    );
    for (const key of keys) store.removeItem(key);
  } catch {
    // A blocked store holds nothing to clear.
  }
  window.dispatchEvent(new CustomEvent(SAME_TAB_CHANGE_EVENT, { detail: null }));
}

/** Calls the listener whenever stored data changes, in this tab or another. */
export function subscribeStorage(listener: () => void): () => void {
  window.addEventListener('storage', listener);
  window.addEventListener(SAME_TAB_CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener('storage', listener);
    window.removeEventListener(SAME_TAB_CHANGE_EVENT, listener);
  };
}
