import { useCallback } from 'react';
import { useUiPreferences } from '../../../shared/preferences/ui-preferences';

/** The events with pinned ones first; each group keeps the order it came in. */
export function pinnedFirst<T extends { id: number }>(
  events: readonly T[],
  pins: readonly string[],
): T[] {
  const pinned = new Set(pins);
  const isPinned = (event: T) => pinned.has(String(event.id));
  return [...events.filter(isPinned), ...events.filter((e) => !isPinned(e))];
}

/** The pinned event ids (spec §3: UI preferences), and a toggle per event id. */
export function usePins(): { pins: readonly string[]; toggle: (eventId: number) => void } {
  const pins = useUiPreferences((s) => s.pins);
  const togglePin = useUiPreferences((s) => s.togglePin);
  const toggle = useCallback((eventId: number) => togglePin(String(eventId)), [togglePin]);
  return { pins, toggle };
}
