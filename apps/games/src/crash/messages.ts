/**
 * The crash game's words (see `shared/i18n.ts`), in two catalogues per language:
 * - `words/<language>.json`: what the game draws, fetched before it is drawn;
 * - `later/<language>.json`: what it needs only later (the rules, the refusals in Hindi),
 *   fetched once the game is on the screen, so the first load stays small.
 * A refusal comes with the contract's English sentence (`CRASH_REFUSALS`), which an English
 * page shows as it is; the Hindi has each one as `refusal.<code>` (a test checks every code).
 */
import type { CrashRefusalCode } from '@backlay/contract/house-games';
import { Words } from '../shared/i18n';
import type english from './words/en.json';
import type hindiLater from './later/hi.json';

export type CrashWordKey = keyof typeof english;
export type LaterWordKey = keyof typeof hindiLater;
type RefusalKey = `refusal.${CrashRefusalCode}`;

export const words = new Words<CrashWordKey>({
  en: new URL('./words/en.json', import.meta.url).href,
  hi: new URL('./words/hi.json', import.meta.url).href,
});

export const laterWords = new Words<LaterWordKey | RefusalKey>({
  en: new URL('./later/en.json', import.meta.url).href,
  hi: new URL('./later/hi.json', import.meta.url).href,
});

/** A sentence of the crash game, in the page's language. */
export const t = words.t;

export function getLanguage() {
  return words.language;
}

/**
 * A refusal's sentence in the page's language: the server's own English, or its Hindi by code
 * once the later words are in (until then, and for a code newer than this page, the English).
 */
export function refusalText(code: CrashRefusalCode, english: string): string {
  const key: RefusalKey = `refusal.${code}`;
  if (words.language === 'en' || !laterWords.loaded) return english;
  const translated = laterWords.t(key);
  return translated === key ? english : translated;
}
