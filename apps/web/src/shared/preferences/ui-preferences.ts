import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { STORAGE_KEYS } from '../storage/storage-keys';

/** UI preferences (spec §3), persisted across visits. */
export interface UiPreferences {
  showBalance: boolean;
  showExposure: boolean;
  /** Pinned event ids. */
  pins: string[];
}

interface UiPreferencesState extends UiPreferences {
  toggleBalance: () => void;
  toggleExposure: () => void;
  togglePin: (eventId: string) => void;
}

export const DEFAULT_UI_PREFERENCES: UiPreferences = {
  showBalance: true,
  showExposure: true,
  pins: [],
};

export const useUiPreferences = create<UiPreferencesState>()(
  persist(
    (set) => ({
      ...DEFAULT_UI_PREFERENCES,
      toggleBalance: () => set((s) => ({ showBalance: !s.showBalance })),
      toggleExposure: () => set((s) => ({ showExposure: !s.showExposure })),
      togglePin: (eventId) =>
        set((s) => ({
          pins: s.pins.includes(eventId)
            ? s.pins.filter((id) => id !== eventId)
            : [...s.pins, eventId],
        })),
    }),
    {
      name: STORAGE_KEYS.uiPreferences,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ showBalance, showExposure, pins }) => ({ showBalance, showExposure, pins }),
    },
  ),
);
