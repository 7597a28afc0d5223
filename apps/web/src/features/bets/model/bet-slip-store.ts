import type { BetSide } from '@backlay/contract/bets';
import type { MarketType } from '@backlay/contract/sports';
import { create } from 'zustand';
import { toast } from '../../../shared/toasts/toast-store';
import { oneTapBusyMessage, oneTapStakeNow } from './one-tap-betting';

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

/** A price tapped with one-tap betting on, and the stake it is placed for. */
export interface OneTapBet {
  selection: BetSelection;
  stake: number;
}

/**
 * What the open slip holds, so the market page can project the bet as it is typed, and the
 * one-tap bet on its way, which has no slip.
 */
export interface BetSlipState {
  selection: BetSelection | null;
  /** The stake typed, in rupees; null while empty or not a number. */
  stake: number | null;
  /** The slip's price, which the player may move off the one clicked. */
  price: number | null;
  /** The one-tap bet being placed; null when none is on its way. */
  oneTap: OneTapBet | null;
  /**
   * A price the player chose: it opens the slip, or, with one-tap betting on, is placed at
   * once, one bet at a time (a tap while one is on its way is turned away).
   */
  open: (selection: BetSelection) => void;
  /** Opens the slip with a stake, whatever the switch says: for a one-tap bet that failed. */
  openSlip: (selection: BetSelection, stake: number) => void;
  /** The one-tap bet on its way has its answer. */
  oneTapAnswered: () => void;
  /** Closes the slip, and stops waiting here for a one-tap bet's answer. */
  close: () => void;
  setStake: (stake: number | null) => void;
  setPrice: (price: number | null) => void;
}

const NOTHING_CHOSEN = { selection: null, stake: null, price: null, oneTap: null } as const;

/** The bet slip: at most one selection at a time; clicking another price replaces it. */
export const useBetSlip = create<BetSlipState>()((set, get) => ({
  ...NOTHING_CHOSEN,
  open: (selection) => {
    if (get().oneTap) {
      toast.info(oneTapBusyMessage());
      return;
    }
    const oneTapStake = oneTapStakeNow();
    set(
      oneTapStake === null
        ? { selection, price: selection.price, stake: null }
        : { ...NOTHING_CHOSEN, oneTap: { selection, stake: oneTapStake } },
    );
  },
  openSlip: (selection, stake) => set({ selection, price: selection.price, stake, oneTap: null }),
  oneTapAnswered: () => set({ oneTap: null }),
  close: () => set(NOTHING_CHOSEN),
  setStake: (stake) => set({ stake }),
  setPrice: (price) => set({ price }),
}));
