/** The card verify pages' words (`words/en.json`, `words/hi.json`; see `shared/i18n.ts`). */
import { Words } from '../../shared/i18n';
import type english from './words/en.json';

export type VerifyWordKey = keyof typeof english;

export const verifyWords = new Words<VerifyWordKey>({
  en: new URL('./words/en.json', import.meta.url).href,
  hi: new URL('./words/hi.json', import.meta.url).href,
});

/** A sentence of the verify page, in its language. */
export const tv = verifyWords.t;
