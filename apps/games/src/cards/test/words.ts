/** The card tables' catalogues, set for a test without fetching them. */
import type { Language } from '../../shared/launch';
import laterEn from '../later/en.json';
import laterHi from '../later/hi.json';
import { laterWords, words } from '../messages';
import wordsEn from '../words/en.json';
import wordsHi from '../words/hi.json';

export function setCardWords(language: Language, later = true): void {
  words.set(language, language === 'hi' ? wordsHi : wordsEn);
  if (later) laterWords.set(language, language === 'hi' ? laterHi : laterEn);
}
