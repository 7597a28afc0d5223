import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cardAt,
  cardIndex,
  cardLabel,
  cardRank,
  cardRankValue,
  cardSuit,
  dealAndarBahar,
  dealDragonTiger,
  dealLuckySeven,
  dealTeenPatti,
  randomStream,
  seedHashOf,
  seedMatchesHash,
  shuffledDeck,
  STARTING_DECK,
  teenPattiHand,
  type TeenPattiHand,
} from './card-fairness';

const seedOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** The shuffle as the file's header states it, with Node's own crypto, for comparison. */
function referenceShuffle(seed: string, gameCode: string, roundNumber: number): string[] {
  const bytes: number[] = [];
  let counter = 0;
  const nextByte = () => {
    if (bytes.length === 0) {
      const mac = createHmac('sha256', Buffer.from(seed, 'hex'))
        .update(`${gameCode}:${roundNumber}:${counter}`)
        .digest();
      counter += 1;
      bytes.push(...mac);
    }
    return bytes.shift() as number;
  };
  const deck = [...STARTING_DECK];
  for (let i = 51; i >= 1; i -= 1) {
    const n = i + 1;
    let byte = nextByte();
    while (byte >= 256 - (256 % n)) byte = nextByte();
    const j = byte % n;
    [deck[i], deck[j]] = [deck[j] as string, deck[i] as string];
  }
  return deck;
}

describe('cards', () => {
  it('writes cards as rank then suit, in the order ♠♥♦♣ × A..K', () => {
    expect(cardAt(0)).toBe('AS');
    expect(cardAt(9)).toBe('10S');
    expect(cardAt(12)).toBe('KS');
    expect(cardAt(13)).toBe('AH');
    expect(cardAt(51)).toBe('KC');
    expect(new Set(STARTING_DECK).size).toBe(52);
    STARTING_DECK.forEach((card, i) => expect(cardIndex(card)).toBe(i));
    expect(cardRank('10H')).toBe('10');
    expect(cardRankValue('10H')).toBe(10);
    expect(cardRankValue('AD')).toBe(1);
    expect(cardRankValue('KC')).toBe(13);
    expect(cardSuit('QD')).toBe('D');
    expect(cardLabel('10H')).toBe('10♥');
    expect(() => cardRank('1S')).toThrow(RangeError);
    expect(() => cardRank('11H')).toThrow(RangeError);
    expect(() => cardAt(52)).toThrow(RangeError);
  });
});

