/**
 * What differs between the card tables on the page: the game's code (its words and rules are
 * keyed by it), its own words, the order of its bet spots, its felt (how its cards are laid out)
 * and its mark. Everything else (bets, chips, countdown, results, rules, fairness) is the same
 * page, `table-game.tsx`.
 */
import type { ComponentType } from 'react';
import type {
  CardBetKind,
  CardGameCode,
  CardRound,
  CardWinner,
  DealtCardMessage,
} from '@backlay/contract/card-games';
import type { Language } from '../shared/launch';

export interface FeltProps {
  round: CardRound | null;
  /** The round's cards revealed so far, in the order of reveal. */
  cards: DealtCardMessage[];
}

export interface GameView {
  code: CardGameCode;
  /**
   * The game's own words in each language (`<game>/words/<language>.json`: `name.<code>`,
   * `kind.<kind>` of its bets and winners, `short.<winner>`), read with the shared ones.
   */
  words: Record<Language, string>;
  /** The bet spots from left to right (the rule table's kinds, placed for the thumb). */
  spotOrder: CardBetKind[];
  /** How many numbered rules the game's rules dialog has (`rule.<code>.<n>` in `later/`). */
  ruleCount: number;
  Felt: ComponentType<FeltProps>;
  Mark: ComponentType;
}

/** Which side of the table a winner or a bet stands on, for its colour. */
export function sideOf(kind: CardWinner | CardBetKind): 'a' | 'b' | 'tie' {
  if (kind === 'TIE' || kind === 'SEVEN') return 'tie';
  return kind === 'A' || kind === 'ANDAR' || kind === 'DRAGON' || kind === 'LOW' ? 'a' : 'b';
}
