/**
 * Recomputes a card round in the browser from its revealed seed, with the shuffle and the deals
 * the studio's server plays with (`card-fairness.ts` of the contract): the seed's SHA-256 against
 * the hash the table published before betting, the shuffled deck, the cards dealt and the
 * winner. The game's deal is picked by its code as the contract's `dealCardGame` does (that
 * module brings zod, so the page names the four deals itself; a test holds the two together).
 */
import {
  CARD_SEED_PATTERN,
  dealAndarBahar,
  dealDragonTiger,
  dealLuckySeven,
  dealTeenPatti,
  seedHashOf,
  shuffledDeck,
  type DealtCard,
  type TeenPattiHand,
} from '@backlay/contract/card-fairness';
import type { CardGameCode, CardWinner } from '@backlay/contract/card-games';
import { ANDAR_BAHAR, LUCKY_SEVEN, TEEN_PATTI } from '../contract-values';

export interface VerifyInput {
  gameCode: CardGameCode;
  seed: string;
  /** The round's number, as typed. */
  roundNumber: string;
  /** The hash published before the round; empty: not checked. */
  seedHash: string;
}

export interface VerifiedRound {
  cards: DealtCard[];
  winner: CardWinner;
  hands?: { A: TeenPattiHand; B: TeenPattiHand };
}

export type VerifyOutcome =
  | { ok: false; field: 'seed' | 'roundNumber' | 'seedHash' }
  | {
      ok: true;
      round: VerifiedRound;
      /** The whole shuffled deck, first card dealt first. */
      deck: string[];
      /** SHA-256 of the seed, as computed here. */
      computedHash: string;
      /** Whether it is the published hash; null when none was given. */
      hashMatches: boolean | null;
    };

/** A game's deal of a shuffled deck: the cards in the order of reveal and the winner. */
export function dealFor(gameCode: CardGameCode, deck: readonly string[]): VerifiedRound {
  if (gameCode === TEEN_PATTI) {
    const deal = dealTeenPatti(deck);
    return { cards: deal.cards, winner: deal.winner, hands: { A: deal.handA, B: deal.handB } };
  }
  if (gameCode === ANDAR_BAHAR) return dealAndarBahar(deck);
  if (gameCode === LUCKY_SEVEN) return dealLuckySeven(deck);
  return dealDragonTiger(deck);
}

export function verifyCardRound(input: VerifyInput): VerifyOutcome {
  const seed = input.seed.trim().toLowerCase();
  const seedHash = input.seedHash.trim().toLowerCase();
  if (!CARD_SEED_PATTERN.test(seed)) return { ok: false, field: 'seed' };
  if (seedHash && !CARD_SEED_PATTERN.test(seedHash)) return { ok: false, field: 'seedHash' };
  const roundNumber = Number(input.roundNumber.trim());
  if (
    !/^\d{1,15}$/.test(input.roundNumber.trim()) ||
    !Number.isSafeInteger(roundNumber) ||
    roundNumber < 1
  ) {
    return { ok: false, field: 'roundNumber' };
  }
  const deck = shuffledDeck({ seed, gameCode: input.gameCode, roundNumber });
  const computedHash = seedHashOf(seed);
  return {
    ok: true,
    round: dealFor(input.gameCode, deck),
    deck,
    computedHash,
    hashMatches: seedHash ? computedHash === seedHash : null,
  };
}
