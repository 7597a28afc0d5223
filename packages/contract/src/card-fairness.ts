/**
 * The studio's card games' provably fair maths (Teen Patti, Andar Bahar, Dragon Tiger, Lucky 7),
 * shared by the studio's server (which deals the rounds) and the games' verify page (which
 * recomputes them in the browser). Pure and synchronous: the same seed gives the same deck on
 * both sides.
 *
 * - **Cards** are short strings: the rank (`A`, `2`…`10`, `J`, `Q`, `K`) then the suit
 *   (`S` ♠, `H` ♥, `D` ♦, `C` ♣): `"AS"`, `"10H"`, `"KD"`. The deck's starting order is the
 *   suits ♠ ♥ ♦ ♣, each from A to K: index 0 is `AS`, 12 is `KS`, 13 is `AH`, 51 is `KC`
 *   (`cardAt(i)`, `cardIndex(card)`).
 * - **The seed.** Before a round's betting opens the server draws 32 random bytes, the server
 *   seed, written as 64 lowercase hex digits, and publishes `seedHash` = SHA-256 of the seed's
 *   32 raw bytes (hex), as crash's chain does. The seed is revealed when the round ends.
 * - **The random bytes** of a round are the HMAC-SHA256 digests with key = the seed's 32 bytes
 *   and message = the UTF-8 text `<gameCode>:<roundNumber>:<counter>`, counter 0, 1, 2…, read
 *   one byte after another (32 bytes a digest).
 * - **An unbiased integer in [0, n)** (n ≤ 256) is the next byte `b` with
 *   `b < 256 - 256 mod n`, as `b mod n`; a byte at or above that limit is skipped (rejection
 *   sampling), so every value has exactly the same chance.
 * - **The shuffle** is Fisher–Yates over the starting order: for i from 51 down to 1, swap the
 *   card at i with the card at an unbiased j in [0, i]. The shuffled deck's first card is dealt
 *   first.
 * - **The deals** (`dealTeenPatti`, `dealAndarBahar`, `dealDragonTiger`, `dealLuckySeven`) take
 *   cards from the top of the shuffled deck as each game's header says, and name the winner.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** A server seed or its hash: 64 lowercase hex digits (32 bytes). */
export const CARD_SEED_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The ranks from low to high as written on a card (A is 1 in Dragon Tiger and Lucky 7, high in
 * Teen Patti).
 */
export const CARD_RANKS = [
  'A',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  'J',
  'Q',
  'K',
] as const;
export type CardRank = (typeof CARD_RANKS)[number];

/** The suits in the deck's starting order. */
export const CARD_SUITS = ['S', 'H', 'D', 'C'] as const;
export type CardSuit = (typeof CARD_SUITS)[number];

/** The suits' symbols, for labels. */
export const SUIT_SYMBOLS: Record<CardSuit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

/** Red suits (hearts and diamonds), for drawing. */
export const RED_SUITS: readonly CardSuit[] = ['H', 'D'];

export const DECK_SIZE = 52;

/** A card as the protocol writes it: rank then suit, `"AS"`, `"10H"`, `"KD"`. */
export const CARD_PATTERN = /^(A|[2-9]|10|J|Q|K)[SHDC]$/;

/** The card at a place of the starting order (0 = `AS` … 51 = `KC`). */
export function cardAt(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= DECK_SIZE) {
    throw new RangeError('A card index is a whole number from 0 to 51');
  }
  return `${CARD_RANKS[index % 13]}${CARD_SUITS[Math.floor(index / 13)]}`;
}

function checkCard(card: string): void {
  if (!CARD_PATTERN.test(card)) throw new RangeError(`Not a card: ${card}`);
}

/** A card's place in the starting order (`AS` = 0 … `KC` = 51). */
export function cardIndex(card: string): number {
  return CARD_SUITS.indexOf(cardSuit(card)) * 13 + cardRankValue(card) - 1;
}

/** A card's rank as written (`"10H"` → `"10"`). */
export function cardRank(card: string): CardRank {
  checkCard(card);
  return card.slice(0, -1) as CardRank;
}

/** A card's rank as a number, A low: A = 1, 2…10, J = 11, Q = 12, K = 13. */
export function cardRankValue(card: string): number {
  return CARD_RANKS.indexOf(cardRank(card)) + 1;
}

/** A card's suit letter. */
export function cardSuit(card: string): CardSuit {
  checkCard(card);
  return card.slice(-1) as CardSuit;
}

/** A card as players read it: `"10H"` → `"10♥"`. */
export function cardLabel(card: string): string {
  return `${cardRank(card)}${SUIT_SYMBOLS[cardSuit(card)]}`;
}

/** Whether a card is red (hearts, diamonds). */
export function isRedCard(card: string): boolean {
  return RED_SUITS.includes(cardSuit(card));
}

/** The 52 cards in the starting order. */
export const STARTING_DECK: readonly string[] = Array.from({ length: DECK_SIZE }, (_, i) =>
  cardAt(i),
);

