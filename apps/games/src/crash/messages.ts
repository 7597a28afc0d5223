/**
 * The crash game's words, in the language the launch URL names. Each language is a JSON
 * catalogue (`words/en.json`, `words/hi.json`, as the player client keeps its Hindi), fetched
 * once before the game is drawn: a player downloads only the words of their language, and the
 * game's script carries none. English is the base; a test checks that Hindi has every sentence
 * with the same placeholders, and that the refusals' English is the contract's, word for word.
 */
import type { CrashRefusalCode } from '@backlay/contract/house-games';
import { fill, type Params } from '../shared/i18n';
import type { Language } from '../shared/launch';
import { object, readOrNull, str, type Reader } from '../shared/wire';
import type english from './words/en.json';
import { REFUSAL_CODE_LIST } from './contract-values';

export type CrashWordKey = keyof (typeof english)['words'];

export interface Catalogue {
  words: Record<CrashWordKey, string>;
  refusals: Record<CrashRefusalCode, string>;
}

/** Where each language's catalogue is, beside the game's script (hashed by the build). */
const CATALOGUE_URLS: Record<Language, string> = {
  en: new URL('./words/en.json', import.meta.url).href,
  hi: new URL('./words/hi.json', import.meta.url).href,
};

/** How often, and how far apart, a catalogue that did not arrive is asked for again. */
export const WORDS_ATTEMPTS = 4;
export const WORDS_RETRY_MS = 1_000;

function sentences<K extends string>(keys: readonly K[]): Reader<Record<K, string>> {
  return object(Object.fromEntries(keys.map((key) => [key, str]))) as Reader<Record<K, string>>;
}

let language: Language = 'en';
let catalogue: Catalogue | null = null;

/** Takes a catalogue (the fetched one, or a test's). */
export function setWords(next: Language, words: Catalogue): void {
  language = next;
  catalogue = words;
}

/**
 * Fetches the page's language (once, from the launch URL), asking again a few times if the
 * network fails; an answer that is not a catalogue of sentences is refused, never half used.
 */
export async function loadWords(
  next: Language,
  fetchJson: (url: string) => Promise<unknown> = async (url) => (await fetch(url)).json(),
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const value = (await fetchJson(CATALOGUE_URLS[next])) as Partial<Catalogue>;
      const keys = Object.keys(value.words ?? {}) as CrashWordKey[];
      const read = readOrNull(
        object({ words: sentences(keys), refusals: sentences(REFUSAL_CODE_LIST) }),
        value,
      );
      if (!read) throw new Error(`The ${next} words are not a catalogue`);
      setWords(next, read);
      return;
    } catch (error) {
      if (attempt >= WORDS_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, WORDS_RETRY_MS * attempt));
    }
  }
}

export function getLanguage(): Language {
  return language;
}

function loaded(): Catalogue {
  if (!catalogue) throw new Error('The game’s words are drawn before they were loaded.');
  return catalogue;
}

/** A sentence of the crash game, in the page's language. */
export function t(key: CrashWordKey, params?: Params): string {
  return fill(loaded().words[key], params);
}

/** A refusal's sentence in the page's language. */
export function refusalText(code: CrashRefusalCode): string {
  return loaded().refusals[code];
}
