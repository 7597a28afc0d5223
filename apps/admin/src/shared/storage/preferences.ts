/** UI preferences (column choices) live in local storage under this prefix; never secrets. */
const PREFIX = 'backlay.admin.';

/** A stored preference, or `fallback` when none is stored or it cannot be read. */
export function readPreference<T>(
  name: string,
  isValid: (value: unknown) => value is T,
  fallback: T,
): T {
  try {
    const raw = localStorage.getItem(PREFIX + name);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    // Storage switched off or a hand-edited value: the preference is simply not applied.
    return fallback;
  }
}

/** Keeps a preference; a full or switched-off storage only loses it. */
export function writePreference(name: string, value: unknown): void {
  try {
    localStorage.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    // The choice still holds for this page; it is just not remembered.
  }
}