function checkSeed(seed: string): void {
  if (!CARD_SEED_PATTERN.test(seed)) {
    throw new RangeError('A server seed is 64 lowercase hexadecimal digits');
  }
}

/** The hash a round publishes before its betting: SHA-256 of the seed's 32 bytes, in hex. */
export function seedHashOf(seed: string): string {
  checkSeed(seed);
  return bytesToHex(sha256(hexToBytes(seed)));
}

/** Whether a revealed seed is the one a published hash stood for. */
export function seedMatchesHash(seed: string, seedHash: string): boolean {
  return CARD_SEED_PATTERN.test(seed) && seedHashOf(seed) === seedHash;
}

/** Where a round's random bytes come from (see this file's header). */
export interface ShuffleInput {
  seed: string;
  gameCode: string;
  roundNumber: number;
}

/** The round's stream of random bytes, and unbiased integers drawn from it. */
export function randomStream(input: ShuffleInput): { nextInt(n: number): number } {
  checkSeed(input.seed);
  if (!Number.isSafeInteger(input.roundNumber) || input.roundNumber < 1) {
    throw new RangeError('A round number is a whole number from 1');
  }
  const keyed = hmac.create(sha256, hexToBytes(input.seed));
  let counter = 0;
  let bytes = new Uint8Array(0);
  let at = 0;
  const nextByte = (): number => {
    if (at >= bytes.length) {
      const message = `${input.gameCode}:${input.roundNumber}:${counter}`;
      bytes = keyed.clone().update(utf8ToBytes(message)).digest();
      counter += 1;
      at = 0;
    }
    const byte = bytes[at] as number;
    at += 1;
    return byte;
  };
  return {
    nextInt(n: number): number {
      if (!Number.isInteger(n) || n < 1 || n > 256) {
        throw new RangeError('n is a whole number from 1 to 256');
      }
      const limit = 256 - (256 % n);
      for (;;) {
        const byte = nextByte();
        if (byte < limit) return byte % n;
      }
    },
  };
}

/** The round's shuffled deck: Fisher–Yates over `STARTING_DECK` driven by `randomStream`. */
export function shuffledDeck(input: ShuffleInput): string[] {
  const deck = [...STARTING_DECK];
  const random = randomStream(input);
  for (let i = deck.length - 1; i >= 1; i -= 1) {
    const j = random.nextInt(i + 1);
    [deck[i], deck[j]] = [deck[j] as string, deck[i] as string];
  }
  return deck;
}

/** Where a dealt card went. */
export const CARD_SIDES = ['A', 'B', 'JOKER', 'ANDAR', 'BAHAR', 'DRAGON', 'TIGER', 'CARD'] as const;
export type CardSide = (typeof CARD_SIDES)[number];

/** One card dealt in a round, in the order they are revealed (`position` 0, 1, 2…). */
export interface DealtCard {
  position: number;
  side: CardSide;
  card: string;
}

function takeCards(deck: readonly string[], count: number): string[] {
  if (deck.length < count) throw new RangeError(`A deal needs at least ${count} cards`);
  const cards = deck.slice(0, count);
  cards.forEach(checkCard);
  if (new Set(cards).size !== cards.length) throw new RangeError('A deck has each card once');
  return cards;
}

// ---------------------------------------------------------------------------------------------
// Teen Patti: three cards each to Player A and Player B, dealt A, B, A, B, A, B.

/**
 * Teen Patti's hands from high to low: Trail (three of a kind), Pure sequence (a run in one
 * suit), Sequence (a run), Color (one suit), Pair, High card.
 */
export const TEEN_PATTI_HANDS = [
  'HIGH_CARD',
  'PAIR',
  'COLOR',
  'SEQUENCE',
  'PURE_SEQUENCE',
  'TRAIL',
] as const;
export type TeenPattiHand = (typeof TEEN_PATTI_HANDS)[number];

export interface TeenPattiHandValue {
  hand: TeenPattiHand;
  /** Higher beats lower; equal is a tie. */
  score: number;
}

/**
 * A three-card hand's value. The order, within each hand from high to low:
 * - Trail: A-A-A, K-K-K … 2-2-2.
 * - Pure sequence and Sequence: A-K-Q, then A-2-3 (the second highest), then K-Q-J, Q-J-10 …
 *   4-3-2 (K-A-2 is no run).
 * - Color and High card: the highest card (A high), then the second, then the third.
 * - Pair: the pair's rank (A high), then the odd card.
 * Suits never rank: hands equal by this order are a tie.
 */
