import { describe, expect, it } from 'vitest';
import { seedHashOf } from '@backlay/contract/card-fairness';
import { CARD_GAME_CODES, cardRoundFromSeed } from '@backlay/contract/card-games';
import { verifyCardRound } from './verify-round';

const seedOf = (n: number) => n.toString(16).padStart(2, '0').repeat(32);

describe('verifying a card round in the browser', () => {
  it('deals what the studio’s server deals from the same seed, for every game', () => {
    for (const gameCode of CARD_GAME_CODES) {
      for (let n = 1; n <= 40; n++) {
        const seed = seedOf(n);
        const outcome = verifyCardRound({
          gameCode,
          seed,
          roundNumber: String(n * 7),
          seedHash: seedHashOf(seed),
        });
        if (!outcome.ok) throw new Error(`${gameCode} ${n} not verified`);
        const server = cardRoundFromSeed(gameCode, seed, n * 7);
        expect({ gameCode, n, round: outcome.round }).toEqual({ gameCode, n, round: server });
        expect(outcome.hashMatches).toBe(true);
        expect(new Set(outcome.deck).size).toBe(52);
        expect(outcome.deck.slice(0, server.cards.length)).toEqual(
          server.cards.map((dealt) => dealt.card),
        );
      }
    }
  });

  it('says when the seed is not the one the published hash stood for', () => {
    const outcome = verifyCardRound({
      gameCode: 'mac_dragon_tiger',
      seed: seedOf(1),
      roundNumber: '3',
      seedHash: seedHashOf(seedOf(2)),
    });
    expect(outcome).toMatchObject({
      ok: true,
      hashMatches: false,
      computedHash: seedHashOf(seedOf(1)),
    });
    const unchecked = verifyCardRound({
      gameCode: 'mac_dragon_tiger',
      seed: ` ${seedOf(1).toUpperCase()} `,
      roundNumber: '3',
      seedHash: '',
    });
    expect(unchecked).toMatchObject({ ok: true, hashMatches: null });
  });

  it('a different round number shuffles a different deck from the same seed', () => {
    const input = { gameCode: 'mac_teen_patti' as const, seed: seedOf(9), seedHash: '' };
    const one = verifyCardRound({ ...input, roundNumber: '1' });
    const two = verifyCardRound({ ...input, roundNumber: '2' });
    if (!one.ok || !two.ok) throw new Error('not verified');
    expect(one.deck).not.toEqual(two.deck);
  });

  it('says which field is wrong instead of computing', () => {
    const good = {
      gameCode: 'mac_teen_patti' as const,
      seed: seedOf(1),
      roundNumber: '1',
      seedHash: '',
    };
    expect(verifyCardRound({ ...good, seed: 'abc' })).toEqual({ ok: false, field: 'seed' });
    expect(verifyCardRound({ ...good, seedHash: 'xyz' })).toEqual({ ok: false, field: 'seedHash' });
    for (const roundNumber of ['0', '-1', '1.5', 'one', '', '1e3']) {
      expect(verifyCardRound({ ...good, roundNumber })).toEqual({
        ok: false,
        field: 'roundNumber',
      });
    }
  });
});
