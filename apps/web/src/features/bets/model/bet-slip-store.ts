import type { BetSide } from '@backlay/contract/bets';
import type { MarketType } from '@backlay/contract/sports';
import { create } from 'zustand';

/**
 * A price the player clicked: which runner of which market, back or lay, at what price.
 * The sports pages open the bet slip with one; the bet slip feature shows it and places it.
 */
export interface BetSelection {
  eventId: number;
  eventTitle: string;
  marketId: string;
  marketName: string;
  marketType: MarketType;
  runnerId: number;
  runnerName: string;
  side: BetSide;
  /** The price clicked; the slip's own price starts here. */
  price: number;
  /** A FANCY market's runs line; null for other markets. */
  line: number | null;
  /** Whether the market is in play, so an in-play bet delay applies. */
  inPlay: boolean;
  betDelaySeconds: number;
  /** BOOKMAKER and FANCY: matched now or not at all, at the quoted price. */
  fillOrKill: boolean;
}

/** What the open slip holds, so the market page can project the bet as it is typed. */
export interface BetSlipState {
  selection: BetSelection | null;
  /** The stake typed, in rupees; null while empty or not a number. */
  stake: number | null;
  /** The slip's price, which the player may move off the one clicked. */
  price: number | null;
  open: (selection: BetSelection) => void;
  close: () => void;
  setStake: (stake: number | null) => void;
  setPrice: (price: number | null) => void;
}

/** The bet slip: at most one selection at a time; clicking another price replaces it. */
export const useBetSlip = create<BetSlipState>()((set) => ({
  selection: null,
  stake: null,
  price: null,
  open: (selection) => set({ selection, price: selection.price, stake: null }),
  close: () => set({ selection: null, stake: null, price: null }),
  setStake: (stake) => set({ stake }),
  setPrice: (price) => set({ price }),
}));
