import { describe, expect, it } from 'vitest';
import {
  CARD_PATTERN as CONTRACT_CARD_PATTERN,
  CARD_SEED_PATTERN,
  CARD_SIDES,
  cardRank,
  cardSuit,
  STARTING_DECK,
  TEEN_PATTI_HANDS,
} from '@backlay/contract/card-fairness';
import {
  ANDAR_BAHAR_GAME_CODE,
  CARD_BET_KINDS,
  CARD_BET_STATES,
  CARD_GAME_CODES,
  CARD_GAMES,
  CARD_HISTORY_LENGTH,
  CARD_PAUSE_REASONS,
  CARD_PROTOCOL_VERSION,
  CARD_REFUSAL_CODES,
  CARD_REFUSALS,
  CARD_VERIFY_PARAMS,
  CARD_WINNERS,
  DRAGON_TIGER_GAME_CODE,
  TEEN_PATTI_GAME_CODE,
} from '@backlay/contract/card-games';
import {
  ANDAR_BAHAR,
  BET_KIND_LIST,
  BET_STATE_LIST,
  CARD_PATTERN,
  DRAGON_TIGER,
  GAME_CODE_LIST,
  HAND_LIST,
  HISTORY_LENGTH,
  NO_SESSION,
  PAUSE_REASON_LIST,
  PROTOCOL_VERSION,
  rankOf,
  SEED_PATTERN,
  SIDE_LIST,
  suitOf,
  TEEN_PATTI,
  VERIFY_PARAMS,
  WINNER_LIST,
} from './contract-values';
import laterEn from './later/en.json';
import laterHi from './later/hi.json';
import verifyEn from './verify/words/en.json';
import verifyHi from './verify/words/hi.json';
import wordsEn from './words/en.json';
import wordsHi from './words/hi.json';
import { ANDAR_BAHAR_VIEW } from '../andar-bahar/andar-bahar-view';
import { DRAGON_TIGER_VIEW } from '../dragon-tiger/dragon-tiger-view';
import { LUCKY_SEVEN_VIEW } from '../lucky-seven/lucky-seven-view';
import { TEEN_PATTI_VIEW } from '../teen-patti/teen-patti-view';
import { GAME_WORDS } from './test/words';
import { expectTranslated } from '../shared/test/catalogues';

const VIEWS = [TEEN_PATTI_VIEW, ANDAR_BAHAR_VIEW, DRAGON_TIGER_VIEW, LUCKY_SEVEN_VIEW];

describe('the card tables’ words', () => {
  it('have every sentence of the tables, their rules and the verify page in Hindi', () => {
    expectTranslated(wordsEn, wordsHi);
    for (const game of Object.values(GAME_WORDS)) expectTranslated(game.en, game.hi);
    expectTranslated(laterEn, laterHi);
    expectTranslated(verifyEn, verifyHi);
  });

  it('say every refusal of the contract, the English word for word', () => {
    for (const code of CARD_REFUSAL_CODES) {
      expect(laterEn[`refusal.${code}` as keyof typeof laterEn]).toBe(CARD_REFUSALS[code]);
    }
    const refusals = Object.keys(laterEn).filter((key) => key.startsWith('refusal.'));
    expect(refusals.sort()).toEqual(CARD_REFUSAL_CODES.map((code) => `refusal.${code}`).sort());
  });

  it('give each game its own name, bets and winners, and no game another’s', () => {
    for (const view of VIEWS) {
      const game = CARD_GAMES[view.code];
      const kinds = new Set([
        ...game.rules.flatMap((rule) => [rule.kind, ...rule.otherwise.map((f) => f.on)]),
        ...game.winners,
      ]);
      const own = GAME_WORDS[view.code].en;
      expect(Object.keys(own).sort()).toEqual(
        [
          `name.${view.code}`,
          ...[...kinds].map((kind) => `kind.${kind}`),
          ...game.winners.map((winner) => `short.${winner}`),
        ].sort(),
      );
    }
    // Every bet kind and winner of the contract is some game's.
    const all = Object.assign({}, ...Object.values(GAME_WORDS).map((game) => game.en));
    for (const kind of CARD_BET_KINDS) expect(all).toHaveProperty(`kind.${kind}`);
    for (const winner of CARD_WINNERS) expect(all).toHaveProperty(`short.${winner}`);
    expect(Object.keys(wordsEn).filter((key) => /^(name|kind|short)\./.test(key))).toEqual([]);
    for (const hand of TEEN_PATTI_HANDS) expect(laterEn).toHaveProperty(`hand.${hand}`);
  });

  it('name each game as the catalogue does', () => {
    expect(GAME_WORDS.mac_teen_patti.en['name.mac_teen_patti']).toBe('Teen Patti Royale');
    expect(GAME_WORDS.dream_andar_bahar.en['name.dream_andar_bahar']).toBe('Andar Bahar Express');
    expect(GAME_WORDS.mac_dragon_tiger.en['name.mac_dragon_tiger']).toBe('Dragon and Tiger');
    expect(GAME_WORDS.king_lucky_seven.en['name.king_lucky_seven']).toBe('Lucky Seven');
  });

  it('have each game’s rules, as many as its view shows', () => {
    for (const view of VIEWS) {
      const rules = Object.keys(laterEn).filter((key) => key.startsWith(`rule.${view.code}.`));
      expect(rules).toHaveLength(view.ruleCount);
      expect([...view.spotOrder].sort()).toEqual(
        CARD_GAMES[view.code].rules.map((rule) => rule.kind).sort(),
      );
    }
  });
});

describe('the contract’s constants as the card pages restate them', () => {
  it('are the contract’s, value for value', () => {
    expect(PROTOCOL_VERSION).toBe(CARD_PROTOCOL_VERSION);
    expect(HISTORY_LENGTH).toBe(CARD_HISTORY_LENGTH);
    expect(VERIFY_PARAMS).toEqual(CARD_VERIFY_PARAMS);
    expect([TEEN_PATTI, ANDAR_BAHAR, DRAGON_TIGER]).toEqual([
      TEEN_PATTI_GAME_CODE,
      ANDAR_BAHAR_GAME_CODE,
      DRAGON_TIGER_GAME_CODE,
    ]);
    expect(GAME_CODE_LIST).toEqual([...CARD_GAME_CODES]);
    expect(BET_KIND_LIST).toEqual([...CARD_BET_KINDS]);
    expect(WINNER_LIST).toEqual([...CARD_WINNERS]);
    expect(BET_STATE_LIST).toEqual([...CARD_BET_STATES]);
    expect(PAUSE_REASON_LIST).toEqual([...CARD_PAUSE_REASONS]);
    expect(SIDE_LIST).toEqual([...CARD_SIDES]);
    expect(HAND_LIST).toEqual([...TEEN_PATTI_HANDS]);
    expect(NO_SESSION).toBe(CARD_REFUSALS.INVALID_TOKEN);
    expect(CARD_PATTERN.source).toBe(CONTRACT_CARD_PATTERN.source);
    expect(SEED_PATTERN.source).toBe(CARD_SEED_PATTERN.source);
  });

  it('read every card’s rank and suit as the contract does', () => {
    for (const card of STARTING_DECK) {
      expect([rankOf(card), suitOf(card)]).toEqual([cardRank(card), cardSuit(card)]);
    }
  });
});