describe('the provably fair shuffle', () => {
  it('publishes SHA-256 of the seed bytes and checks a revealed seed against it', () => {
    const seed = seedOf('round seed');
    const hash = seedHashOf(seed);
    expect(hash).toBe(createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'));
    expect(seedMatchesHash(seed, hash)).toBe(true);
    expect(seedMatchesHash(seedOf('another'), hash)).toBe(false);
    expect(seedMatchesHash('nothex', hash)).toBe(false);
    expect(() => seedHashOf('ABC')).toThrow(RangeError);
  });

  it('shuffles exactly as the header says, for many seeds, games and rounds', () => {
    for (let i = 0; i < 300; i += 1) {
      const seed = seedOf(`s${i}`);
      const game = ['mac_teen_patti', 'dream_andar_bahar', 'mac_dragon_tiger', 'king_lucky_seven'][
        i % 4
      ] as string;
      const deck = shuffledDeck({ seed, gameCode: game, roundNumber: i + 1 });
      expect(deck).toEqual(referenceShuffle(seed, game, i + 1));
      expect(new Set(deck).size).toBe(52);
    }
  });

  it('gives another deck for another round number or game, the same for the same input', () => {
    const seed = seedOf('x');
    const one = shuffledDeck({ seed, gameCode: 'mac_dragon_tiger', roundNumber: 1 });
    expect(shuffledDeck({ seed, gameCode: 'mac_dragon_tiger', roundNumber: 1 })).toEqual(one);
    expect(shuffledDeck({ seed, gameCode: 'mac_dragon_tiger', roundNumber: 2 })).not.toEqual(one);
    expect(shuffledDeck({ seed, gameCode: 'mac_teen_patti', roundNumber: 1 })).not.toEqual(one);
    expect(() => shuffledDeck({ seed, gameCode: 'g', roundNumber: 0 })).toThrow(RangeError);
  });

  it('draws integers without bias (rejection sampling)', () => {
    // n = 52: 256 mod 52 = 48, so bytes 208..255 are skipped; 6,000 draws in 52 bins.
    const random = randomStream({ seed: seedOf('ints'), gameCode: 'g', roundNumber: 1 });
    const bins = new Array<number>(52).fill(0);
    const draws = 52 * 200;
    for (let i = 0; i < draws; i += 1) {
      const bin = random.nextInt(52);
      bins[bin] = (bins[bin] ?? 0) + 1;
    }
    const expected = draws / 52;
    const chi = bins.reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
    // 51 degrees of freedom: the 99.9% quantile is about 87.
    expect(chi).toBeLessThan(87);
  });

  it('puts every card in every position equally often (Fisher–Yates unbiased)', () => {
    // 20,800 shuffles from deterministic seeds: counts of card c at position p, 52 × 52 cells
    // of 400 expected each. Chi-square with 51 × 51 = 2,601 degrees of freedom: mean 2,601,
    // standard deviation about 72; a biased shuffle (e.g. j in [0, 51] every step) is far out.
    const shuffles = 20_800;
    const counts = new Array<number>(52 * 52).fill(0);
    const seed = seedOf('positions');
    for (let r = 1; r <= shuffles; r += 1) {
      const deck = shuffledDeck({ seed, gameCode: 'mac_dragon_tiger', roundNumber: r });
      deck.forEach((card, position) => {
        const cell = cardIndex(card) * 52 + position;
        counts[cell] = (counts[cell] ?? 0) + 1;
      });
    }
    const expected = shuffles / 52;
    const chi = counts.reduce((s, n) => s + (n - expected) ** 2 / expected, 0);
    expect(chi).toBeGreaterThan(2_601 - 5 * 72);
    expect(chi).toBeLessThan(2_601 + 5 * 72);
  });
});

describe('Teen Patti hands', () => {
  const cases: [string[], TeenPattiHand][] = [
    [['AS', 'AH', 'AD'], 'TRAIL'],
    [['2S', '2H', '2D'], 'TRAIL'],
    [['AS', 'KS', 'QS'], 'PURE_SEQUENCE'],
    [['AH', '2H', '3H'], 'PURE_SEQUENCE'],
    [['4C', '2C', '3C'], 'PURE_SEQUENCE'],
    [['AS', 'KH', 'QS'], 'SEQUENCE'],
    [['10D', 'JS', 'QH'], 'SEQUENCE'],
    [['KS', 'AS', '2S'], 'COLOR'],
    [['2D', '7D', '9D'], 'COLOR'],
    [['9S', '9H', 'AD'], 'PAIR'],
    [['KS', 'AH', '2D'], 'HIGH_CARD'],
    [['2S', '5H', '7D'], 'HIGH_CARD'],
  ];
  it.each(cases)('%j is %s', (cards, hand) => {
    expect(teenPattiHand(cards).hand).toBe(hand);
  });

  // Each hand beats the next one (strictly).
  const descending: string[][] = [
    ['AS', 'AH', 'AD'],
    ['KS', 'KH', 'KD'],
    ['2S', '2H', '2D'],
    ['AS', 'KS', 'QS'],
    ['AH', '2H', '3H'],
    ['KD', 'QD', 'JD'],
    ['4C', '3C', '2C'],
    ['AS', 'KH', 'QS'],
    ['AH', '2S', '3D'],
    ['KS', 'QS', 'JH'],
    ['4C', '3D', '2C'],
    ['AS', 'KS', 'JS'],
    ['AS', '5S', '3S'],
    ['KD', 'QD', '10D'],
    ['5H', '3H', '2H'],
    ['AS', 'AD', 'KH'],
    ['AS', 'AD', '2H'],
    ['KS', 'KD', 'AH'],
    ['2S', '2D', '3H'],
    ['AS', 'KD', 'JH'],
    ['AS', 'QD', 'JH'],
    ['KS', 'QD', '10H'],
    ['5S', '3D', '2H'],
  ];
  it('ranks Trail > Pure sequence > Sequence > Color > Pair > High card, kickers after', () => {
    for (let i = 0; i + 1 < descending.length; i += 1) {
      const higher = teenPattiHand(descending[i] as string[]);
      const lower = teenPattiHand(descending[i + 1] as string[]);
      expect(higher.score, `${descending[i]} beats ${descending[i + 1]}`).toBeGreaterThan(
        lower.score,
      );
    }
  });

  it('makes hands equal but for suits a tie', () => {
    expect(teenPattiHand(['AS', 'KH', 'QD']).score).toBe(teenPattiHand(['AC', 'KD', 'QH']).score);
    expect(teenPattiHand(['9S', '9H', '4D']).score).toBe(teenPattiHand(['9C', '9D', '4H']).score);
    expect(teenPattiHand(['AS', '7S', '4S']).score).toBe(teenPattiHand(['AH', '7H', '4H']).score);
    expect(() => teenPattiHand(['AS', 'KS'])).toThrow(RangeError);
  });
});

describe('the deals', () => {
  it('deals Teen Patti A, B, A, B, A, B and names the better hand', () => {
    const deal = dealTeenPatti(['AS', '2H', 'AH', '2D', 'AD', '3C', '9S']);
    expect(deal.cards.map((c) => c.side)).toEqual(['A', 'B', 'A', 'B', 'A', 'B']);
    expect(deal.handA).toBe('TRAIL');
    expect(deal.handB).toBe('PAIR');
    expect(deal.winner).toBe('A');
    expect(dealTeenPatti(['AS', 'AH', 'KS', 'KH', '9D', '9C']).winner).toBe('TIE');
    expect(dealTeenPatti(['2S', 'AH', '3S', 'KH', '9D', 'QH']).winner).toBe('B');
    expect(() => dealTeenPatti(['AS', 'AS', 'KS', 'KH', '9D', '9C'])).toThrow(RangeError);
  });

  it('deals Andar Bahar from the joker until its rank comes, Andar first', () => {
    const rest = STARTING_DECK.filter((c) => !['7S', '3H', 'KD', '7C'].includes(c));
    const andar = dealAndarBahar(['7S', '3H', 'KD', '7C', ...rest]);
    expect(andar.joker).toBe('7S');
    expect(andar.cards.map((c) => c.side)).toEqual(['JOKER', 'ANDAR', 'BAHAR', 'ANDAR']);
    expect(andar.winner).toBe('ANDAR');
    const rest2 = STARTING_DECK.filter((c) => !['7S', '7D'].includes(c));
    const bahar = dealAndarBahar(['7S', rest2[0] as string, '7D', ...rest2.slice(1)]);
    expect(bahar.winner).toBe('BAHAR');
    expect(bahar.cards).toHaveLength(3);
  });

  it('deals Dragon Tiger one card each, A low, suits not ranking', () => {
    expect(dealDragonTiger(['KS', 'AS']).winner).toBe('DRAGON');
    expect(dealDragonTiger(['AS', '2S']).winner).toBe('TIGER');
    expect(dealDragonTiger(['9S', '9H']).winner).toBe('TIE');
    expect(dealDragonTiger(['9S', '9H']).cards.map((c) => c.side)).toEqual(['DRAGON', 'TIGER']);
  });

  it('deals Lucky 7 one card: A to 6 Low, 7 Seven, 8 to K High, suits not counting', () => {
    expect(dealLuckySeven(['AS', 'KD'])).toEqual({
      cards: [{ position: 0, side: 'CARD', card: 'AS' }],
      winner: 'LOW',
    });
    expect(dealLuckySeven(['6H']).winner).toBe('LOW');
    expect(dealLuckySeven(['7C']).winner).toBe('SEVEN');
    expect(dealLuckySeven(['7D']).winner).toBe('SEVEN');
    expect(dealLuckySeven(['8S']).winner).toBe('HIGH');
    expect(dealLuckySeven(['KH']).winner).toBe('HIGH');
    expect(() => dealLuckySeven([])).toThrow(RangeError);
    expect(() => dealLuckySeven(['1S'])).toThrow(RangeError);
  });
});
