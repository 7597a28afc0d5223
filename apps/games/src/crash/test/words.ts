/** The crash game's catalogues, set for a test without fetching them. */
import type { Language } from '../../shared/launch';
import laterEn from '../later/en.json';
import laterHi from '../later/hi.json';
import { laterWords, words } from '../messages';
import wordsEn from '../words/en.json';
import wordsHi from '../words/hi.json';

export function setCrashWords(language: Language): void {
  words.set(language, language === 'hi' ? wordsHi : wordsEn);
  laterWords.set(language, language === 'hi' ? laterHi : laterEn);
}