export function teenPattiHand(cards: readonly string[]): TeenPattiHandValue {
  if (cards.length !== 3) throw new RangeError('A Teen Patti hand has three cards');
  // A is high (14) except in A-2-3.
  const high = cards.map((c) => (cardRankValue(c) === 1 ? 14 : cardRankValue(c)));
  const [a, b, c] = high.sort((x, y) => y - x) as [number, number, number];
  const flush = new Set(cards.map(cardSuit)).size === 1;
  let run = 0; // the run's strength, 0: none
  if (a === 14 && b === 13 && c === 12) run = 15;
  else if (a === 14 && b === 3 && c === 2) run = 14;
  else if (a === b + 1 && b === c + 1) run = a;
  const value = (hand: TeenPattiHand, ...ranks: number[]): TeenPattiHandValue => ({
    hand,
    score: ranks.reduce((s, r) => s * 16 + r, TEEN_PATTI_HANDS.indexOf(hand)),
  });
  if (a === c) return value('TRAIL', a, 0, 0);
  if (run && flush) return value('PURE_SEQUENCE', run, 0, 0);
  if (run) return value('SEQUENCE', run, 0, 0);
  if (flush) return value('COLOR', a, b, c);
  if (a === b) return value('PAIR', a, c, 0);
  if (b === c) return value('PAIR', b, a, 0);
  return value('HIGH_CARD', a, b, c);
}

export type TeenPattiWinner = 'A' | 'B' | 'TIE';

export interface TeenPattiDeal {
  cards: DealtCard[];
  handA: TeenPattiHand;
  handB: TeenPattiHand;
  winner: TeenPattiWinner;
}

/** Teen Patti 20-20's deal: the deck's first six cards, A, B, A, B, A, B; the better hand wins. */
export function dealTeenPatti(deck: readonly string[]): TeenPattiDeal {
  const top = takeCards(deck, 6);
  const cards = top.map((card, position) => ({
    position,
    side: (position % 2 === 0 ? 'A' : 'B') as CardSide,
    card,
  }));
  const a = teenPattiHand(top.filter((_, i) => i % 2 === 0));
  const b = teenPattiHand(top.filter((_, i) => i % 2 === 1));
  const winner = a.score > b.score ? 'A' : a.score < b.score ? 'B' : 'TIE';
  return { cards, handA: a.hand, handB: b.hand, winner };
}

// ---------------------------------------------------------------------------------------------
// Andar Bahar: a joker, then Andar, Bahar, Andar… until a card of the joker's rank.

export type AndarBaharWinner = 'ANDAR' | 'BAHAR';

export interface AndarBaharDeal {
  joker: string;
  /** The joker (position 0) and every card after it, the last one the match. */
  cards: DealtCard[];
  winner: AndarBaharWinner;
}

/**
 * Andar Bahar's deal: the deck's first card is the joker; the next go to Andar, Bahar, Andar…
 * until one has the joker's rank: its side wins (one of the other three of the rank always
 * comes, so a deal ends within the deck).
 */
export function dealAndarBahar(deck: readonly string[]): AndarBaharDeal {
  const all = takeCards(deck, DECK_SIZE);
  const joker = all[0] as string;
  const cards: DealtCard[] = [{ position: 0, side: 'JOKER', card: joker }];
  for (let position = 1; position < all.length; position += 1) {
    const card = all[position] as string;
    const side: AndarBaharWinner = position % 2 === 1 ? 'ANDAR' : 'BAHAR';
    cards.push({ position, side, card });
    if (cardRank(card) === cardRank(joker)) return { joker, cards, winner: side };
  }
  throw new RangeError('A full deck has four cards of each rank');
}

// ---------------------------------------------------------------------------------------------
// Dragon Tiger: one card each; the higher rank wins (A low, suits do not rank).

export type DragonTigerWinner = 'DRAGON' | 'TIGER' | 'TIE';

export interface DragonTigerDeal {
  cards: DealtCard[];
  winner: DragonTigerWinner;
}

/** Dragon Tiger's deal: the first card to Dragon, the second to Tiger; A = 1 … K = 13. */
export function dealDragonTiger(deck: readonly string[]): DragonTigerDeal {
  const [dragon, tiger] = takeCards(deck, 2) as [string, string];
  const d = cardRankValue(dragon);
  const t = cardRankValue(tiger);
  return {
    cards: [
      { position: 0, side: 'DRAGON', card: dragon },
      { position: 1, side: 'TIGER', card: tiger },
    ],
    winner: d > t ? 'DRAGON' : d < t ? 'TIGER' : 'TIE',
  };
}

// ---------------------------------------------------------------------------------------------
// Lucky 7: one card; below 7 is Low, above is High, a 7 is its own.

export type LuckySevenWinner = 'LOW' | 'SEVEN' | 'HIGH';

export interface LuckySevenDeal {
  cards: DealtCard[];
  winner: LuckySevenWinner;
}

/** The rank of Lucky 7's own bet: below it Low (A–6), above it High (8–K). */
export const LUCKY_RANK = 7;

/** Lucky 7's deal: the deck's first card alone (side `CARD`); A = 1 … K = 13, suits don't count. */
export function dealLuckySeven(deck: readonly string[]): LuckySevenDeal {
  const [card] = takeCards(deck, 1) as [string];
  const rank = cardRankValue(card);
  return {
    cards: [{ position: 0, side: 'CARD', card }],
    winner: rank < LUCKY_RANK ? 'LOW' : rank > LUCKY_RANK ? 'HIGH' : 'SEVEN',
  };
}
