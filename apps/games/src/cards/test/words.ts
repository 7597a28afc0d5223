/** The card tables' catalogues, set for a test without fetching them. */
import type { CardGameCode } from '@backlay/contract/card-games';
import andarBaharEn from '../../andar-bahar/words/en.json';
import andarBaharHi from '../../andar-bahar/words/hi.json';
import dragonTigerEn from '../../dragon-tiger/words/en.json';
import dragonTigerHi from '../../dragon-tiger/words/hi.json';
import luckySevenEn from '../../lucky-seven/words/en.json';
import luckySevenHi from '../../lucky-seven/words/hi.json';
import type { Language } from '../../shared/launch';
import teenPattiEn from '../../teen-patti/words/en.json';
import teenPattiHi from '../../teen-patti/words/hi.json';
import laterEn from '../later/en.json';
import laterHi from '../later/hi.json';
import { laterWords, words } from '../messages';
import wordsEn from '../words/en.json';
import wordsHi from '../words/hi.json';

/** Each game's own words (`<game>/words/<language>.json`), as its view adds them. */
export const GAME_WORDS: Record<CardGameCode, Record<Language, Record<string, string>>> = {
  mac_teen_patti: { en: teenPattiEn, hi: teenPattiHi },
  dream_andar_bahar: { en: andarBaharEn, hi: andarBaharHi },
  mac_dragon_tiger: { en: dragonTigerEn, hi: dragonTigerHi },
  king_lucky_seven: { en: luckySevenEn, hi: luckySevenHi },
};

/** The shared words with every game's own (a test draws any game with them). */
export function setCardWords(language: Language, later = true): void {
  const own = Object.values(GAME_WORDS).map((game) => game[language]);
  words.set(language, Object.assign({}, language === 'hi' ? wordsHi : wordsEn, ...own));
  if (later) laterWords.set(language, language === 'hi' ? laterHi : laterEn);
}
