import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CARD_GAMES,
  cardBetOutcome,
  cardBetReturnMinor,
  cardBetRule,
  cardGamePath,
  cardRoundFromSeed,
  cardRoundsPath,
  cardServerMessageSchema,
  cardSocketPath,
  dealCardGame,
  formatHouseEdge,
  parseCardServerMessage,
  seedHashOf,
  shuffledDeck,
  STARTING_DECK,
  teenPattiHand,
  type CardBetRule,
  type CardGameCode,
  type CardWinner,
} from './card-games';

const rule = (game: CardGameCode, kind: string) => cardBetRule(game, kind) as CardBetRule;

/** A bet's house edge in ppm from exact winner probabilities given as [numerator, denominator]. */
function edgePpm(r: CardBetRule, chances: Partial<Record<CardWinner, bigint>>, total: bigint) {
  // Average return, in hundredths of the stake, times `total`.
  let returned = 0n;
  for (const [winner, count] of Object.entries(chances) as [CardWinner, bigint][]) {
    returned += count * BigInt(cardBetReturnMinor(r, winner, 100));
  }
  // edge = 1 - returned / (100 × total), in ppm, rounded to the nearest.
  const numerator = (100n * total - returned) * 1_000_000n;
  const denominator = 100n * total;
  return Number((numerator * 2n + denominator) / (2n * denominator));
}

describe('the rule tables pay as stated', () => {
  it('Teen Patti: A and B pay 1.98, a tie pushes both', () => {
    const a = rule('mac_teen_patti', 'A');
    expect(cardBetReturnMinor(a, 'A', 1_000)).toBe(1_980);
    expect(cardBetReturnMinor(a, 'B', 1_000)).toBe(0);
    expect(cardBetReturnMinor(a, 'TIE', 1_000)).toBe(1_000);
    expect(cardBetOutcome(a, 'TIE')).toBe('PUSH');
    const b = rule('mac_teen_patti', 'B');
    expect(cardBetReturnMinor(b, 'B', 333)).toBe(659); // 659.34 down to the paisa
    expect(cardBetOutcome(b, 'A')).toBe('LOST');
    expect(cardBetRule('mac_teen_patti', 'TIE')).toBeUndefined();
  });

  it('Andar Bahar: Andar pays 1.90, Bahar 2.00', () => {
    expect(cardBetReturnMinor(rule('dream_andar_bahar', 'ANDAR'), 'ANDAR', 1_000)).toBe(1_900);
    expect(cardBetReturnMinor(rule('dream_andar_bahar', 'ANDAR'), 'BAHAR', 1_000)).toBe(0);
    expect(cardBetReturnMinor(rule('dream_andar_bahar', 'BAHAR'), 'BAHAR', 1_000)).toBe(2_000);
    expect(cardBetOutcome(rule('dream_andar_bahar', 'BAHAR'), 'ANDAR')).toBe('LOST');
  });

  it('Dragon Tiger: 2.00 each side, half back on a tie; Tie pays 12.00', () => {
    const dragon = rule('mac_dragon_tiger', 'DRAGON');
    expect(cardBetReturnMinor(dragon, 'DRAGON', 1_000)).toBe(2_000);
    expect(cardBetReturnMinor(dragon, 'TIGER', 1_000)).toBe(0);
    expect(cardBetReturnMinor(dragon, 'TIE', 1_001)).toBe(500); // half, rounded down
    expect(cardBetOutcome(dragon, 'TIE')).toBe('HALF_BACK');
    expect(cardBetReturnMinor(rule('mac_dragon_tiger', 'TIGER'), 'TIE', 1_000)).toBe(500);
    const tie = rule('mac_dragon_tiger', 'TIE');
    expect(cardBetReturnMinor(tie, 'TIE', 1_000)).toBe(12_000);
    expect(cardBetReturnMinor(tie, 'DRAGON', 1_000)).toBe(0);
    expect(cardBetOutcome(tie, 'TIE')).toBe('WON');
    expect(() => cardBetReturnMinor(tie, 'TIE', 1.5)).toThrow(RangeError);
  });

  it('Lucky 7: Low and High pay 2.00 and lose on a 7; Seven pays 12.00; Low and High oppose', () => {
    const low = rule('king_lucky_seven', 'LOW');
    const high = rule('king_lucky_seven', 'HIGH');
    const seven = rule('king_lucky_seven', 'SEVEN');
    expect(cardBetReturnMinor(low, 'LOW', 1_000)).toBe(2_000);
    expect(cardBetReturnMinor(low, 'HIGH', 1_000)).toBe(0);
    expect(cardBetReturnMinor(low, 'SEVEN', 1_000)).toBe(0);
    expect(cardBetOutcome(low, 'SEVEN')).toBe('LOST');
    expect(cardBetReturnMinor(high, 'HIGH', 1_001)).toBe(2_002);
    expect(cardBetReturnMinor(high, 'SEVEN', 1_000)).toBe(0);
    expect(cardBetReturnMinor(seven, 'SEVEN', 1_000)).toBe(12_000);
    expect(cardBetReturnMinor(seven, 'LOW', 1_000)).toBe(0);
    expect(cardBetOutcome(seven, 'SEVEN')).toBe('WON');
    expect([low.opposite, high.opposite, seven.opposite]).toEqual(['HIGH', 'LOW', undefined]);
    expect(cardBetRule('king_lucky_seven', 'TIE')).toBeUndefined();
    expect(CARD_GAMES.king_lucky_seven).toMatchObject({
      gameId: 301006,
      provider: 'king',
      folder: 'lucky-seven',
    });
  });

  it('pays huge stakes exactly', () => {
    const tie = rule('mac_dragon_tiger', 'TIE');
    expect(cardBetReturnMinor(tie, 'TIE', 700_000_000_000)).toBe(8_400_000_000_000);
  });
});

