import { create } from 'zustand';

/** Shell state the route guard sets on entering and leaving the casino lobby (spec §4). */
export interface ShellState {
  /** Whether the sports navigation bar scrolls sideways. */
  navbarScrollable: boolean;
  /** Whether the shell offers a way back to the sports pages. */
  backToSports: boolean;
  setLobbyMode: (inLobby: boolean) => void;
}

export const useShellStore = create<ShellState>()((set) => ({
  navbarScrollable: true,
  backToSports: false,
  setLobbyMode: (inLobby) => set({ navbarScrollable: !inLobby, backToSports: inLobby }),
}));
