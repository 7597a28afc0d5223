/**
 * The crash game's words (`words/en.json`, `words/hi.json`; see `shared/i18n.ts`). The
 * refusals are `refusal.<code>`; their English is the contract's `CRASH_REFUSALS`, word for word
 * (a test checks it).
 */
import type { CrashRefusalCode } from '@backlay/contract/house-games';
import { Words } from '../shared/i18n';
import type english from './words/en.json';

export type CrashWordKey = keyof typeof english;

export const words = new Words<CrashWordKey>({
  en: new URL('./words/en.json', import.meta.url).href,
  hi: new URL('./words/hi.json', import.meta.url).href,
});

/** A sentence of the crash game, in the page's language. */
export const t = words.t;

export function getLanguage() {
  return words.language;
}

/** A refusal's sentence in the page's language. */
export function refusalText(code: CrashRefusalCode): string {
  return words.t(`refusal.${code}`);
}