describe('the stated house edges are the maths', () => {
  it('Dragon Tiger: by enumeration of the 52 × 51 ordered card pairs', () => {
    const counts: Record<CardWinner, bigint> = { DRAGON: 0n, TIGER: 0n, TIE: 0n } as Record<
      CardWinner,
      bigint
    >;
    for (const d of STARTING_DECK) {
      for (const t of STARTING_DECK) {
        if (d === t) continue;
        const deck = [d, t];
        const { winner } = dealCardGame('mac_dragon_tiger', deck);
        counts[winner] += 1n;
      }
    }
    expect(counts.TIE).toBe(52n * 3n);
    for (const r of CARD_GAMES.mac_dragon_tiger.rules) {
      expect(r.houseEdgePpm, r.kind).toBe(edgePpm(r, counts, 52n * 51n));
    }
    expect(formatHouseEdge(rule('mac_dragon_tiger', 'DRAGON').houseEdgePpm)).toBe('2.94%');
  });

  it('Lucky 7: by enumeration of the 52 cards', () => {
    const counts = { LOW: 0n, SEVEN: 0n, HIGH: 0n } as Record<CardWinner, bigint>;
    for (const card of STARTING_DECK) {
      const { winner, cards } = dealCardGame('king_lucky_seven', [card]);
      expect(cards).toEqual([{ position: 0, side: 'CARD', card }]);
      counts[winner] += 1n;
    }
    expect(counts).toEqual({ LOW: 24n, SEVEN: 4n, HIGH: 24n });
    for (const r of CARD_GAMES.king_lucky_seven.rules) {
      // 24/52 × 2 and 4/52 × 12 both return 12/13 of the stake: 1/13 = 7.6923%.
      expect(r.houseEdgePpm, r.kind).toBe(edgePpm(r, counts, 52n));
      expect(formatHouseEdge(r.houseEdgePpm), r.kind).toBe('7.69%');
    }
    expect(CARD_GAMES.king_lucky_seven.winners).toEqual(Object.keys(counts));
  });

  it('Teen Patti: by enumeration of every pair of disjoint three-card hands', () => {
    // Group the 22,100 hands by value; a tie is two disjoint hands of one value. A and B are
    // symmetric, so each wins half of the rest.
    const byScore = new Map<number, number[][]>();
    const d = STARTING_DECK;
    for (let i = 0; i < 52; i += 1) {
      for (let j = i + 1; j < 52; j += 1) {
        for (let k = j + 1; k < 52; k += 1) {
          const { score } = teenPattiHand([d[i], d[j], d[k]] as string[]);
          const group = byScore.get(score) ?? [];
          group.push([i, j, k]);
          byScore.set(score, group);
        }
      }
    }
    let ties = 0n;
    for (const group of byScore.values()) {
      for (const x of group) for (const y of group) if (!x.some((c) => y.includes(c))) ties += 1n;
    }
    const total = 22_100n * 18_424n;
    expect(ties).toBe(450_528n);
    const side = (total - ties) / 2n;
    expect(side * 2n + ties).toBe(total);
    const counts = { A: side, B: side, TIE: ties };
    for (const r of CARD_GAMES.mac_teen_patti.rules) {
      expect(r.houseEdgePpm, r.kind).toBe(edgePpm(r, counts, total));
    }
  }, 60_000);

  it('Andar Bahar: exactly, from where the first of the three matching cards falls', () => {
    // After the joker 51 cards remain, 3 of its rank. The first match is the k-th card dealt
    // with C(51 - k, 2) of the C(51, 3) placements; odd k is Andar's.
    const choose2 = (n: number) => BigInt((n * (n - 1)) / 2);
    let andar = 0n;
    let bahar = 0n;
    for (let k = 1; k <= 49; k += 1) {
      if (k % 2 === 1) andar += choose2(51 - k);
      else bahar += choose2(51 - k);
    }
    const total = (51n * 50n * 49n) / 6n;
    expect(andar + bahar).toBe(total);
    for (const r of CARD_GAMES.dream_andar_bahar.rules) {
      expect(r.houseEdgePpm, r.kind).toBe(edgePpm(r, { ANDAR: andar, BAHAR: bahar }, total));
    }
  });

  it('Andar Bahar: the shuffle agrees with the exact chance over 20,000 seeded rounds', () => {
    const seed = createHash('sha256').update('andar').digest('hex');
    let andar = 0;
    const rounds = 20_000;
    for (let n = 1; n <= rounds; n += 1) {
      if (cardRoundFromSeed('dream_andar_bahar', seed, n).winner === 'ANDAR') andar += 1;
    }
    // P(Andar) = 0.51501; the standard deviation of the share is 0.0035: within 4 of them.
    expect(Math.abs(andar / rounds - 0.51501)).toBeLessThan(4 * 0.0035);
  });
});

