/**
 * The studio's playing cards, drawn for Backlay in SVG: a cream face with the rank and a suit
 * pip in two corners, the pips laid out in the middle as a deck's are, court cards framed with
 * a Backlay crest, and a back with the studio's lattice and its "B" seal (in CSS). No image
 * files: each card is a few paths, so a table of a dozen cards costs nothing to load.
 */
import type { CardSuit as Suit } from '@backlay/contract/card-fairness';
import { rankOf, suitOf } from './contract-values';

/** The ranks in order (A = 1 … K = 13), as the corners print them. */
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** The suits' symbols, for a card's short name. */
export const SUIT_SYMBOLS: Record<Suit, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

const isRed = (suit: Suit) => suit === 'H' || suit === 'D';

/** Each suit's pip in a 20 × 20 box (drawn for Backlay). */
export const SUIT_PATHS: Record<Suit, string> = {
  S: 'M10 1C17 6.5 20 10 17.6 13.6C15.8 16.2 12.6 15.8 11 13.8L12.8 19H7.2L9 13.8C7.4 15.8 4.2 16.2 2.4 13.6C0 10 3 6.5 10 1Z',
  H: 'M10 18.5C2.6 13 0 8.6 2.4 4.6C4.6 1 8.6 1.6 10 5C11.4 1.6 15.4 1 17.6 4.6C20 8.6 17.4 13 10 18.5Z',
  D: 'M10 0.5L17.5 10L10 19.5L2.5 10Z',
  C: 'M10 1.2A4.3 4.3 0 0 1 13.6 8A4.3 4.3 0 1 1 11 13.6L12.8 19H7.2L9 13.6A4.3 4.3 0 1 1 6.4 8A4.3 4.3 0 0 1 10 1.2Z',
};

const CARD_W = 100;
const CARD_H = 140;

/** The pips' columns (left, middle, right) and rows, in the 100 × 140 card. */
const PIP_X: Record<string, number> = { l: 31, m: 50, r: 69 };
const PIP_Y: Record<string, number> = {
  a: 32,
  b: 44,
  c: 51,
  d: 57,
  e: 70,
  f: 83,
  g: 89,
  h: 96,
  i: 108,
};

/**
 * Where a number card's pips stand, as a deck lays them: for ranks 1 to 10, each pip as its
 * column and row letters (`la` is left, top).
 */
const PIP_CODES = [
  'me',
  'ma mi',
  'ma me mi',
  'la ra li ri',
  'la ra me li ri',
  'la ra le re li ri',
  'la ra mc le re li ri',
  'la ra mc le re mg li ri',
  'la ra ld rd me lf rf li ri',
  'la ra mb ld rd lf rf mh li ri',
];

/** The centres of a number card's pips (rank 1 = ace … 10). */
export function pipCentres(rank: number): [number, number][] {
  return (PIP_CODES[rank - 1] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((code) => [PIP_X[code[0] ?? ''] ?? 50, PIP_Y[code[1] ?? ''] ?? 70]);
}

/** A court card's crest in the middle: a crown (K), a lotus (Q), a shield (J). */
const CREST_PATHS: Record<11 | 12 | 13, string> = {
  13: 'M30 86L26 56L40 68L50 50L60 68L74 56L70 86Z',
  12: 'M50 50C57 60 58 72 50 86C42 72 43 60 50 50ZM50 86C40 82 31 74 28 62C38 64 46 72 50 86ZM50 86C60 82 69 74 72 62C62 64 54 72 50 86Z',
  11: 'M36 52H64V72C64 82 57 88 50 92C43 88 36 82 36 72Z',
};

function Pip({
  suit,
  x,
  y,
  size,
  flip,
}: {
  suit: Suit;
  x: number;
  y: number;
  size: number;
  flip?: boolean;
}) {
  const scale = size / 20;
  const rotate = flip ? ` rotate(180 10 10)` : '';
  return (
    <path
      d={SUIT_PATHS[suit]}
      transform={`translate(${x - size / 2} ${y - size / 2}) scale(${scale})${rotate}`}
    />
  );
}

function Corner({ card, flip }: { card: string; flip?: boolean }) {
  return (
    <g transform={flip ? `rotate(180 ${CARD_W / 2} ${CARD_H / 2})` : undefined}>
      <text x="13" y="21" textAnchor="middle" className="card-rank">
        {rankOf(card)}
      </text>
      <Pip suit={suitOf(card)} x={13} y={30} size={11} />
    </g>
  );
}

function Middle({ card }: { card: string }) {
  const rank = RANKS.indexOf(rankOf(card)) + 1;
  const suit = suitOf(card);
  if (rank >= 11) {
    const crest = CREST_PATHS[rank as 11 | 12 | 13];
    return (
      <g>
        <rect x="22" y="22" width="56" height="96" rx="6" className="card-court" />
        <path d={crest} className="card-crest" />
        <text x="50" y="110" textAnchor="middle" className="card-court-letter">
          {rankOf(card)}
        </text>
        <Pip suit={suit} x={50} y={36} size={14} />
      </g>
    );
  }
  const pips = pipCentres(rank);
  const size = rank === 1 ? 38 : 17;
  return (
    <g>
      {pips.map(([x, y], index) => (
        <Pip key={index} suit={suit} x={x} y={y} size={size} flip={y > 72} />
      ))}
    </g>
  );
}

/** A card's face, or its back when `card` is null (a card still to come). */
export function PlayingCard({
  card,
  label,
  className,
}: {
  /** The card as the protocol writes it (`"10H"`). */
  card: string | null;
  /** What a screen reader says for the card (its rank and suit in words). */
  label: string;
  className?: string;
}) {
  const classes = ['card', className].filter(Boolean).join(' ');
  if (!card) {
    // The back is drawn in CSS (`.card-down`): the studio's lattice, a gold frame, its seal.
    return (
      <span className={`${classes} card-down`} role="img" aria-label={label}>
        <b aria-hidden="true">B</b>
      </span>
    );
  }
  return (
    <svg
      className={classes}
      viewBox={`0 0 ${CARD_W} ${CARD_H}`}
      role="img"
      aria-label={label}
      data-card={card}
      data-red={isRed(suitOf(card)) || undefined}
    >
      <rect x="1" y="1" width={CARD_W - 2} height={CARD_H - 2} rx="9" className="card-paper" />
      <g className="card-ink">
        <Corner card={card} />
        <Corner card={card} flip />
        <Middle card={card} />
      </g>
    </svg>
  );
}