describe('Lucky 7 from a revealed seed', () => {
  it('deals the shuffled deck’s first card, and agrees with 1/13 sevens over 13,000 rounds', () => {
    const seed = createHash('sha256').update('lucky').digest('hex');
    let sevens = 0;
    const rounds = 13_000;
    for (let n = 1; n <= rounds; n += 1) {
      const result = cardRoundFromSeed('king_lucky_seven', seed, n);
      const [first] = shuffledDeck({ seed, gameCode: 'king_lucky_seven', roundNumber: n });
      expect(result.cards).toEqual([{ position: 0, side: 'CARD', card: first }]);
      if (result.winner === 'SEVEN') sevens += 1;
    }
    // P(7) = 1/13; the standard deviation of the count is √(13,000 × 1/13 × 12/13) ≈ 30.4.
    expect(Math.abs(sevens - 1_000)).toBeLessThan(4 * 30.4);
  });

  it('gives a result message the schemas read, with no hands', () => {
    const seed = createHash('sha256').update('lucky round').digest('hex');
    const result = cardRoundFromSeed('king_lucky_seven', seed, 3);
    expect(result.hands).toBeUndefined();
    const message = {
      type: 'round',
      gameCode: 'king_lucky_seven',
      serverTime: 1,
      round: {
        phase: 'RESULT',
        gameCode: 'king_lucky_seven',
        roundId: 'king_lucky_seven-3',
        number: 3,
        seedHash: seedHashOf(seed),
        seed,
        cards: result.cards,
        winner: result.winner,
        nextRoundAt: 2,
      },
    };
    expect(cardServerMessageSchema.parse(message)).toEqual(message);
  });
});

describe('the protocol', () => {
  it('names the paths under the provider', () => {
    expect(cardGamePath('mac', 'mac_teen_patti')).toBe('/games/mac/mac_teen_patti/');
    expect(cardSocketPath('mac', 'mac_teen_patti')).toBe('/games/mac/mac_teen_patti/ws');
    expect(cardRoundsPath('dream', 'dream_andar_bahar')).toBe(
      '/games/dream/dream_andar_bahar/rounds',
    );
  });

  it('recomputes a round from its revealed seed, and its messages parse', () => {
    const seed = createHash('sha256').update('round').digest('hex');
    const result = cardRoundFromSeed('mac_teen_patti', seed, 7);
    expect(result.cards).toHaveLength(6);
    const message = {
      type: 'round',
      gameCode: 'mac_teen_patti',
      serverTime: 1,
      round: {
        phase: 'RESULT',
        gameCode: 'mac_teen_patti',
        roundId: 'mac_teen_patti-7',
        number: 7,
        seedHash: seedHashOf(seed),
        seed,
        cards: result.cards,
        winner: result.winner,
        hands: result.hands,
        nextRoundAt: 2,
      },
    };
    expect(cardServerMessageSchema.parse(message)).toEqual(message);
    expect(parseCardServerMessage(JSON.stringify({ type: 'newer' }))).toBeNull();
    expect(parseCardServerMessage('{')).toBeNull();
  });
});
